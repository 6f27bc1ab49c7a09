/**
 * Queues an email notice for a user who opted in. The notice goes to the outbox in Postgres; the
 * worker's sender renders and sends it, retrying, or records it when no SMTP server is set.
 */
import { sql } from 'kysely';
import type { Db } from '../storage/database';

export const NOTICE_KINDS = ['job_failed', 'batch_completed', 'quota_warning_80', 'quota_warning_100'] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];

export interface Notice {
  userId: string;
  kind: NoticeKind;
  /** Unique per event (e.g. `job_failed:<job_id>`, `quota_warning_80:<user>:<YYYY-MM>`): queued at most once. */
  dedupeKey: string;
  /** What the template shows. */
  data: Record<string, unknown>;
}

/** Returns true when a notice was queued (the user opted in and it was not queued before). */
export async function queueNotice(db: Db, notice: Notice): Promise<boolean> {
  const result = await sql<{ id: string }>`
    INSERT INTO email_outbox (user_id, kind, dedupe_key, recipient, data)
    SELECT id, ${notice.kind}, ${notice.dedupeKey}, email, ${JSON.stringify(notice.data)}::jsonb
    FROM users WHERE id = ${notice.userId} AND email_notifications
    ON CONFLICT (dedupe_key) DO NOTHING
    RETURNING id`.execute(db);
  return result.rows.length > 0;
}
