/**
 * The email outbox in Postgres (migrations/0005_notifications): claiming due notices across any
 * number of sender processes, and recording what became of each.
 *
 * A claim is a lease: the claimed rows' next_attempt_at moves past the time a send can take, in the
 * same statement that picks them with FOR UPDATE SKIP LOCKED, so concurrent senders never take the
 * same row and a sender that dies mid-send leaves rows that come due again by themselves.
 */
import { sql } from 'kysely';
import type { Db } from '../storage/database';
import type { EmailStatus } from '../storage/schema';

export interface OutboxRow {
  id: string;
  user_id: string;
  kind: string;
  dedupe_key: string;
  recipient: string;
  data: Record<string, unknown>;
  status: EmailStatus;
  attempts: number;
  next_attempt_at: Date;
  subject: string | null;
  last_error: string | null;
  created_at: Date;
  sent_at: Date | null;
}

export interface ClaimOptions {
  limit: number;
  /** How long the rows stay with this sender before another may take them. */
  leaseMs: number;
  /** Counts an SMTP attempt (false when the rows will only be recorded). */
  countAttempt: boolean;
}

export async function claimDueNotices(db: Db, options: ClaimOptions): Promise<OutboxRow[]> {
  const result = await sql<OutboxRow>`
    UPDATE email_outbox
    SET next_attempt_at = now() + ${Math.round(options.leaseMs)}::integer * interval '1 millisecond',
        attempts = attempts + ${options.countAttempt ? 1 : 0}::integer
    WHERE id IN (
      SELECT id FROM email_outbox
      WHERE status = 'pending' AND next_attempt_at <= now()
      ORDER BY next_attempt_at, created_at
      LIMIT ${options.limit}::integer
      FOR UPDATE SKIP LOCKED
    )
    RETURNING *`.execute(db);
  return result.rows.sort((a, b) => a.created_at.getTime() - b.created_at.getTime());
}

export async function markSent(db: Db, id: string, subject: string): Promise<void> {
  await db
    .updateTable('email_outbox')
    .set({ status: 'sent', subject, sent_at: new Date(), last_error: null })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .execute();
}

/** No SMTP server configured: kept with its subject, to be requeued once there is one. */
export async function markRecorded(db: Db, id: string, subject: string): Promise<void> {
  await db
    .updateTable('email_outbox')
    .set({ status: 'recorded', subject, last_error: null, next_attempt_at: new Date() })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .execute();
}

export async function scheduleRetry(db: Db, id: string, error: string, retryInMs: number, subject: string | null): Promise<void> {
  await db
    .updateTable('email_outbox')
    .set({ last_error: error, next_attempt_at: sql<Date>`now() + ${Math.round(retryInMs)}::integer * interval '1 millisecond'`, subject })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .execute();
}

export async function markFailed(db: Db, id: string, error: string, subject: string | null): Promise<void> {
  await db
    .updateTable('email_outbox')
    .set({ status: 'failed', last_error: error, subject })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .execute();
}

/**
 * Puts recorded notices (and, when asked, failed ones) back in the queue with a fresh attempt
 * count: for when SMTP_URL has been configured after they were recorded. Returns how many.
 */
export async function requeueNotices(db: Db, options: { includeFailed?: boolean; kind?: string } = {}): Promise<number> {
  const statuses: EmailStatus[] = options.includeFailed ? ['recorded', 'failed'] : ['recorded'];
  let query = db
    .updateTable('email_outbox')
    .set({ status: 'pending', attempts: 0, next_attempt_at: new Date(), last_error: null })
    .where('status', 'in', statuses);
  if (options.kind) query = query.where('kind', '=', options.kind);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export interface NotificationSettings {
  email: string;
  email_notifications: boolean;
}

export async function notificationSettings(db: Db, userId: string): Promise<NotificationSettings | null> {
  const row = await db.selectFrom('users').select(['email', 'email_notifications']).where('id', '=', userId).executeTakeFirst();
  return row ?? null;
}

export async function setEmailNotifications(db: Db, userId: string, enabled: boolean): Promise<NotificationSettings | null> {
  const row = await db
    .updateTable('users')
    .set({ email_notifications: enabled })
    .where('id', '=', userId)
    .returning(['email', 'email_notifications'])
    .executeTakeFirst();
  return row ?? null;
}
