/**
 * Drawing a job's infographic: built from what the job stored (video, transcript, summaries),
 * rendered on a thread (src/infographic), and kept as PNG and SVG in the artifact store. The
 * bytes are written before the rows that point at them, so a crash in between leaves at worst an
 * unreferenced file that the retry overwrites.
 */
import { createHash } from 'node:crypto';
import { ApplicationFailure } from '@temporalio/activity';
import type { ArtifactStore } from '../src/artifacts/artifact-store';
import { artifactKeys } from '../src/artifacts/artifact-store';
import { infographicDataFrom } from '../src/infographic/infographic-data';
import type { InfographicRenderer } from '../src/infographic/infographic-pool';
import { INFOGRAPHIC_PNG, INFOGRAPHIC_SVG } from '../src/jobs/job-records';
import type { Db } from '../src/storage/database';
import * as jobArtifacts from '../src/storage/repositories/job-artifacts';
import * as jobs from '../src/storage/repositories/jobs';

export interface InfographicActivityDeps {
  db: Db;
  artifacts: ArtifactStore;
  infographics: InfographicRenderer;
}

export function createInfographicActivities(deps: InfographicActivityDeps) {
  const { db } = deps;

  async function keep(jobId: string, name: string, body: Uint8Array, contentType: string): Promise<void> {
    const storageKey = artifactKeys.jobFile(jobId, name);
    await deps.artifacts.put(storageKey, body, contentType);
    const sha256 = createHash('sha256').update(body).digest('hex');
    await jobArtifacts.recordArtifact(db, { jobId, name, storageKey, contentType, byteSize: body.byteLength, sha256 });
  }

  return {
    async renderInfographic(input: { jobId: string; progress: number }): Promise<{ pngBytes: number; svgBytes: number }> {
      await jobs.recordStep(db, input.jobId, 'generating_infographic', input.progress);
      const [job, transcript, summaries] = await Promise.all([
        jobs.findJob(db, input.jobId),
        jobs.loadJobTranscript(db, input.jobId),
        jobs.loadSummaries(db, input.jobId),
      ]);
      if (!job || !transcript) throw ApplicationFailure.nonRetryable('the job or its transcript is missing', 'INTERNAL_ERROR');
      const video = job.video_info;
      const data = infographicDataFrom({
        video: {
          title: video?.title ?? job.video_id,
          channel: video?.channel ?? '',
          durationSeconds: video?.durationSeconds ?? null,
          publishedAt: video?.publishedAt ?? null,
          chapters: video?.chapters ?? [],
        },
        transcript: { source: transcript.transcript.source, wordCount: transcript.word_count, segments: transcript.transcript.segments },
        summaries: Object.fromEntries(summaries),
      });
      const { png, svg } = await deps.infographics.render(data);
      const svgBytes = Buffer.from(svg, 'utf8');
      await keep(input.jobId, INFOGRAPHIC_SVG, svgBytes, 'image/svg+xml');
      // The PNG last: the result shows infographic_url once the PNG's row exists.
      await keep(input.jobId, INFOGRAPHIC_PNG, png, 'image/png');
      return { pngBytes: png.byteLength, svgBytes: svgBytes.byteLength };
    },
  };
}
