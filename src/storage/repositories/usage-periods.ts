import { sql } from 'kysely';
import type { Db } from '../database';

/**
 * Adds `count` videos to the user's month if that stays within `limit`; returns the new total, or
 * null when it would not fit. One statement: concurrent submissions queue on the row lock, so
 * exactly as many as fit get in.
 */
export async function tryAddVideos(db: Db, userId: string, periodStart: Date, count: number, limit: number | null): Promise<number | null> {
  if (limit !== null && count > limit) return null;
  const period = periodStart.toISOString().slice(0, 10);
  const result = await sql<{ videos_accepted: number }>`
    INSERT INTO usage_periods (user_id, period_start, videos_accepted)
    VALUES (${userId}, ${period}, ${count})
    ON CONFLICT (user_id, period_start) DO UPDATE
      SET videos_accepted = usage_periods.videos_accepted + EXCLUDED.videos_accepted, updated_at = now()
      WHERE ${limit === null} OR usage_periods.videos_accepted + EXCLUDED.videos_accepted <= ${limit ?? 0}
    RETURNING videos_accepted`.execute(db);
  return result.rows[0]?.videos_accepted ?? null;
}

export async function videosAccepted(db: Db, userId: string, periodStart: Date): Promise<number> {
  const row = await db
    .selectFrom('usage_periods')
    .select('videos_accepted')
    .where('user_id', '=', userId)
    .where('period_start', '=', sql<Date>`${periodStart.toISOString().slice(0, 10)}::date`)
    .executeTakeFirst();
  return row?.videos_accepted ?? 0;
}

/** Gives back videos reserved but not used (a source batch's unfilled max_videos), never below zero. */
export async function returnVideos(db: Db, userId: string, periodStart: Date, count: number): Promise<void> {
  if (count <= 0) return;
  await sql`
    UPDATE usage_periods SET videos_accepted = GREATEST(0, videos_accepted - ${count}), updated_at = now()
    WHERE user_id = ${userId} AND period_start = ${periodStart.toISOString().slice(0, 10)}::date`.execute(db);
}
