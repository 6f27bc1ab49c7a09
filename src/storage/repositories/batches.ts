/** Batches as the system of record keeps them. Every function takes the database it works on. */
import { sql } from 'kysely';
import type { BatchStatus } from '../../domain/batch';
import { batchEndStatus } from '../../domain/batch';
import type { Db } from '../database';
import type { BatchRow, JobRow, NewBatchRow, NewJobRow } from '../schema';
import { oldestUnstarted } from './unstarted-rows';
import { newestFirstPage, type Page, type PageRequest } from './newest-first-page';
import type { JobEndTimes } from './jobs';

export async function insertBatch(db: Db, batch: NewBatchRow): Promise<BatchRow> {
  return db.insertInto('batches').values(batch).returningAll().executeTakeFirstOrThrow();
}

/** The children in one statement, returned in the order given. */
export async function insertBatchJobs(db: Db, jobs: NewJobRow[]): Promise<JobRow[]> {
  const rows = await db.insertInto('jobs').values(jobs).returningAll().execute();
  const byId = new Map(rows.map((row) => [row.id, row]));
  return jobs.map((job) => byId.get(job.id)!);
}

export async function markBatchWorkflowStarted(db: Db, batchId: string): Promise<void> {
  await db.updateTable('batches').set({ workflow_started: true }).where('id', '=', batchId).execute();
}

/** A batch, only if it belongs to the user: other users' ids look exactly like unknown ones. */
export async function findBatchForUser(db: Db, batchId: string, userId: string): Promise<BatchRow | null> {
  const row = await db.selectFrom('batches').selectAll().where('id', '=', batchId).where('user_id', '=', userId).executeTakeFirst();
  return row ?? null;
}

export async function findBatch(db: Db, batchId: string): Promise<BatchRow | null> {
  return (await db.selectFrom('batches').selectAll().where('id', '=', batchId).executeTakeFirst()) ?? null;
}

/** Every child of a batch, in the order its videos were sent. */
export async function findBatchJobs(db: Db, batch: Pick<BatchRow, 'id' | 'job_ids'>): Promise<JobRow[]> {
  const rows = await db.selectFrom('jobs').selectAll().where('batch_id', '=', batch.id).execute();
  return inBatchOrder(batch.job_ids, rows);
}

/** What the status record shows of each child, for several batches at once (the list route). */
export const BATCH_JOB_COLUMNS = [
  'id',
  'batch_id',
  'video_url',
  'status',
  'progress_percentage',
  'current_step',
  'error_code',
  'error_message',
  'updated_at',
] as const;
export type BatchJobSummary = Pick<JobRow, (typeof BATCH_JOB_COLUMNS)[number]>;

export async function findJobsOfBatches(db: Db, batchIds: string[]): Promise<Map<string, BatchJobSummary[]>> {
  const byBatch = new Map<string, BatchJobSummary[]>(batchIds.map((id) => [id, []]));
  if (batchIds.length === 0) return byBatch;
  const rows = await db.selectFrom('jobs').select(BATCH_JOB_COLUMNS).where('batch_id', 'in', batchIds).execute();
  for (const row of rows) byBatch.get(row.batch_id!)?.push(row);
  return byBatch;
}

export function inBatchOrder<T extends { id: string }>(jobIds: readonly string[], rows: T[]): T[] {
  const position = new Map(jobIds.map((id, index) => [id, index]));
  return [...rows].sort((a, b) => (position.get(a.id) ?? Infinity) - (position.get(b.id) ?? Infinity));
}

export type BatchPage = Page<BatchRow>;

export const listBatchesForUser = (db: Db, userId: string, page: PageRequest & { status?: BatchStatus }): Promise<BatchPage> =>
  newestFirstPage(db.selectFrom('batches').where('user_id', '=', userId).$if(page.status !== undefined, (q) => q.where('status', '=', page.status!)), page);

export const findUnstartedBatches = (db: Db, olderThanSeconds: number, limit: number): Promise<BatchRow[]> =>
  oldestUnstarted(db.selectFrom('batches').where('status', '=', 'processing'), olderThanSeconds, limit);

export interface BatchEnd {
  batch: BatchRow;
  /** Children still active when the batch ended, failed by this call (INTERNAL_ERROR). */
  failedChildren: JobEndTimes[];
}

/**
 * Ends a batch once its children have: the status by the batch rule
 * (docs/api-behaviour.md#batch-statuses), the counts and completed_at. Idempotent: an ended batch
 * is returned as it is. A child still active at this point (its workflow was lost) is failed first,
 * so the counts always add up.
 */
export async function completeBatch(db: Db, batchId: string): Promise<BatchEnd> {
  return db.transaction().execute(async (tx) => {
    const batch = await tx.selectFrom('batches').selectAll().where('id', '=', batchId).forUpdate().executeTakeFirstOrThrow();
    if (batch.status !== 'processing') return { batch, failedChildren: [] };
    const failedChildren = await tx
      .updateTable('jobs')
      .set((eb) => ({
        status: 'failed',
        current_step: 'failed',
        error_code: 'INTERNAL_ERROR',
        error_message: 'The job did not finish with its batch',
        completed_at: sql<Date>`now()`,
        updated_at: sql<Date>`now()`,
        processing_time: sql<number>`EXTRACT(EPOCH FROM (now() - COALESCE(${eb.ref('started_at')}, ${eb.ref('created_at')})))`,
      }))
      .where('batch_id', '=', batchId)
      .where('status', 'in', ['queued', 'processing'])
      .returning(['created_at', 'completed_at'])
      .execute();
    const counts = await tx
      .selectFrom('jobs')
      .select((eb) => [
        eb.fn.countAll<number>().filterWhere('status', '=', 'completed').as('successful'),
        eb.fn.countAll<number>().filterWhere('status', '=', 'failed').as('failed'),
      ])
      .where('batch_id', '=', batchId)
      .executeTakeFirstOrThrow();
    const successful = Number(counts.successful);
    const failed = Number(counts.failed);
    const ended = await tx
      .updateTable('batches')
      .set(batchEndFields(batchEndStatus(successful, failed), successful, failed))
      .where('id', '=', batchId)
      .returningAll()
      .executeTakeFirstOrThrow();
    return {
      batch: ended,
      failedChildren: failedChildren.map((row) => ({ acceptedAt: row.created_at, endedAt: row.completed_at ?? new Date() })),
    };
  });
}

/** What ending a batch writes: its status, its frozen counts and the moment. */
export function batchEndFields(status: BatchStatus, successful: number, failed: number) {
  return { status, successful_jobs: successful, failed_jobs: failed, completed_at: sql<Date>`now()`, updated_at: sql<Date>`now()` };
}

export async function setBatchWebhookDelivery(db: Db, batchId: string, deliveryId: string): Promise<void> {
  await db.updateTable('batches').set({ webhook_delivery_id: deliveryId }).where('id', '=', batchId).execute();
}
