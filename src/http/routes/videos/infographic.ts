/** GET /api/v1/videos/infographic/{job_id}: the job's infographic, PNG or (?format=svg) SVG. */
import { z } from 'zod';
import { INFOGRAPHIC_PNG, INFOGRAPHIC_SVG, type ArtifactStore } from '../../../artifacts/artifact-store';
import { notFound } from '../../../domain/errors';
import type { JobServices } from '../../../jobs/services';
import { findArtifact } from '../../../storage/repositories/job-artifacts';
import { defineRoute, keyWith } from '../../route';
import { refusal } from '../../standard-responses';
import { ownJob } from '../resources';
import { NOT_COMPLETED, assertCompleted } from './result';

const FILES = { png: INFOGRAPHIC_PNG, svg: INFOGRAPHIC_SVG } as const;

export const jobInfographicRoute = (services: JobServices & { artifacts: ArtifactStore }) =>
  defineRoute({
    method: 'get',
    path: '/api/v1/videos/infographic/:job_id',
    summary: "A completed job's infographic",
    description:
      'The one-page picture of the video drawn when the job was submitted with `options.generate_infographic: true`: ' +
      '`image/png` (1080 px wide), or the `image/svg+xml` it was rendered from with `?format=svg`. The file never ' +
      'changes once drawn: `ETag` is its SHA-256 and `If-None-Match` answers 304.',
    auth: keyWith('read'),
    request: { query: z.object({ format: z.enum(['png', 'svg']).default('png') }) },
    resource: ownJob(services),
    responses: {
      200: { description: 'The image, with ETag and Cache-Control', contentType: 'image/png' },
      304: { description: 'Not modified (If-None-Match matched the ETag)' },
      404: refusal("NOT_FOUND: unknown id, another user's job, or a job without an infographic"),
      409: NOT_COMPLETED,
      422: refusal('VALIDATION_ERROR (format)'),
    },
    async handler({ resource: job, query, ctx }) {
      assertCompleted(job);
      const artifact = await findArtifact(services.db, job.id, FILES[query.format]);
      if (!artifact) throw notFound('Infographic');
      const headers = {
        ETag: `"${artifact.sha256}"`,
        // Keyed by the caller's key, so private; drawn once per job, so it never changes.
        'Cache-Control': 'private, max-age=31536000, immutable',
        'X-Content-Type-Options': 'nosniff',
      };
      if (ifNoneMatch(ctx.get('If-None-Match'), artifact.sha256)) return { status: 304, body: Buffer.alloc(0), headers };
      const bytes = await services.artifacts.get(artifact.storageKey);
      if (!bytes) {
        services.logger.error({ jobId: job.id, key: artifact.storageKey, store: services.artifacts.location }, 'artifact missing from the store');
        throw notFound('Infographic');
      }
      return {
        body: bytes,
        contentType: artifact.contentType,
        // An SVG opened straight from the API must not run anything (it has no scripts; this makes sure).
        headers: query.format === 'svg' ? { ...headers, 'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'" } : headers,
      };
    },
  });

/** RFC 9110 If-None-Match: `*`, or a list of (weak or strong) entity tags. */
function ifNoneMatch(header: string, sha256: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === `"${sha256}"`);
}
