/**
 * Quota warnings: once the month's accepted videos reach 80% of a capped quota, and again when
 * they reach 100%, an opted-in user gets one notice each per period (dedupe key per user and
 * month). Called after the reservation's transaction has committed.
 */
import type { Plan } from '../domain/access';
import { quotaMarkReached } from '../domain/quota-marks';
import type { Db } from '../storage/database';
import { queueNotice, type NoticeKind } from './queue-notice';
import type { QuotaWarningNoticeData } from './views';

/** The month's count right after a reservation (see jobs/quota.ts reserveVideos). */
export interface QuotaUsage {
  userId: string;
  plan: Plan;
  /** Videos accepted this period, the reservation included. */
  total: number;
  /** null: no monthly cap, never a warning. */
  limit: number | null;
  periodStart: Date;
  resetAt: Date;
}

export type QuotaWarningKind = Extract<NoticeKind, 'quota_warning_80' | 'quota_warning_100'>;

/**
 * The warning a count calls for: 100% once the quota is used up, else 80% from the first video at
 * or past 80% (a batch that jumps straight to 100% gets only the 100% notice). Dedupe keys make
 * each one once per period, so asking again on every later submission is harmless; it also means
 * a notice whose queueing failed is queued by the next submission.
 */
export function quotaWarningDue(total: number, limit: number | null): QuotaWarningKind | null {
  const mark = quotaMarkReached(total, limit);
  return mark === null ? null : `quota_warning_${mark}`;
}

export function quotaPeriodKey(periodStart: Date): string {
  return periodStart.toISOString().slice(0, 7);
}

/** Queues the warning `usage` calls for, if any and if not queued this period; returns it when queued. */
export async function queueQuotaWarning(db: Db, usage: QuotaUsage): Promise<QuotaWarningKind | null> {
  const kind = quotaWarningDue(usage.total, usage.limit);
  if (!kind || usage.limit === null) return null;
  const period = quotaPeriodKey(usage.periodStart);
  const data: QuotaWarningNoticeData = {
    plan: usage.plan,
    used: usage.total,
    limit: usage.limit,
    percent: kind === 'quota_warning_100' ? 100 : 80,
    period,
    reset_at: usage.resetAt.toISOString(),
  };
  const queued = await queueNotice(db, { userId: usage.userId, kind, dedupeKey: `${kind}:${usage.userId}:${period}`, data });
  return queued ? kind : null;
}
