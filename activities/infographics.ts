/**
 * Drawing a job's infographic: built from what the job stored (video, transcript, summaries),
 * rendered on a thread (src/infographic), and kept as PNG and SVG in the artifact store. The
 * bytes are written before the rows that point at them, so a crash in between leaves at worst an
 * unreferenced file that the retry overwrites.
 *
 * The picture draws its insights, timeline and key terms from key_insights, timestamped and
 * study_notes. A job that did not ask for those modes (the default asks for tldr alone) still gets
 * a whole picture: the built-in engine writes the missing ones for it on a summary thread. They
 * are the picture's only; the job's result keeps exactly the modes it asked for.
 */
import { createHash } from 'node:crypto';
import { ApplicationFailure } from '@temporalio/activity';
import type { ArtifactStore } from '../src/artifacts/artifact-store';
import { artifactKeys, INFOGRAPHIC_PNG, INFOGRAPHIC_SVG } from '../src/artifacts/artifact-store';
import { infographicDataFrom } from '../src/infographic/infographic-data';
import type { InfographicRenderer } from '../src/infographic/infographic-pool';
import type { SummaryRequest } from '../src/domain/job';
import type { SummaryEntry, SummaryMode } from '../src/domain/summary';
import type { Db } from '../src/storage/database';
import * as jobArtifacts from '../src/storage/repositories/job-artifacts';
import * as jobs from '../src/storage/repositories/jobs';
import { createJobSummarizer, type JobSummarizerDeps } from './summarize-job';

/** The modes the picture draws from beyond the tldr. */
const PICTURE_MODES: readonly SummaryMode[] = ['key_insights', 'timestamped', 'study_notes'];

export interface InfographicActivityDeps extends JobSummarizerDeps {
  db: Db;
  artifacts: ArtifactStore;
  infographics: InfographicRenderer;
}

/** What was drawn: the sizes of the files, and how much of each part the picture holds. */
export interface InfographicDrawn {
  pngBytes: number;
  svgBytes: number;
  insights: number;
  timelineSections: number;
  keyTerms: number;
}

export function createInfographicActivities(deps: InfographicActivityDeps) {
  const { db } = deps;
  const summarizeJob = createJobSummarizer(deps);

  /** The job's summaries, with the picture's modes it lacks written by the built-in engine. */
  async function summariesForPicture(jobId: string, request: Partial<SummaryRequest> | undefined): Promise<Partial<Record<SummaryMode, SummaryEntry>>> {
    const stored: Partial<Record<SummaryMode, SummaryEntry>> = Object.fromEntries(await jobs.loadSummaries(db, jobId));
    const missing = PICTURE_MODES.filter((mode) => !stored[mode]);
    if (missing.length === 0) return stored;
    const { entries } = await summarizeJob(jobId, missing, request, { provider: 'extractive' });
    return { ...Object.fromEntries(entries.map((entry) => [entry.mode, entry])), ...stored };
  }

  async function keep(jobId: string, name: string, body: Uint8Array, contentType: string): Promise<void> {
    const storageKey = artifactKeys.jobFile(jobId, name);
    await deps.artifacts.put(storageKey, body, contentType);
    const sha256 = createHash('sha256').update(body).digest('hex');
    await jobArtifacts.recordArtifact(db, { jobId, name, storageKey, contentType, byteSize: body.byteLength, sha256 });
  }

  return {
    /** `request`: for the summaries the picture needs; absent in work scheduled before the workflow handed it on. */
    async renderInfographic(input: { jobId: string; request?: Partial<SummaryRequest>; progress: number }): Promise<InfographicDrawn> {
      await jobs.recordStep(db, input.jobId, 'generating_infographic', input.progress);
      const [job, transcript, summaries] = await Promise.all([
        jobs.findJob(db, input.jobId),
        jobs.loadJobTranscript(db, input.jobId),
        summariesForPicture(input.jobId, input.request),
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
        summaries,
      });
      const { png, svg } = await deps.infographics.render(data);
      const svgBytes = Buffer.from(svg, 'utf8');
      await keep(input.jobId, INFOGRAPHIC_SVG, svgBytes, 'image/svg+xml');
      // The PNG last: the result shows infographic_url once the PNG's row exists.
      await keep(input.jobId, INFOGRAPHIC_PNG, png, 'image/png');
      return {
        pngBytes: png.byteLength,
        svgBytes: svgBytes.byteLength,
        insights: data.insights.length,
        timelineSections: data.timeline?.sections.length ?? 0,
        keyTerms: data.keyTerms.length,
      };
    },
  };
}
