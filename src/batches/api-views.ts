/** The batch records clients see (docs/api-behaviour.md#batch-records), built from the batch row and its jobs. */
import { resultRecord } from '../jobs/api-views';
import type { JobResultParts } from '../storage/repositories/job-results';
import type { BatchJobSummary } from '../storage/repositories/batches';
import { inBatchOrder } from '../storage/repositories/batches';
import type { BatchRow, JobRow } from '../storage/schema';
import { isBatchTerminal } from '../domain/batch';
import { batchUrls } from './urls';
import { sourceRecord } from '../domain/source-url';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** A completed child whose parts were not loaded (never expected): an empty result rather than a crash. */
const NO_PARTS: JobResultParts = { transcript: undefined, summaries: new Map(), comments: null, artifacts: new Set() };

export function submissionRecord(batch: BatchRow, baseUrl: string) {
  const urls = batchUrls(baseUrl, batch.id);
  return {
    batch_id: batch.id,
    status: batch.status,
    total_jobs: batch.total_jobs,
    job_ids: batch.job_ids,
    status_url: urls.status_url,
    results_url: urls.results_url,
    created_at: iso(batch.created_at),
    ...sourceFields(batch),
  };
}

/** A playlist or channel batch echoes its source, and says why it failed when it could not be read. */
function sourceFields(batch: BatchRow) {
  if (!batch.source) return {};
  return {
    source: sourceRecord(batch.source),
    ...(batch.error_code ? { error: { code: batch.error_code, message: batch.error_message ?? '' } } : {}),
  };
}

/** An ended job counts as done for the batch's progress, whichever way it ended. */
const jobProgress = (job: BatchJobSummary) =>
  job.status === 'completed' || job.status === 'failed' ? 100 : Math.min(99, job.progress_percentage);

export function countJobs(jobs: readonly Pick<BatchJobSummary, 'status'>[]) {
  const count = (status: JobRow['status']) => jobs.filter((job) => job.status === status).length;
  return { completed: count('completed'), failed: count('failed'), processing: count('processing'), queued: count('queued') };
}

/**
 * The status record: aggregate progress (the mean of the children's, an ended child counting
 * 100; 100 only once the batch has ended) and each child's state, in the order sent.
 */
export function statusRecord(batch: BatchRow, children: BatchJobSummary[], extra: Record<string, unknown> = {}) {
  const jobs = inBatchOrder(batch.job_ids, children);
  const counts = countJobs(jobs);
  const sum = jobs.reduce((total, job) => total + jobProgress(job), 0);
  const ended = isBatchTerminal(batch.status);
  const latestChange = jobs.reduce((latest, job) => Math.max(latest, job.updated_at.getTime()), batch.updated_at.getTime());
  return {
    batch_id: batch.id,
    status: batch.status,
    progress_percentage: ended ? 100 : Math.min(99, Math.floor(sum / Math.max(1, batch.total_jobs))),
    total_jobs: batch.total_jobs,
    completed_jobs: counts.completed,
    failed_jobs: counts.failed,
    processing_jobs: counts.processing,
    queued_jobs: counts.queued,
    jobs: jobs.map((job) => ({
      job_id: job.id,
      video_url: job.video_url,
      status: job.status,
      progress_percentage: job.status === 'completed' ? 100 : Math.min(99, job.progress_percentage),
      current_step: job.current_step,
      error: job.status === 'failed' ? { code: job.error_code, message: job.error_message } : null,
    })),
    created_at: iso(batch.created_at),
    updated_at: new Date(latestChange).toISOString(),
    completed_at: iso(batch.completed_at),
    ...sourceFields(batch),
    ...extra,
  };
}

const round = (value: number, places: number) => Math.round(value * 10 ** places) / 10 ** places;

/**
 * The results record: every completed child's full result record, the failed ones on request,
 * and the figures. While the batch runs it holds what has finished so far.
 */
export function resultsRecord(
  batch: BatchRow,
  children: JobRow[],
  parts: Map<string, JobResultParts>,
  options: { includeFailed: boolean; baseUrl: string; now?: number },
) {
  const jobs = inBatchOrder(batch.job_ids, children);
  const successful = jobs.filter((job) => job.status === 'completed');
  const failed = jobs.filter((job) => job.status === 'failed');
  const finished = [...successful, ...failed];
  const totalTime = finished.reduce((total, job) => total + (job.processing_time ?? 0), 0);
  // The average is what a video takes to process: a failed job's time (often a quick refusal, such
  // as an unavailable video) says nothing about it, so only completed jobs count.
  const completedTime = successful.reduce((total, job) => total + (job.processing_time ?? 0), 0);
  const endedAt = batch.completed_at?.getTime() ?? options.now ?? Date.now();
  return {
    batch_id: batch.id,
    status: batch.status,
    successful_jobs: successful.map((job) => resultRecord(job, parts.get(job.id) ?? NO_PARTS, options.baseUrl)),
    ...(options.includeFailed
      ? {
          failed_jobs: failed.map((job) => ({
            job_id: job.id,
            video_url: job.video_url,
            error: { code: job.error_code, message: job.error_message },
          })),
        }
      : {}),
    summary_stats: {
      total: batch.total_jobs,
      successful: successful.length,
      failed: failed.length,
      success_rate: finished.length === 0 ? null : round(successful.length / finished.length, 4),
      total_processing_time: round(totalTime, 3),
      average_processing_time: successful.length === 0 ? null : round(completedTime / successful.length, 3),
    },
    processing_metadata: {
      created_at: iso(batch.created_at),
      completed_at: iso(batch.completed_at),
      duration_seconds: round(Math.max(0, endedAt - batch.created_at.getTime()) / 1000, 3),
    },
    ...sourceFields(batch),
  };
}
