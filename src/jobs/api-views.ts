/** The job records clients see (docs/api-behaviour.md#status-record, docs/api-behaviour.md#result-record), built from the row and live progress. */
import { INFOGRAPHIC_PNG } from '../artifacts/artifact-store';
import { isTerminal, type JobProgress } from '../domain/job';
import { formatTimestamp } from '../domain/summary';
import { transcriptText } from '../domain/transcript';
import type { JobRow } from '../storage/schema';
import type { JobResultParts } from '../storage/repositories/job-results';
import type { WebhookState } from '../webhooks/api-views';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

function attribution(job: JobRow) {
  return {
    ...(job.service_name !== null ? { service_name: job.service_name } : {}),
    ...(job.agent_name !== null ? { agent_name: job.agent_name } : {}),
    ...(job.client_reference !== null ? { client_reference: job.client_reference } : {}),
  };
}

export function urlsFor(baseUrl: string, jobId: string) {
  return {
    status_url: `${baseUrl}/api/v1/videos/status/${jobId}`,
    result_url: `${baseUrl}/api/v1/videos/result/${jobId}`,
  };
}

export function submissionRecord(job: JobRow, baseUrl: string) {
  return {
    job_id: job.id,
    status: job.status,
    ...urlsFor(baseUrl, job.id),
    created_at: iso(job.created_at),
    ...attribution(job),
    warnings: job.warnings,
  };
}

/**
 * Live progress may be ahead of the row; the row wins once it is terminal. `webhook` (see
 * src/webhooks/api-views.ts: null without a webhook_url) is included when the caller looked it up.
 */
export function statusRecord(job: JobRow, live: JobProgress | null = null, now = Date.now(), webhook?: WebhookState) {
  const useLive = live !== null && !isTerminal(job.status) && live.progress >= job.progress_percentage && !isTerminal(live.status);
  const status = useLive ? live.status : job.status;
  const progress = useLive ? live.progress : job.progress_percentage;
  const step = useLive ? live.step : job.current_step;
  return {
    job_id: job.id,
    status,
    progress_percentage: status === 'completed' ? 100 : Math.min(progress, 99),
    current_step: step,
    estimated_time_remaining: estimateRemaining(status, progress, job.started_at, now),
    video_id: job.video_id,
    video_url: job.video_url,
    created_at: iso(job.created_at),
    started_at: iso(job.started_at),
    updated_at: iso(job.updated_at),
    completed_at: iso(job.completed_at),
    ...(job.status === 'failed' ? { error: { code: job.error_code, message: job.error_message } } : {}),
    ...(job.batch_id ? { batch_id: job.batch_id } : {}),
    ...attribution(job),
    ...(webhook !== undefined ? { webhook } : {}),
  };
}

/** Linear extrapolation from progress so far; null until there is something to extrapolate from. */
function estimateRemaining(status: string, progress: number, startedAt: Date | null, now: number): number | null {
  if (status === 'completed') return 0;
  if (status !== 'processing' || !startedAt || progress < 5) return null;
  const elapsed = (now - startedAt.getTime()) / 1000;
  // A job still running has some time left: at least a second, never 0, which means done.
  return Math.max(1, Math.round((elapsed * (100 - progress)) / progress));
}

export function infographicUrl(baseUrl: string, jobId: string): string {
  return `${baseUrl}/api/v1/videos/infographic/${jobId}`;
}

export function resultRecord(job: JobRow, parts: JobResultParts, baseUrl: string) {
  const { transcript, summaries } = parts;
  const video = job.video_info;
  const requestedModes = job.request.summaryModes;
  return {
    job_id: job.id,
    status: job.status,
    video_info: {
      video_id: job.video_id,
      url: job.video_url,
      title: video?.title ?? null,
      channel: video?.channel ?? null,
      channel_id: video?.channelId ?? null,
      duration_seconds: video?.durationSeconds ?? null,
      published_at: video?.publishedAt ?? null,
      thumbnail_url: video?.thumbnailUrl ?? null,
      platform: 'youtube',
      // The language the video is spoken in; a transcript YouTube translated is in another.
      language: video?.language ?? (transcript && !transcript.transcript.translated ? transcript.transcript.language : null),
      chapters: (video?.chapters ?? []).map((c) => ({ start: c.start, timestamp: formatTimestamp(c.start), title: c.title })),
    },
    transcript: transcript
      ? {
          language: transcript.transcript.language,
          source: transcript.transcript.source,
          segments: transcript.transcript.segments,
          text: transcriptText(transcript.transcript.segments),
          word_count: transcript.word_count,
          truncated: transcript.truncated,
          quality: transcript.transcript.quality ?? 'normal',
        }
      : null,
    summaries: Object.fromEntries(
      // Entries written before summaries had points have none to show.
      requestedModes.filter((mode) => summaries.has(mode)).map((mode) => [mode, { ...summaries.get(mode)!, points: summaries.get(mode)!.points ?? [] }]),
    ),
    infographic_url: parts.artifacts.has(INFOGRAPHIC_PNG) ? infographicUrl(baseUrl, job.id) : null,
    // Only when asked for; null when they could not be read (a COMMENTS_UNAVAILABLE warning says why).
    ...(job.request.includeComments ? { comments: parts.comments } : {}),
    processing_time: job.processing_time,
    completed_at: iso(job.completed_at),
    ...attribution(job),
    warnings: job.warnings,
  };
}
