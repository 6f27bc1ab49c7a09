/** Monthly video quotas (docs/api-behaviour.md#monthly-quotas), enforced at submission from Postgres. */
import type { Logger } from 'pino';
import type { Plan } from '../domain/access';
import { AppError } from '../domain/errors';
import { quotaPeriod, type PlanLimitTable } from '../domain/plans';
import type { Db } from '../storage/database';
import { tryAddVideos, videosAccepted } from '../storage/repositories/usage-periods';
import { queueQuotaWarning, type QuotaUsage } from '../notifications/quota-warnings';

export type { QuotaUsage };

/**
 * Counts `count` videos against the user's month, or refuses them all with QUOTA_EXCEEDED. Returns
 * the month's count after it, for noticeQuotaUsage once the caller's transaction has committed.
 */
export async function reserveVideos(db: Db, limits: PlanLimitTable, user: { userId: string; plan: Plan }, count: number, now = new Date()): Promise<QuotaUsage> {
  const { start, resetAt } = quotaPeriod(now);
  const limit = limits[user.plan].videosPerMonth;
  const total = await tryAddVideos(db, user.userId, start, count, limit);
  if (total === null) throw await quotaExceeded(db, user, limit!, count, start, resetAt);
  return { userId: user.userId, plan: user.plan, total, limit, periodStart: start, resetAt };
}

/** The refusal, with what is left of the month: a batch larger than that is refused whole. */
async function quotaExceeded(db: Db, user: { userId: string; plan: Plan }, limit: number, requested: number, start: Date, resetAt: Date): Promise<AppError> {
  const used = await videosAccepted(db, user.userId, start);
  const remaining = Math.max(0, limit - used);
  const message =
    remaining === 0
      ? `The monthly quota of ${limit} videos for the ${user.plan} plan is used up`
      : `This request has ${requested} videos, but only ${remaining} of the monthly quota of ${limit} for the ${user.plan} plan ${remaining === 1 ? 'is' : 'are'} left`;
  return new AppError('QUOTA_EXCEEDED', message, { limit, used, remaining, requested, reset_at: resetAt.toISOString() });
}

/**
 * After a reservation has committed: queues the 80% / 100% quota warning it calls for (email
 * notices, once per user and month). Never fails the submission: a notice that could not be
 * queued is logged (and an 80% one is queued by the next submission).
 */
export async function noticeQuotaUsage(services: { db: Db; logger: Logger }, usage: QuotaUsage): Promise<void> {
  try {
    await queueQuotaWarning(services.db, usage);
  } catch (error) {
    services.logger.warn({ err: error, userId: usage.userId }, 'could not queue a quota warning notice');
  }
}
