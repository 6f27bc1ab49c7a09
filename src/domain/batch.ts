/** A batch's lifecycle (docs/api-behaviour.md#batch-statuses). Pure: safe in workflow code. */

export const BATCH_STATUSES = ['processing', 'completed', 'partial_failure', 'failed'] as const;
export type BatchStatus = (typeof BATCH_STATUSES)[number];
export type BatchEndStatus = Exclude<BatchStatus, 'processing'>;

export const MAX_BATCH_VIDEOS = 100;

export const isBatchTerminal = (status: BatchStatus) => status !== 'processing';

/** The rule (docs/api-behaviour.md#batch-statuses), once every job has ended: all succeeded, some failed, or all failed. */
export function batchEndStatus(successful: number, failed: number): BatchEndStatus {
  if (failed === 0) return 'completed';
  if (successful === 0) return 'failed';
  return 'partial_failure';
}

/** Why a batch from a playlist or channel ended before any job: the source is gone, private or empty. */
export const BATCH_SOURCE_FAILURES = ['SOURCE_UNAVAILABLE', 'VIDEO_UNAVAILABLE'] as const;
export type BatchSourceFailure = { code: (typeof BATCH_SOURCE_FAILURES)[number]; message: string };
