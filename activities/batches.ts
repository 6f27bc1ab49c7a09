/** The I/O of a batch's parent workflow: its children's rows, its own row, its announcements. */
import { isTerminal } from '../src/domain/job';
import type { JobFailure } from '../src/domain/job-failure';
import * as jobs from '../src/storage/repositories/jobs';
import * as batches from '../src/storage/repositories/batches';
import type { BatchOutcome } from '../src/contracts/batch';
import { announceBatch } from './announce-batch-end';
import type { WebhookDeliveryInput } from '../src/webhooks';
import type { WebhookActivityDeps } from './webhooks';
import { countJobEnd, failJobRow } from './end-job-row';

/** Postgres, and what recording the batch.completed webhook needs (the schedule). */
export type BatchActivityDeps = WebhookActivityDeps;

export interface ChildRowState {
  /** The row has ended (completed or failed). */
  ended: boolean;
  status: 'completed' | 'failed' | 'active';
  error: JobFailure | null;
}

export function createBatchActivities(deps: BatchActivityDeps) {
  const { db } = deps;
  return {
    /** A child the parent did not start itself (already started elsewhere): where its row stands. */
    async readBatchChild(input: { jobId: string }): Promise<ChildRowState> {
      const row = await jobs.findJob(db, input.jobId);
      if (!row) return { ended: true, status: 'failed', error: { code: 'INTERNAL_ERROR', message: 'The job vanished' } };
      if (!isTerminal(row.status)) return { ended: false, status: 'active', error: null };
      return {
        ended: true,
        status: row.status === 'completed' ? 'completed' : 'failed',
        error: row.status === 'failed' ? { code: row.error_code ?? 'INTERNAL_ERROR', message: row.error_message ?? '' } : null,
      };
    },

    /** A child whose workflow ended without recording its end (terminated, timed out): failed. */
    async failBatchChild(input: { jobId: string; failure: JobFailure }): Promise<void> {
      await failJobRow(deps, input.jobId, input.failure);
    },

    /** Every child has ended: the batch's status, counts and completed_at, once. */
    async completeBatch(input: { batchId: string }): Promise<BatchOutcome> {
      const { batch: row, failedChildren } = await batches.completeBatch(db, input.batchId);
      for (const ended of failedChildren) countJobEnd(deps.metrics, { status: 'failed', code: 'INTERNAL_ERROR' }, ended);
      if (row.status === 'processing') throw new Error(`batch ${input.batchId} is still processing`);
      return {
        status: row.status,
        successful: row.successful_jobs ?? 0,
        failed: row.failed_jobs ?? 0,
        completedAt: (row.completed_at ?? new Date()).toISOString(),
      };
    },

    /**
     * The batch.completed webhook (when the batch has a webhook_url) and the email notice. The
     * workflow starts the delivery with the input returned here.
     */
    async announceBatchCompleted(input: { batchId: string; resultsUrl: string }): Promise<{ webhook: WebhookDeliveryInput | null }> {
      const webhooks = { retrySchedule: deps.webhooks.retrySchedule, attemptTimeoutMs: deps.webhooks.attemptTimeoutMs };
      const webhook = await announceBatch({ db, webhooks }, input.batchId, input.resultsUrl);
      return { webhook };
    },
  };
}

export type BatchActivities = ReturnType<typeof createBatchActivities>;
