/** Monthly video quotas (contract section 4), enforced at submission from Postgres. */
import type { Plan } from '../domain/access';
import { AppError } from '../domain/errors';
import { quotaPeriod, type PlanLimitTable } from '../domain/plans';
import type { Db } from '../storage/database';
import { tryAddVideos } from '../storage/repositories/usage-periods';

/** Counts `count` videos against the user's month, or refuses them all with QUOTA_EXCEEDED. */
export async function reserveVideos(db: Db, limits: PlanLimitTable, user: { userId: string; plan: Plan }, count: number, now = new Date()): Promise<void> {
  const { start, resetAt } = quotaPeriod(now);
  const limit = limits[user.plan].videosPerMonth;
  const total = await tryAddVideos(db, user.userId, start, count, limit);
  if (total === null) {
    throw new AppError('QUOTA_EXCEEDED', `The monthly quota of ${limit} videos for the ${user.plan} plan is used up`, {
      limit,
      requested: count,
      reset_at: resetAt.toISOString(),
    });
  }
}
