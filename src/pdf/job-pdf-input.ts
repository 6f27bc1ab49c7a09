/** What the PDF export draws, taken from the stored job, its transcript and its summaries. */
import type { Selectable } from 'kysely';
import type { SummaryEntry, SummaryMode } from '../domain/summary';
import type { JobRow, JobTranscriptsTable } from '../storage/schema';
import type { JobPdfInput } from './job-pdf';

/** Only the modes the job asked for, as the result record shows them. */
export function jobPdfInput(
  job: JobRow,
  transcript: Selectable<JobTranscriptsTable> | undefined,
  summaries: Map<SummaryMode, SummaryEntry>,
  resultUrl?: string,
  infographicPng?: Buffer | null,
): JobPdfInput {
  const video = job.video_info;
  const t = transcript?.transcript;
  return {
    jobId: job.id,
    video: {
      videoId: job.video_id,
      url: job.video_url,
      title: video?.title ?? null,
      channel: video?.channel ?? null,
      durationSeconds: video?.durationSeconds ?? null,
      publishedAt: video?.publishedAt ?? null,
      language: t?.language ?? video?.language ?? null,
      chapters: video?.chapters ?? [],
    },
    transcript: t
      ? {
          language: t.language,
          source: t.source,
          translated: Boolean(t.translated),
          segments: t.segments,
          truncated: transcript!.truncated,
          wordCount: transcript!.word_count,
        }
      : null,
    summaries: job.request.summaryModes.filter((mode) => summaries.has(mode)).map((mode) => summaries.get(mode)!),
    processingTime: job.processing_time,
    completedAt: job.completed_at,
    warnings: job.warnings ?? [],
    resultUrl,
    infographicPng: infographicPng ?? null,
  };
}
