/** The I/O of a batch's parent workflow: its children's rows, its own row, its announcements. */
import { isTerminal } from '../src/domain/job';
import type { JobFailure } from '../src/domain/job-failure';
import * as jobs from '../src/storage/repositories/jobs';
import * as batches from '../src/storage/repositories/batches';
import type { BatchOutcome, SourceReadOutcome } from '../src/contracts/batch';
import type { BatchSourceFailure } from '../src/domain/batch';
import { failSourceBatch, recordSourceVideos, type SourceBatchState } from '../src/storage/repositories/batch-sources';
import type { BatchRow } from '../src/storage/schema';
import { YouTubeError, type YouTubeClient } from '../src/youtube';
import { announceBatch } from './announce-batch-end';
import type { WebhookDeliveryInput } from '../src/webhooks';
import type { WebhookActivityDeps } from './webhooks';
import { countJobEnd, failJobRow } from './end-job-row';

/** Postgres, what recording the batch.completed webhook needs (the schedule), and YouTube for sources. */
export type BatchActivityDeps = WebhookActivityDeps & { youtube: Pick<YouTubeClient, 'readSource'> };

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

    /**
     * A playlist or channel batch: reads the source and records one job per video found (the
     * unused quota given back), or ends the batch failed when the source is gone, private or
     * empty. Once read, a retry answers the same jobs. YouTube's refusals and blips are thrown,
     * for the workflow's retry policy.
     */
    async readBatchSource(input: { batchId: string }): Promise<SourceReadOutcome> {
      const batch = await batches.findBatch(db, input.batchId);
      if (!batch?.source || !batch.child_request) throw new Error(`batch ${input.batchId} has no source to read`);
      if (batch.quota_reserved === null || batch.status !== 'processing') return outcomeOf(await recordSourceVideos(db, batch.id, []));
      let videoIds: string[];
      try {
        const listing = await deps.youtube.readSource(batch.source.source, { limit: batch.source.maxVideos, useProxy: batch.child_request.useProxy });
        videoIds = listing.videos.map((video) => video.videoId);
      } catch (error) {
        const failure = sourceFailureOf(error);
        if (failure === null) throw error;
        return outcomeOf(await failSourceBatch(db, batch.id, failure));
      }
      if (videoIds.length === 0) {
        const failure: BatchSourceFailure = { code: 'SOURCE_UNAVAILABLE', message: 'The source has no videos we can process' };
        return outcomeOf(await failSourceBatch(db, batch.id, failure));
      }
      return outcomeOf(await recordSourceVideos(db, batch.id, videoIds));
    },

    /** A source YouTube kept refusing: the batch ends failed, its quota given back. */
    async failBatchSource(input: { batchId: string; failure: BatchSourceFailure }): Promise<SourceReadOutcome> {
      return outcomeOf(await failSourceBatch(db, input.batchId, input.failure));
    },

    /** Every child has ended: the batch's status, counts and completed_at, once. */
    async completeBatch(input: { batchId: string }): Promise<BatchOutcome> {
      const { batch: row, failedChildren } = await batches.completeBatch(db, input.batchId);
      for (const ended of failedChildren) countJobEnd(deps.metrics, { status: 'failed', code: 'INTERNAL_ERROR' }, ended);
      return batchOutcomeOf(row);
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

function outcomeOf(state: SourceBatchState): SourceReadOutcome {
  if (state.kind === 'read') return state;
  return { kind: 'failed', outcome: batchOutcomeOf(state.batch) };
}

function batchOutcomeOf(row: BatchRow): BatchOutcome {
  if (row.status === 'processing') throw new Error(`batch ${row.id} is still processing`);
  return {
    status: row.status,
    successful: row.successful_jobs ?? 0,
    failed: row.failed_jobs ?? 0,
    completedAt: (row.completed_at ?? new Date()).toISOString(),
  };
}

/** YouTube's final answers about a source; null for what is worth asking again. */
function sourceFailureOf(error: unknown): BatchSourceFailure | null {
  if (!(error instanceof YouTubeError)) return null;
  if (error.kind === 'SOURCE_UNAVAILABLE' || error.kind === 'VIDEO_UNAVAILABLE') return { code: error.kind, message: error.message };
  return null;
}
