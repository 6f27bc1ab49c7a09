/**
 * The figures of the usage endpoints (docs/api-behaviour.md#usage-reports), for one user. They
 * report; they do not enforce: quotas are enforced at submission (src/jobs/quota.ts) and the
 * throttle in the router.
 *
 * Sources: videos used this month come from usage_periods (the quota's system of record); job
 * figures from the jobs table; request figures from api_requests. Requests are written in batches,
 * so the reports first flush this process's buffer; another API process's last half-second may be
 * missing. The request being answered is not counted (it is recorded when it ends).
 */
import type { Principal } from '../domain/access';
import type { PlanLimitTable } from '../domain/plans';
import type { Throttle } from './throttle';
import type { Db } from '../storage/database';
import { bucketFigures, endpointBreakdown, jobStatusCounts, modelTokenFigures, requestCount } from '../storage/repositories/usage-reports';
import { analyticsFigures, patterns, predictions, trends } from './analytics-figures';
import { endpointEntry, refusedWith429 } from './endpoint-figures';
import { historyReport, type HistoryQuery } from './history-figures';
import { limitRecommendations, quotaWarnings } from './limit-rules';
import { modelUsage, type ModelPriceTable } from './model-cost-figures';
import { addDays, periodsOf } from './periods';
import { costProjection, quotaState, rateLimits } from './quota-figures';
import { optimizationSuggestions } from './suggestion-rules';
import type { UsageRecorder } from './recorder';

export interface UsageDeps {
  db: Db;
  config: { limits: { plans: PlanLimitTable }; llm: { prices: ModelPriceTable } };
  throttle: Throttle;
  usageRecorder?: UsageRecorder;
}

async function flushRecorder(deps: UsageDeps) {
  await deps.usageRecorder?.flush();
}

/** GET /api/v1/usage/current: this quota period so far. */
export async function currentUsage(deps: UsageDeps, principal: Principal, now = new Date()) {
  await flushRecorder(deps);
  const { db, config } = deps;
  const quota = await quotaState(db, config.limits.plans, principal, now);
  const [jobs, requests, breakdown, limits, tokens] = await Promise.all([
    jobStatusCounts(db, principal.userId, quota.start, quota.resetAt),
    requestCount(db, principal.userId, quota.start, quota.resetAt),
    endpointBreakdown(db, principal.userId, quota.start, quota.resetAt),
    rateLimits(deps.throttle, config.limits.plans, principal, quota),
    modelTokenFigures(db, principal.userId, quota.start, quota.resetAt),
  ]);
  return {
    current_period: {
      plan: principal.plan,
      start: quota.start.toISOString(),
      end: new Date(quota.resetAt.getTime() - 1).toISOString(),
      reset_at: quota.resetAt.toISOString(),
      videos_used: quota.used,
      videos_limit: quota.limit,
      videos_remaining: quota.remaining,
      percent_used: quota.percentUsed,
      jobs: { ...jobs, total: jobs.queued + jobs.processing + jobs.completed + jobs.failed },
      requests,
      model_usage: modelUsage(tokens, config.llm.prices),
    },
    rate_limits: limits,
    endpoint_breakdown: breakdown.map(endpointEntry),
    cost_projection: costProjection(quota, now),
  };
}

/** GET /api/v1/usage/history: figures per day, week or month of the queried range. */
export async function usageHistory(deps: UsageDeps, principal: Principal, query: HistoryQuery) {
  await flushRecorder(deps);
  const { periods, total } = periodsOf(query.startDate, query.endDate, query.granularity, query.limit);
  const figures = await bucketFigures(deps.db, principal.userId, query.granularity, periods[0]!.start, periods[periods.length - 1]!.end);
  return historyReport(periods, total, figures, query);
}

/** GET /api/v1/usage/analytics: the last 30 days, their trends and what would use the quota better. */
export async function usageAnalytics(deps: UsageDeps, principal: Principal, now = new Date()) {
  await flushRecorder(deps);
  const figures = await analyticsFigures(deps.db, deps.config.limits.plans, principal, now);
  const thisMonth = costProjection(figures.quota, now);
  return {
    trends: trends(figures),
    patterns: patterns(figures, deps.config.llm.prices),
    predictions: predictions(figures, thisMonth),
    optimization_suggestions: optimizationSuggestions({ ...figures, plan: principal.plan, thisMonth }),
    top_endpoints: figures.endpoints.slice(0, 5).map(endpointEntry),
  };
}

/** GET /api/v1/usage/limits: the throttle and quota now, with warnings and recommendations. */
export async function usageLimits(deps: UsageDeps, principal: Principal, now = new Date()) {
  await flushRecorder(deps);
  const { db, config } = deps;
  const quota = await quotaState(db, config.limits.plans, principal, now);
  const [limits, refusedRecently] = await Promise.all([
    rateLimits(deps.throttle, config.limits.plans, principal, quota),
    refusedWith429(db, principal.userId, addDays(now, -1), now),
  ]);
  const recommendations = limitRecommendations({
    plan: principal.plan,
    quota,
    projection: costProjection(quota, now),
    requestsPerMinute: limits.requests_per_minute,
    refusedRecently,
    pro: config.limits.plans.pro,
  });
  return { rate_limits: limits, warnings: quotaWarnings(quota), recommendations };
}
