/**
 * A batch from a playlist or channel, once its source has been read: its jobs and the quota it did
 * not use, or its failure, each recorded once (a retried activity finds the batch already read).
 */
import { sql } from 'kysely';
import type { BatchSourceFailure } from '../../domain/batch';
import type { JobRequest } from '../../domain/job';
import { quotaPeriod } from '../../domain/plans';
import { canonicalWatchUrl } from '../../domain/video-url';
import { newJobId } from '../../lib/job-id';
import type { Db } from '../database';
import type { BatchRow, NewJobRow } from '../schema';
import { batchEndFields } from './batches';
import { returnVideos } from './usage-periods';

export type SourceBatchState = { kind: 'read'; children: Array<{ jobId: string; videoId: string }> } | { kind: 'ended'; batch: BatchRow };

/** The batch and its state, locked for the rest of the transaction. */
async function lockSourceBatch(db: Db, batchId: string): Promise<{ batch: BatchRow; state: SourceBatchState | null }> {
  const batch = await db.selectFrom('batches').selectAll().where('id', '=', batchId).forUpdate().executeTakeFirstOrThrow();
  if (batch.status !== 'processing') return { batch, state: { kind: 'ended', batch } };
  if (batch.quota_reserved === null) {
    const jobs = await db.selectFrom('jobs').select(['id', 'video_id']).where('batch_id', '=', batchId).execute();
    const videoOf = new Map(jobs.map((job) => [job.id, job.video_id]));
    return { batch, state: { kind: 'read', children: batch.job_ids.map((jobId) => ({ jobId, videoId: videoOf.get(jobId)! })) } };
  }
  return { batch, state: null };
}

/** What the quota reservation gives back: the part the source did not fill. */
async function returnUnused(db: Db, batch: BatchRow, used: number): Promise<void> {
  await returnVideos(db, batch.user_id, quotaPeriod(batch.created_at).start, (batch.quota_reserved ?? 0) - used);
}

/** The jobs of the videos found, in the source's order, and the unused quota given back. */
export async function recordSourceVideos(db: Db, batchId: string, videoIds: string[]): Promise<SourceBatchState> {
  return db.transaction().execute(async (tx) => {
    const { batch, state } = await lockSourceBatch(tx, batchId);
    if (state) return state;
    const template = batch.child_request as JobRequest;
    const now = new Date();
    const rows: NewJobRow[] = videoIds.map((videoId) => {
      const request: JobRequest = { ...template, videoId, url: canonicalWatchUrl(videoId) };
      return {
        id: newJobId(),
        user_id: batch.user_id,
        api_key_id: batch.api_key_id,
        batch_id: batch.id,
        video_id: videoId,
        video_url: request.url,
        request: JSON.stringify(request),
        status: 'queued',
        current_step: 'queued',
        progress_percentage: 0,
        warnings: '[]',
        service_name: null,
        agent_name: null,
        client_reference: null,
        created_at: now,
        updated_at: now,
      };
    });
    if (rows.length > 0) await tx.insertInto('jobs').values(rows).execute();
    const jobIds = rows.map((row) => row.id);
    await tx
      .updateTable('batches')
      .set({ total_jobs: rows.length, job_ids: jobIds, quota_reserved: null, updated_at: sql<Date>`now()` })
      .where('id', '=', batchId)
      .execute();
    await returnUnused(tx, batch, rows.length);
    return { kind: 'read', children: rows.map((row) => ({ jobId: row.id, videoId: row.video_id })) };
  });
}

/**
 * The batch ended failed before any job, with the reason, and the whole reservation given back;
 * a batch that has read its source already (or ended) stays as it is.
 */
export async function failSourceBatch(db: Db, batchId: string, failure: BatchSourceFailure): Promise<SourceBatchState> {
  return db.transaction().execute(async (tx) => {
    const { batch, state } = await lockSourceBatch(tx, batchId);
    if (state) return state;
    await returnUnused(tx, batch, 0);
    const ended = await tx
      .updateTable('batches')
      .set({ ...batchEndFields('failed', 0, 0), error_code: failure.code, error_message: failure.message, quota_reserved: null })
      .where('id', '=', batchId)
      .returningAll()
      .executeTakeFirstOrThrow();
    return { kind: 'ended', batch: ended };
  });
}
