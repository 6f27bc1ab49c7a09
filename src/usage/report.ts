/**
 * The figures of the usage endpoints (interface 2.6 and 4.3), for one user. They report; they do
 * not enforce: quotas are enforced at submission (src/jobs/quota.ts) and the throttle in the router.
 *
 * Sources: videos used this month come from usage_periods (the quota's system of record); job
 * figures from the jobs table; request figures from api_requests. Requests are written in batches,
 * so the reports first flush this process's buffer; another API process's last half-second may be
 * missing. The request being answered is not counted (it is recorded when it ends).
 */
import type { Principal } from '../domain/access';
import { quotaPeriod, type PlanLimitTable } from '../domain/plans';
import type { Throttle } from '../http/throttle';
import type { Db } from '../storage/database';
import { videosAccepted } from '../storage/repositories/usage-periods';
import {
  activeDays,
  activityPatterns,
  bucketFigures,
  endpointBreakdown,
  jobStatusCounts,
  modelTokenFigures,
  modePopularity,
  outcomeFigures,
  repeatedVideos,
  requestCount,
  windowTotals,
  type EndpointFigures,
  type ModelTokenFigures,
  type WindowTotals,
} from '../storage/repositories/usage-reports';
import { addMonths, daysInMonth, formatDate, periodsOf, type Granularity } from './periods';
import type { UsageRecorder } from './recorder';

/** LLM_PRICES: USD per million input and output tokens, by model. */
export type ModelPriceTable = Record<string, { input: number; output: number }>;

export interface UsageDeps {
  db: Db;
  config: { PLAN_LIMITS: PlanLimitTable; LLM_PRICES: ModelPriceTable };
  throttle: Throttle;
  usageRecorder?: UsageRecorder;
}

const DAY_MS = 86_400_000;
/** Analytics look at the last 30 days. */
export const ANALYSIS_DAYS = 30;
const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;

const round = (n: number, digits = 2) => {
  const factor = 10 ** digits;
  return Math.round(n * factor) / factor;
};
const percent = (part: number, whole: number) => (whole === 0 ? null : round((part / whole) * 100));

async function flushRecorder(deps: UsageDeps) {
  await deps.usageRecorder?.flush();
}

// ---------------------------------------------------------------------------------------------
// Shared pieces

export async function rateLimits(deps: UsageDeps, principal: Principal, quota: QuotaState) {
  let snapshot: Awaited<ReturnType<Throttle['peek']>>;
  try {
    snapshot = await deps.throttle.peek(principal.keyId, principal.plan);
  } catch {
    // The throttle's store is unreachable: say what is known rather than fail a report.
    snapshot = { limit: deps.config.PLAN_LIMITS[principal.plan].requestsPerMinute, remaining: null, resetSeconds: null, windowSeconds: 60 };
  }
  return {
    requests_per_minute: snapshot.limit,
    remaining: snapshot.remaining,
    reset_seconds: snapshot.resetSeconds,
    window_seconds: snapshot.windowSeconds,
    per: 'key' as const,
    key_id: principal.keyId,
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

export interface QuotaState {
  plan: Principal['plan'];
  start: Date;
  resetAt: Date;
  used: number;
  limit: number | null;
  remaining: number | null;
  percentUsed: number | null;
}

export async function quotaState(deps: UsageDeps, principal: Principal, now: Date): Promise<QuotaState> {
  const { start, resetAt } = quotaPeriod(now);
  const used = await videosAccepted(deps.db, principal.userId, start);
  const limit = deps.config.PLAN_LIMITS[principal.plan].videosPerMonth;
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

const endpointEntry = (e: EndpointFigures) => ({
  method: e.method,
  endpoint: e.endpoint,
  requests: e.requests,
  errors: e.errors,
  error_rate_percent: percent(e.errors, e.requests) ?? 0,
  average_duration_seconds: round(e.averageDurationMs / 1000, 4),
});

// ---------------------------------------------------------------------------------------------
// GET /api/v1/usage/current

export async function currentUsage(deps: UsageDeps, principal: Principal, now = new Date()) {
  await flushRecorder(deps);
  const quota = await quotaState(deps, principal, now);
  const [jobs, requests, breakdown, limits, tokens] = await Promise.all([
    jobStatusCounts(deps.db, principal.userId, quota.start, quota.resetAt),
    requestCount(deps.db, principal.userId, quota.start, quota.resetAt),
    endpointBreakdown(deps.db, principal.userId, quota.start, quota.resetAt),
    rateLimits(deps, principal, quota),
    modelTokenFigures(deps.db, principal.userId, quota.start, quota.resetAt),
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
      model_usage: modelUsage(tokens, deps.config.LLM_PRICES),
    },
    rate_limits: limits,
    endpoint_breakdown: breakdown.map(endpointEntry),
    cost_projection: costProjection(quota, now),
  };
}

/** Token totals of model-written summaries and their cost at LLM_PRICES (null where a model has no price). */
export function modelUsage(figures: ModelTokenFigures[], prices: ModelPriceTable) {
  const byModel = figures.map((figure) => {
    const price = prices[figure.model];
    return {
      model: figure.model,
      summaries: figure.summaries,
      input_tokens: figure.inputTokens,
      output_tokens: figure.outputTokens,
      estimated_cost_usd: price ? round((figure.inputTokens * price.input + figure.outputTokens * price.output) / 1_000_000, 6) : null,
    };
  });
  const priced = byModel.filter((entry) => entry.estimated_cost_usd !== null);
  return {
    input_tokens: byModel.reduce((sum, entry) => sum + entry.input_tokens, 0),
    output_tokens: byModel.reduce((sum, entry) => sum + entry.output_tokens, 0),
    estimated_cost_usd: byModel.length === 0 ? 0 : priced.length === 0 ? null : round(priced.reduce((sum, entry) => sum + entry.estimated_cost_usd!, 0), 6),
    unpriced_models: byModel.filter((entry) => entry.estimated_cost_usd === null).map((entry) => entry.model),
    by_model: byModel,
  };
}

// ---------------------------------------------------------------------------------------------
// GET /api/v1/usage/history

export interface HistoryQuery {
  startDate: Date;
  endDate: Date;
  granularity: Granularity;
  limit: number;
}

export async function usageHistory(deps: UsageDeps, principal: Principal, query: HistoryQuery) {
  await flushRecorder(deps);
  const { periods, total } = periodsOf(query.startDate, query.endDate, query.granularity, query.limit);
  const from = periods[0]!.start;
  const to = periods[periods.length - 1]!.end;
  const figures = await bucketFigures(deps.db, principal.userId, query.granularity, from, to);

  const sums = { videos: 0, completed: 0, failed: 0, requests: 0, ptSum: 0, ptCount: 0 };
  const rows = periods.map((period) => {
    const f = figures.get(period.key);
    const entry = {
      period_start: period.start.toISOString(),
      period_end: period.end.toISOString(),
      videos_submitted: f?.videosSubmitted ?? 0,
      jobs_completed: f?.jobsCompleted ?? 0,
      jobs_failed: f?.jobsFailed ?? 0,
      requests: f?.requests ?? 0,
      average_processing_time: f && f.processingTimeCount > 0 ? round(f.processingTimeSum / f.processingTimeCount, 3) : null,
    };
    sums.videos += entry.videos_submitted;
    sums.completed += entry.jobs_completed;
    sums.failed += entry.jobs_failed;
    sums.requests += entry.requests;
    sums.ptSum += f?.processingTimeSum ?? 0;
    sums.ptCount += f?.processingTimeCount ?? 0;
    return entry;
  });

  const busiest = rows.reduce<(typeof rows)[number] | null>((best, r) => (r.videos_submitted > 0 && (!best || r.videos_submitted > best.videos_submitted) ? r : best), null);
  return {
    periods: rows,
    summary: {
      periods: rows.length,
      from: from.toISOString(),
      to: to.toISOString(),
      total_videos_submitted: sums.videos,
      total_jobs_completed: sums.completed,
      total_jobs_failed: sums.failed,
      total_requests: sums.requests,
      success_rate_percent: percent(sums.completed, sums.completed + sums.failed),
      average_processing_time: sums.ptCount > 0 ? round(sums.ptSum / sums.ptCount, 3) : null,
      average_videos_per_period: rows.length > 0 ? round(sums.videos / rows.length) : 0,
      busiest_period_start: busiest?.period_start ?? null,
    },
    query_info: {
      start_date: formatDate(query.startDate),
      end_date: formatDate(query.endDate),
      granularity: query.granularity,
      limit: query.limit,
      total_periods: total,
      truncated: total > rows.length,
    },
  };
}

// ---------------------------------------------------------------------------------------------
// GET /api/v1/usage/analytics

const trend = (current: number, previous: number) => ({
  current,
  previous,
  change_percent: previous === 0 ? null : round(((current - previous) / previous) * 100, 1),
  direction: current > previous ? ('up' as const) : current < previous ? ('down' as const) : ('flat' as const),
});

function comparison(days: number, now: Date, current: WindowTotals, previous: WindowTotals) {
  return {
    window_days: days,
    current_start: new Date(now.getTime() - days * DAY_MS).toISOString(),
    previous_start: new Date(now.getTime() - 2 * days * DAY_MS).toISOString(),
    end: now.toISOString(),
    videos_submitted: trend(current.videosSubmitted, previous.videosSubmitted),
    jobs_completed: trend(current.jobsCompleted, previous.jobsCompleted),
    jobs_failed: trend(current.jobsFailed, previous.jobsFailed),
    requests: trend(current.requests, previous.requests),
  };
}

const byActivity = (a: { videosSubmitted: number; requests: number; slot: number }, b: { videosSubmitted: number; requests: number; slot: number }) =>
  b.videosSubmitted - a.videosSubmitted || b.requests - a.requests || a.slot - b.slot;

const STATUS_ROUTE = '/api/v1/videos/status/:job_id';
const RESULT_ROUTE = '/api/v1/videos/result/:job_id';

export async function usageAnalytics(deps: UsageDeps, principal: Principal, now = new Date()) {
  await flushRecorder(deps);
  const userId = principal.userId;
  const windowStart = new Date(now.getTime() - ANALYSIS_DAYS * DAY_MS);
  const windows = [7, 14, 30, 60].map((days) => new Date(now.getTime() - days * DAY_MS));
  const [totals, activity, modes, outcomes, repeats, endpoints, active, quota, tokens] = await Promise.all([
    windowTotals(deps.db, userId, [
      { from: windows[0]!, to: now },
      { from: windows[1]!, to: windows[0]! },
      { from: windows[2]!, to: now },
      { from: windows[3]!, to: windows[2]! },
    ]),
    activityPatterns(deps.db, userId, windowStart, now),
    modePopularity(deps.db, userId, windowStart, now),
    outcomeFigures(deps.db, userId, windowStart, now),
    repeatedVideos(deps.db, userId, windowStart, now),
    endpointBreakdown(deps.db, userId, windowStart, now),
    activeDays(deps.db, userId, windowStart, now),
    quotaState(deps, principal, now),
    modelTokenFigures(deps.db, userId, windowStart, now),
  ]);
  const [week, prevWeek, month, prevMonth] = totals as [WindowTotals, WindowTotals, WindowTotals, WindowTotals];

  const jobsInWindow = month.videosSubmitted;
  const terminal = outcomes.completed + outcomes.failed;
  const patterns = {
    window_start: windowStart.toISOString(),
    window_end: now.toISOString(),
    window_days: ANALYSIS_DAYS,
    busiest_hours: [...activity.hours].sort(byActivity).slice(0, 5).map((h) => ({ hour: h.slot, videos_submitted: h.videosSubmitted, requests: h.requests })),
    busiest_weekdays: [...activity.weekdays]
      .sort(byActivity)
      .map((d) => ({ weekday: WEEKDAYS[d.slot - 1]!, iso_weekday: d.slot, videos_submitted: d.videosSubmitted, requests: d.requests })),
    mode_popularity: modes.map((m) => ({ mode: m.mode, jobs: m.jobs, percent_of_jobs: percent(m.jobs, jobsInWindow) ?? 0 })),
    success_rate: {
      completed: outcomes.completed,
      failed: outcomes.failed,
      success_rate_percent: percent(outcomes.completed, terminal),
      average_processing_time: outcomes.averageProcessingTime === null ? null : round(outcomes.averageProcessingTime, 3),
      failure_reasons: outcomes.failureCodes,
    },
    model_usage: modelUsage(tokens, deps.config.LLM_PRICES),
  };

  // Predictions: this month by its own pace; next month by the last 30 days' daily average.
  const dailyAverage = month.videosSubmitted / ANALYSIS_DAYS;
  const nextStart = quota.resetAt;
  const nextEnd = addMonths(nextStart, 1);
  const nextProjected = Math.round(dailyAverage * daysInMonth(nextStart));
  const thisMonth = costProjection(quota, now);
  const predictions = {
    basis_days: ANALYSIS_DAYS,
    daily_average_videos: round(dailyAverage),
    active_days: active,
    confidence: active >= 14 ? ('high' as const) : active >= 5 ? ('medium' as const) : ('low' as const),
    current_period: {
      period_start: quota.start.toISOString(),
      period_end: quota.resetAt.toISOString(),
      videos_used: quota.used,
      projected_videos: thisMonth.projected_videos,
      videos_limit: quota.limit,
      projected_percent_of_quota: thisMonth.projected_percent_of_quota,
      on_track_to_exceed: thisMonth.on_track_to_exceed,
    },
    next_period: {
      period_start: nextStart.toISOString(),
      period_end: nextEnd.toISOString(),
      projected_videos: nextProjected,
      videos_limit: quota.limit,
      projected_percent_of_quota: quota.limit === null ? null : round((nextProjected / quota.limit) * 100),
      would_exceed_quota: quota.limit !== null && nextProjected > quota.limit,
    },
  };

  const suggestions: Array<{ code: string; suggestion: string; reason: string }> = [];
  if (repeats.splitExtraJobs > 0) {
    suggestions.push({
      code: 'COMBINE_SUMMARY_MODES',
      suggestion: 'Ask for every summary mode you need in one request (options.summary_modes) instead of one job per mode.',
      reason: `${repeats.splitVideos} video(s) were submitted several times with different summary modes in the last ${ANALYSIS_DAYS} days; one request each would have saved ${repeats.splitExtraJobs} video(s) of quota.`,
    });
  }
  if (repeats.repeatedJobs > 0) {
    suggestions.push({
      code: 'REUSE_RESULTS',
      suggestion: 'Fetch the earlier job\'s result (GET /api/v1/videos/result/{job_id}) instead of submitting the same video with the same modes again.',
      reason: `${repeats.repeatedJobs} job(s) in the last ${ANALYSIS_DAYS} days repeated a video and summary modes already requested; each counted against the quota.`,
    });
  }
  if (terminal >= 5 && outcomes.failed / terminal >= 0.2) {
    const top = outcomes.failureCodes[0];
    suggestions.push({
      code: 'HIGH_JOB_FAILURE_RATE',
      suggestion: top?.code === 'VIDEO_UNAVAILABLE' || top?.code === 'TRANSCRIPT_UNAVAILABLE'
        ? 'Check that videos are public and have captions or audio before submitting them.'
        : 'Look at the failed jobs\' error codes (GET /api/v1/videos/?status=failed) before resubmitting.',
      reason: `High failure rate on jobs: ${outcomes.failed} of ${terminal} (${percent(outcomes.failed, terminal)}%) failed in the last ${ANALYSIS_DAYS} days${top ? `, most with ${top.code} (${top.jobs})` : ''}.`,
    });
  }
  for (const e of endpoints) {
    if (e.requests < 10 || e.errors / e.requests < 0.2) continue;
    const route = `${e.method} ${e.endpoint}`;
    const fix =
      e.endpoint === RESULT_ROUTE && e.commonErrorStatus === 409
        ? 'Wait until the status route reports completed (or failed) before fetching the result.'
        : e.commonErrorStatus === 429
          ? 'Spread requests out and honour Retry-After; the per-key limit is per minute.'
          : e.commonErrorStatus === 422
            ? 'Validate requests against /openapi.json before sending them.'
            : e.commonErrorStatus === 404
              ? 'Check job ids: unknown ids and other users\' ids answer 404.'
              : 'Check the error codes these requests receive.';
    suggestions.push({
      code: 'HIGH_ENDPOINT_ERROR_RATE',
      suggestion: fix,
      reason: `High failure rate on ${route}: ${e.errors} of ${e.requests} requests (${percent(e.errors, e.requests)}%) failed in the last ${ANALYSIS_DAYS} days${e.commonErrorStatus ? `, mostly with HTTP ${e.commonErrorStatus}` : ''}.`,
    });
  }
  const statusPolls = endpoints.filter((e) => e.endpoint === STATUS_ROUTE).reduce((sum, e) => sum + e.requests, 0);
  if (jobsInWindow > 0 && statusPolls / jobsInWindow > 30) {
    suggestions.push({
      code: 'REDUCE_STATUS_POLLING',
      suggestion: principal.plan === 'free'
        ? 'Poll job status less often (every few seconds is plenty: jobs take tens of seconds).'
        : 'Use webhook_url to be told when a job ends instead of polling its status.',
      reason: `${statusPolls} status requests for ${jobsInWindow} job(s) in the last ${ANALYSIS_DAYS} days (${round(statusPolls / jobsInWindow, 1)} per job).`,
    });
  }
  if (thisMonth.on_track_to_exceed) {
    suggestions.push({
      code: 'QUOTA_PACE',
      suggestion: principal.plan === 'free' ? 'Upgrade to Pro, or space out submissions until the quota resets.' : 'Space out submissions until the quota resets.',
      reason: `At ${thisMonth.daily_average_videos} videos a day this month you would need ${thisMonth.projected_videos} videos, over the ${quota.limit} the ${principal.plan} plan allows.`,
    });
  }

  return {
    trends: { week_over_week: comparison(7, now, week, prevWeek), month_over_month: comparison(30, now, month, prevMonth) },
    patterns,
    predictions,
    optimization_suggestions: suggestions,
    top_endpoints: endpoints.slice(0, 5).map(endpointEntry),
  };
}

// ---------------------------------------------------------------------------------------------
// GET /api/v1/usage/limits

export const QUOTA_THRESHOLDS = [
  { threshold: 100, level: 'critical' as const, code: 'QUOTA_100' as const },
  { threshold: 80, level: 'warning' as const, code: 'QUOTA_80' as const },
];

export async function usageLimits(deps: UsageDeps, principal: Principal, now = new Date()) {
  await flushRecorder(deps);
  const quota = await quotaState(deps, principal, now);
  const since = new Date(now.getTime() - DAY_MS);
  const [limits, refusedRecently] = await Promise.all([rateLimits(deps, principal, quota), refusedWith429(deps, principal.userId, since, now)]);

  // One warning: the highest threshold reached.
  const warnings: Array<{ level: 'warning' | 'critical'; code: 'QUOTA_80' | 'QUOTA_100'; message: string; threshold: number; percent_used: number; videos_used: number; videos_limit: number; reset_at: string }> = [];
  if (quota.limit !== null && quota.percentUsed !== null) {
    const reached = QUOTA_THRESHOLDS.find((t) => quota.percentUsed! >= t.threshold);
    if (reached) {
      warnings.push({
        level: reached.level,
        code: reached.code,
        message:
          reached.code === 'QUOTA_100'
            ? `The monthly quota is used up: ${quota.used} of ${quota.limit} videos. New videos are refused with QUOTA_EXCEEDED until ${quota.resetAt.toISOString()}.`
            : `${quota.percentUsed}% of the monthly quota is used: ${quota.used} of ${quota.limit} videos, ${quota.remaining} left until ${quota.resetAt.toISOString()}.`,
        threshold: reached.threshold,
        percent_used: quota.percentUsed,
        videos_used: quota.used,
        videos_limit: quota.limit,
        reset_at: quota.resetAt.toISOString(),
      });
    }
  }

  const projection = costProjection(quota, now);
  const recommendations: Array<{ code: string; message: string; reason: string; suggested_plan?: 'pro' }> = [];
  const nearQuota = quota.percentUsed !== null && quota.percentUsed >= 80;
  if (principal.plan === 'free' && (nearQuota || projection.on_track_to_exceed)) {
    const pro = deps.config.PLAN_LIMITS.pro;
    recommendations.push({
      code: 'UPGRADE_PLAN',
      message: `Upgrade to the Pro plan: ${pro.videosPerMonth ?? 'unlimited'} videos a month and ${pro.requestsPerMinute ?? 'unlimited'} requests a minute per key, plus every summary mode, webhooks and batches.`,
      reason: nearQuota
        ? `${quota.percentUsed}% of this month's ${quota.limit} videos are used.`
        : `At this month's pace you would need ${projection.projected_videos} videos, over the ${quota.limit} allowed.`,
      suggested_plan: 'pro',
    });
  } else if (principal.plan !== 'free' && (nearQuota || projection.on_track_to_exceed)) {
    recommendations.push({
      code: 'PACE_SUBMISSIONS',
      message: `Space out submissions, combine summary modes in one request and reuse earlier results until the quota resets at ${quota.resetAt.toISOString()}.`,
      reason: nearQuota
        ? `${quota.percentUsed}% of this month's ${quota.limit} videos are used.`
        : `At this month's pace you would need ${projection.projected_videos} videos, over the ${quota.limit} allowed.`,
    });
  }
  if (refusedRecently > 0) {
    recommendations.push({
      code: 'SPREAD_REQUESTS',
      message: `Spread requests out and honour Retry-After: the limit is ${limits.requests_per_minute ?? 'unlimited'} requests a minute per key. Separate integrations should use separate keys.`,
      reason: `${refusedRecently} request(s) in the last 24 hours were refused with HTTP 429 (throttle or quota).`,
    });
  }

  return { rate_limits: limits, warnings, recommendations };
}

async function refusedWith429(deps: UsageDeps, userId: string, from: Date, to: Date): Promise<number> {
  const rows = await endpointBreakdown(deps.db, userId, from, to);
  return rows.reduce((sum, r) => sum + r.throttled, 0);
}

