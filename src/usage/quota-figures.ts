/**
 * The month's video quota as the reports see it: what is used and left, how fast it is going, and
 * the throttle beside it. Figures only; the quota itself is enforced at submission.
 */
import type { Principal } from '../domain/access';
import { quotaPeriod, type PlanLimitTable } from '../domain/plans';
import { USER_LIMIT_FACTOR, type Throttle } from './throttle';
import type { Db } from '../storage/database';
import { videosAccepted } from '../storage/repositories/usage-periods';
import { DAY_MS, daysInMonth } from './periods';
import { round } from './rounding';

export interface QuotaState {
  plan: Principal['plan'];
  start: Date;
  resetAt: Date;
  used: number;
  limit: number | null;
  remaining: number | null;
  percentUsed: number | null;
}

export async function quotaState(db: Db, planLimits: PlanLimitTable, principal: Principal, now: Date): Promise<QuotaState> {
  const { start, resetAt } = quotaPeriod(now);
  const used = await videosAccepted(db, principal.userId, start);
  const limit = planLimits[principal.plan].videosPerMonth;
  return {
    plan: principal.plan,
    start,
    resetAt,
    used,
    limit,
    remaining: limit === null ? null : Math.max(0, limit - used),
    percentUsed: limit === null ? null : round((used / limit) * 100),
  };
}

export type CostProjection = ReturnType<typeof costProjection>;

/** Straight-line projection of this month's videos from the days elapsed so far. */
export function costProjection(quota: QuotaState, now: Date) {
  const daysInPeriod = daysInMonth(quota.start);
  const daysElapsed = Math.min(daysInPeriod, Math.floor((now.getTime() - quota.start.getTime()) / DAY_MS) + 1);
  const dailyAverage = quota.used / daysElapsed;
  const projected = Math.round(dailyAverage * daysInPeriod);
  return {
    days_elapsed: daysElapsed,
    days_in_period: daysInPeriod,
    daily_average_videos: round(dailyAverage),
    projected_videos: projected,
    videos_limit: quota.limit,
    projected_percent_of_quota: quota.limit === null ? null : round((projected / quota.limit) * 100),
    on_track_to_exceed: quota.limit !== null && projected > quota.limit,
  };
}

/** The key's throttle now, and the account's monthly quota beside it. */
export async function rateLimits(throttle: Throttle, planLimits: PlanLimitTable, principal: Principal, quota: QuotaState) {
  let snapshot: Awaited<ReturnType<Throttle['peek']>>;
  try {
    snapshot = await throttle.peek(principal);
  } catch {
    // The throttle's store is unreachable: say what is known rather than fail a report.
    const perKey = planLimits[principal.plan].requestsPerMinute;
    const unread = (limit: number | null) => ({ limit, remaining: null, resetSeconds: null });
    snapshot = { ...unread(perKey), windowSeconds: 60, user: unread(perKey === null ? null : perKey * USER_LIMIT_FACTOR) };
  }
  return {
    requests_per_minute: snapshot.limit,
    remaining: snapshot.remaining,
    reset_seconds: snapshot.resetSeconds,
    window_seconds: snapshot.windowSeconds,
    per: 'key' as const,
    key_id: principal.keyId,
    account: {
      requests_per_minute: snapshot.user.limit,
      remaining: snapshot.user.remaining,
      reset_seconds: snapshot.user.resetSeconds,
      per: 'account' as const,
    },
    videos_per_month: {
      limit: quota.limit,
      used: quota.used,
      remaining: quota.remaining,
      percent_used: quota.percentUsed,
      reset_at: quota.resetAt.toISOString(),
      per: 'account' as const,
    },
  };
}
