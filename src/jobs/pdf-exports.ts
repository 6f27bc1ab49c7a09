/**
 * A completed job's PDF export, rendered once and kept: the first download lays it out on the
 * export thread (src/pdf/pdf-renderer.ts) and stores it as a job artifact; later downloads, from
 * any API process, read the stored file. An ended job never changes (a re-run with force_refresh
 * is a new job, with an export of its own), so the kept file never goes stale.
 *
 * Renders are the expensive part, so they are what is limited: a user has at most
 * EXPORT_RENDERS_PER_USER renders in flight in a process (more get 429 RATE_LIMITED), and
 * simultaneous downloads of one job share a single render.
 */
import { createHash } from 'node:crypto';
import { artifactKeys, INFOGRAPHIC_PNG, type ArtifactStore } from '../artifacts/artifact-store';
import { AppError } from '../domain/errors';
import type { PdfRenderer } from '../pdf/pdf-renderer';
import type { Db } from '../storage/database';
import { findArtifact, recordArtifact } from '../storage/repositories/job-artifacts';
import { loadJobTranscriptText, loadSummaries } from '../storage/repositories/jobs';
import type { JobRow } from '../storage/schema';
import { urlsFor } from './api-views';

/** The artifact name of a job's kept export. */
export const PDF_EXPORT = 'export.pdf';

/** How long a refused export should wait: long enough for a render of an ordinary job to end. */
const RETRY_AFTER_SECONDS = 5;

export interface PdfExports {
  /** The job's PDF (the job must be completed). Throws RATE_LIMITED when `userId` has too many renders running. */
  pdfFor(job: JobRow, userId: string): Promise<Buffer>;
}

export interface PdfExportDeps {
  db: Db;
  artifacts: ArtifactStore;
  renderer: PdfRenderer;
  publicBaseUrl: string;
  rendersPerUser: number;
}

export function createPdfExports(deps: PdfExportDeps): PdfExports {
  const rendering = new Map<string, Promise<Buffer>>();
  const rendersByUser = new Map<string, number>();

  async function renderAndKeep(job: JobRow, storageKey: string): Promise<Buffer> {
    const [transcript, summaries, infographic] = await Promise.all([
      loadJobTranscriptText(deps.db, job.id),
      loadSummaries(deps.db, job.id),
      findArtifact(deps.db, job.id, INFOGRAPHIC_PNG),
    ]);
    const infographicPng = infographic ? await deps.artifacts.get(infographic.storageKey) : null;
    const pdf = await deps.renderer.render({
      job,
      transcript,
      summaries: [...summaries.values()],
      resultUrl: urlsFor(deps.publicBaseUrl, job.id).result_url,
      infographicPng,
    });
    await deps.artifacts.put(storageKey, pdf, 'application/pdf');
    await recordArtifact(deps.db, {
      jobId: job.id,
      name: PDF_EXPORT,
      storageKey,
      contentType: 'application/pdf',
      byteSize: pdf.byteLength,
      sha256: createHash('sha256').update(pdf).digest('hex'),
    });
    return pdf;
  }

  return {
    async pdfFor(job, userId) {
      const storageKey = artifactKeys.jobFile(job.id, PDF_EXPORT);
      const kept = await findArtifact(deps.db, job.id, PDF_EXPORT);
      if (kept) {
        const bytes = await deps.artifacts.get(kept.storageKey);
        if (bytes) return bytes;
      }
      const running = rendering.get(storageKey);
      if (running) return running;

      const active = rendersByUser.get(userId) ?? 0;
      if (active >= deps.rendersPerUser) {
        throw new AppError(
          'RATE_LIMITED',
          `At most ${deps.rendersPerUser} PDF exports are prepared at once per user; try this one again in a few seconds`,
          { limit: deps.rendersPerUser, retry_after: RETRY_AFTER_SECONDS },
          { 'Retry-After': String(RETRY_AFTER_SECONDS) },
        );
      }
      rendersByUser.set(userId, active + 1);
      const render = renderAndKeep(job, storageKey).finally(() => {
        rendering.delete(storageKey);
        const left = (rendersByUser.get(userId) ?? 1) - 1;
        if (left > 0) rendersByUser.set(userId, left);
        else rendersByUser.delete(userId);
      });
      rendering.set(storageKey, render);
      return render;
    },
  };
}
