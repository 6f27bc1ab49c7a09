/** A batch's lifecycle (interface section 3, contract section 5). Pure: safe in workflow code. */

export const BATCH_STATUSES = ['processing', 'completed', 'partial_failure', 'failed'] as const;
export type BatchStatus = (typeof BATCH_STATUSES)[number];
export type BatchEndStatus = Exclude<BatchStatus, 'processing'>;

export const MAX_BATCH_VIDEOS = 100;

export const isBatchTerminal = (status: BatchStatus) => status !== 'processing';

/** The contract's rule, once every job has ended: all succeeded, some failed, or all failed. */
export function batchEndStatus(successful: number, failed: number): BatchEndStatus {
  if (failed === 0) return 'completed';
  if (successful === 0) return 'failed';
  return 'partial_failure';
}
