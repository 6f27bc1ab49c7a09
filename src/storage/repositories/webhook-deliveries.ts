/** Webhook deliveries and their attempts (migrations/0006_webhooks). */
import { sql } from 'kysely';
import type { Db } from '../database';
import type { WebhookAttemptOutcome, WebhookAttemptRow, WebhookDeliveryRow, WebhookDeliveryStatus } from '../schema';

export interface NewDelivery {
  id: string;
  userId: string;
  idempotencyKey: string;
  eventType: string;
  url: string;
  jobId: string | null;
  batchId: string | null;
  body: string;
  maxAttempts: number;
}

/** Records a delivery, or finds the one already recorded under the same idempotency key. */
export async function insertOrFindDelivery(db: Db, delivery: NewDelivery): Promise<WebhookDeliveryRow> {
  const inserted = await db
    .insertInto('webhook_deliveries')
    .values({
      id: delivery.id,
      user_id: delivery.userId,
      idempotency_key: delivery.idempotencyKey,
      event_type: delivery.eventType,
      url: delivery.url,
      job_id: delivery.jobId,
      batch_id: delivery.batchId,
      body: delivery.body,
      max_attempts: delivery.maxAttempts,
      next_attempt_at: sql<Date>`now()`,
    })
    .onConflict((oc) => oc.column('idempotency_key').doNothing())
    .returningAll()
    .executeTakeFirst();
  if (inserted) return inserted;
  return db.selectFrom('webhook_deliveries').selectAll().where('idempotency_key', '=', delivery.idempotencyKey).executeTakeFirstOrThrow();
}

export async function findDelivery(db: Db, id: string): Promise<WebhookDeliveryRow | null> {
  return (await db.selectFrom('webhook_deliveries').selectAll().where('id', '=', id).executeTakeFirst()) ?? null;
}

export async function findAttempt(db: Db, deliveryId: string, attempt: number): Promise<WebhookAttemptRow | null> {
  return (
    (await db
      .selectFrom('webhook_attempts')
      .selectAll()
      .where('delivery_id', '=', deliveryId)
      .where('attempt', '=', attempt)
      .executeTakeFirst()) ?? null
  );
}

export interface AttemptRecord {
  deliveryId: string;
  attempt: number;
  attemptedAt: Date;
  outcome: WebhookAttemptOutcome;
  statusCode: number | null;
  error: string | null;
  delivered: boolean;
  /** When the next attempt is due; null when there is none (the delivery then ends failed). */
  nextAttemptAt: Date | null;
}

/**
 * Records one attempt and moves the delivery on, in one transaction. Recording the same attempt
 * twice (a retried activity) changes nothing. Returns the delivery's status afterwards.
 */
export async function recordAttempt(db: Db, record: AttemptRecord): Promise<WebhookDeliveryStatus> {
  return db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('webhook_attempts')
      .values({
        delivery_id: record.deliveryId,
        attempt: record.attempt,
        attempted_at: record.attemptedAt,
        outcome: record.outcome,
        status_code: record.statusCode,
        error: record.error,
        delivered: record.delivered,
      })
      .onConflict((oc) => oc.columns(['delivery_id', 'attempt']).doNothing())
      .returning('attempt')
      .executeTakeFirst();
    if (!inserted) {
      const row = await trx.selectFrom('webhook_deliveries').select('status').where('id', '=', record.deliveryId).executeTakeFirst();
      return row?.status ?? 'failed';
    }
    const status: WebhookDeliveryStatus = record.delivered ? 'delivered' : record.nextAttemptAt ? 'pending' : 'failed';
    const updated = await trx
      .updateTable('webhook_deliveries')
      .set({
        status,
        attempts: sql<number>`GREATEST(attempts, ${record.attempt})`,
        last_attempt_at: record.attemptedAt,
        last_status_code: record.statusCode,
        last_error: record.error,
        next_attempt_at: status === 'pending' ? record.nextAttemptAt : null,
        // The attempt's start, not its end: the gap between the two would tell how long the target took.
        delivered_at: record.delivered ? record.attemptedAt : null,
        updated_at: sql<Date>`now()`,
      })
      .where('id', '=', record.deliveryId)
      .where('status', '=', 'pending')
      .returning('status')
      .executeTakeFirst();
    return updated?.status ?? status;
  });
}

/**
 * Whether the delivery may send its first request under the user's cap of deliveries started in
 * the past hour; if so it is counted from now. Deliveries already started are never held back
 * (their retries carry no new information about the target). Serialised per user, so concurrent
 * attempts cannot all slip under the cap.
 */
export async function claimFirstSend(db: Db, delivery: { id: string; userId: string }, perHour: number): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`webhook-first-sends:${delivery.userId}`}, 0))`.execute(trx);
    const row = await trx
      .selectFrom('webhook_deliveries')
      .select((eb) => eb.fn.countAll<number>().as('started'))
      .where('user_id', '=', delivery.userId)
      .where('first_sent_at', '>', sql<Date>`now() - interval '1 hour'`)
      .executeTakeFirstOrThrow();
    if (Number(row.started) >= perHour) return false;
    await trx
      .updateTable('webhook_deliveries')
      .set({ first_sent_at: sql<Date>`now()` })
      .where('id', '=', delivery.id)
      .where('first_sent_at', 'is', null)
      .execute();
    return true;
  });
}

/** Marks a delivery failed without an attempt (its user or target is gone). */
export async function abandonDelivery(db: Db, id: string, reason: string): Promise<void> {
  await db
    .updateTable('webhook_deliveries')
    .set({ status: 'failed', last_error: reason, next_attempt_at: null, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .execute();
}

export type DeliveryOwner = { jobId: string } | { batchId: string };

/** A job's or batch's deliveries, oldest first (indexed on job_id / batch_id). */
export async function listDeliveries(db: Db, owner: DeliveryOwner): Promise<WebhookDeliveryRow[]> {
  let query = db.selectFrom('webhook_deliveries').selectAll();
  query = 'jobId' in owner ? query.where('job_id', '=', owner.jobId) : query.where('batch_id', '=', owner.batchId);
  return query.orderBy('created_at').orderBy('id').execute();
}

/** The deliveries of several jobs at once (a page of the job list), keyed by job id. */
export async function listDeliveriesForJobs(db: Db, jobIds: string[]): Promise<Map<string, WebhookDeliveryRow[]>> {
  const byJob = new Map<string, WebhookDeliveryRow[]>();
  if (jobIds.length === 0) return byJob;
  const rows = await db
    .selectFrom('webhook_deliveries')
    .selectAll()
    .where('job_id', 'in', jobIds)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  for (const row of rows) {
    const list = byJob.get(row.job_id!) ?? [];
    list.push(row);
    byJob.set(row.job_id!, list);
  }
  return byJob;
}

export async function listAttempts(db: Db, deliveryIds: string[]): Promise<WebhookAttemptRow[]> {
  if (deliveryIds.length === 0) return [];
  return db
    .selectFrom('webhook_attempts')
    .selectAll()
    .where('delivery_id', 'in', deliveryIds)
    .orderBy('delivery_id')
    .orderBy('attempt')
    .execute();
}
