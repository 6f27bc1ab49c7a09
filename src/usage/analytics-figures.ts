/**
 * GET /api/v1/usage/analytics, its figures: the last 30 days and the windows before them, then
 * trends, patterns and predictions drawn from them. What to suggest is in suggestion-rules.ts.
 */
import type { Principal } from '../domain/access';
import type { PlanLimitTable } from '../domain/plans';
import type { Db } from '../storage/database';
import {
  activeDays,
  activityPatterns,
  endpointBreakdown,
  modelTokenFigures,
  modePopularity,
  outcomeFigures,
  repeatedVideos,
  windowTotals,
  type ActivityByTime,
  type WindowTotals,
} from '../storage/repositories/usage-reports';
import { modelUsage, type ModelPriceTable } from './model-cost-figures';
import { addDays, addMonths, daysInMonth } from './periods';
import { quotaState, type CostProjection } from './quota-figures';
import { percent, round } from './rounding';

/** Analytics look at the last 30 days. */
export const ANALYSIS_DAYS = 30;
const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;

export type AnalyticsFigures = Awaited<ReturnType<typeof analyticsFigures>>;

/** Every query the report needs, run at once. */
export async function analyticsFigures(db: Db, planLimits: PlanLimitTable, principal: Principal, now: Date) {
  const userId = principal.userId;
  const windowStart = addDays(now, -ANALYSIS_DAYS);
  const [days7, days14, days30, days60] = [7, 14, 30, 60].map((days) => addDays(now, -days)) as [Date, Date, Date, Date];
  const [totals, activity, modes, outcomes, repeats, endpoints, active, quota, tokens] = await Promise.all([
    windowTotals(db, userId, [
      { from: days7, to: now },
      { from: days14, to: days7 },
      { from: days30, to: now },
      { from: days60, to: days30 },
    ]),
    activityPatterns(db, userId, windowStart, now),
    modePopularity(db, userId, windowStart, now),
    outcomeFigures(db, userId, windowStart, now),
    repeatedVideos(db, userId, windowStart, now),
    endpointBreakdown(db, userId, windowStart, now),
    activeDays(db, userId, windowStart, now),
    quotaState(db, planLimits, principal, now),
    modelTokenFigures(db, userId, windowStart, now),
  ]);
  const [week, previousWeek, month, previousMonth] = totals as [WindowTotals, WindowTotals, WindowTotals, WindowTotals];
  return { now, windowStart, week, previousWeek, month, previousMonth, activity, modes, outcomes, repeats, endpoints, activeDays: active, quota, tokens };
}

function trend(current: number, previous: number) {
  return {
    current,
    previous,
    change_percent: previous === 0 ? null : round(((current - previous) / previous) * 100, 1),
    direction: current > previous ? ('up' as const) : current < previous ? ('down' as const) : ('flat' as const),
  };
}

function comparison(days: number, now: Date, current: WindowTotals, previous: WindowTotals) {
  return {
    window_days: days,
    current_start: addDays(now, -days).toISOString(),
    previous_start: addDays(now, -2 * days).toISOString(),
    end: now.toISOString(),
    videos_submitted: trend(current.videosSubmitted, previous.videosSubmitted),
    jobs_completed: trend(current.jobsCompleted, previous.jobsCompleted),
    jobs_failed: trend(current.jobsFailed, previous.jobsFailed),
    requests: trend(current.requests, previous.requests),
  };
}

export function trends(figures: AnalyticsFigures) {
  return {
    week_over_week: comparison(7, figures.now, figures.week, figures.previousWeek),
    month_over_month: comparison(30, figures.now, figures.month, figures.previousMonth),
  };
}

/** Busiest first: by videos, then by requests, then the earlier hour or weekday. */
const byActivity = (a: ActivityByTime, b: ActivityByTime) => b.videosSubmitted - a.videosSubmitted || b.requests - a.requests || a.slot - b.slot;

export function patterns(figures: AnalyticsFigures, prices: ModelPriceTable) {
  const { activity, outcomes } = figures;
  return {
    window_start: figures.windowStart.toISOString(),
    window_end: figures.now.toISOString(),
    window_days: ANALYSIS_DAYS,
    busiest_hours: [...activity.hours].sort(byActivity).slice(0, 5).map((h) => ({ hour: h.slot, videos_submitted: h.videosSubmitted, requests: h.requests })),
    busiest_weekdays: [...activity.weekdays]
      .sort(byActivity)
      .map((d) => ({ weekday: WEEKDAYS[d.slot - 1]!, iso_weekday: d.slot, videos_submitted: d.videosSubmitted, requests: d.requests })),
    mode_popularity: figures.modes.map((m) => ({ mode: m.mode, jobs: m.jobs, percent_of_jobs: percent(m.jobs, figures.month.videosSubmitted) ?? 0 })),
    success_rate: {
      completed: outcomes.completed,
      failed: outcomes.failed,
      success_rate_percent: percent(outcomes.completed, outcomes.completed + outcomes.failed),
      average_processing_time: outcomes.averageProcessingTime === null ? null : round(outcomes.averageProcessingTime, 3),
      failure_reasons: outcomes.failureCodes,
    },
    model_usage: modelUsage(figures.tokens, prices),
  };
}

/** How sure a prediction from the last 30 days can be: by the days with any submission. */
const confidenceOf = (activeDays: number) => (activeDays >= 14 ? ('high' as const) : activeDays >= 5 ? ('medium' as const) : ('low' as const));

/** This month by its own pace; next month by the last 30 days' daily average. */
export function predictions(figures: AnalyticsFigures, thisMonth: CostProjection) {
  const { quota } = figures;
  const dailyAverage = figures.month.videosSubmitted / ANALYSIS_DAYS;
  const nextStart = quota.resetAt;
  const nextProjected = Math.round(dailyAverage * daysInMonth(nextStart));
  return {
    basis_days: ANALYSIS_DAYS,
    daily_average_videos: round(dailyAverage),
    active_days: figures.activeDays,
    confidence: confidenceOf(figures.activeDays),
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
      period_end: addMonths(nextStart, 1).toISOString(),
      projected_videos: nextProjected,
      videos_limit: quota.limit,
      projected_percent_of_quota: quota.limit === null ? null : round((nextProjected / quota.limit) * 100),
      would_exceed_quota: quota.limit !== null && nextProjected > quota.limit,
    },
  };
}
