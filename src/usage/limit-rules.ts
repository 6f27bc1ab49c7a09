/**
 * GET /api/v1/usage/limits, what it warns of and recommends: the quota thresholds and the
 * recommendations as tables, each entry saying when it applies and what it says.
 */
import type { Plan } from '../domain/access';
import type { PlanLimits } from '../domain/plans';
import { quotaMarkReached, type QuotaMark } from '../domain/quota-marks';
import type { CostProjection, QuotaState } from './quota-figures';
import { USER_LIMIT_FACTOR } from './throttle';

interface QuotaThreshold {
  threshold: QuotaMark;
  level: 'warning' | 'critical';
  code: 'QUOTA_80' | 'QUOTA_100';
  message(quota: QuotaState): string;
}

/** Each mark's warning; only the highest mark reached is reported. */
const QUOTA_THRESHOLDS: readonly QuotaThreshold[] = [
  {
    threshold: 100,
    level: 'critical',
    code: 'QUOTA_100',
    message: (q) => `The monthly quota is used up: ${q.used} of ${q.limit} videos. New videos are refused with QUOTA_EXCEEDED until ${q.resetAt.toISOString()}.`,
  },
  {
    threshold: 80,
    level: 'warning',
    code: 'QUOTA_80',
    message: (q) => `${q.percentUsed}% of the monthly quota is used: ${q.used} of ${q.limit} videos, ${q.remaining} left until ${q.resetAt.toISOString()}.`,
  },
];

export function quotaWarnings(quota: QuotaState) {
  const { limit } = quota;
  // The marks the email notices announce too, judged on the counts.
  const mark = quotaMarkReached(quota.used, limit);
  const reached = QUOTA_THRESHOLDS.find((t) => t.threshold === mark);
  if (!reached) return [];
  return [
    {
      level: reached.level,
      code: reached.code,
      message: reached.message(quota),
      threshold: reached.threshold,
      percent_used: quota.percentUsed,
      videos_used: quota.used,
      videos_limit: limit,
      reset_at: quota.resetAt.toISOString(),
    },
  ];
}

export interface LimitSituation {
  plan: Plan;
  quota: QuotaState;
  projection: CostProjection;
  /** The key's throttle: requests a minute, null for none. */
  requestsPerMinute: number | null;
  /** Requests of the user refused with 429 in the last 24 hours. */
  refusedRecently: number;
  /** What the Pro plan would give, for the upgrade recommendation. */
  pro: PlanLimits;
}

interface Recommendation {
  code: string;
  message: string;
  reason: string;
  suggested_plan?: 'pro';
}

interface RecommendationRule {
  code: string;
  applies(s: LimitSituation): boolean;
  message(s: LimitSituation): string;
  reason(s: LimitSituation): string;
  suggestedPlan?: 'pro';
}

const nearQuota = (s: LimitSituation) => s.quota.percentUsed !== null && s.quota.percentUsed >= 80;
const quotaUnderPressure = (s: LimitSituation) => nearQuota(s) || s.projection.on_track_to_exceed;
const quotaPressure = (s: LimitSituation) =>
  nearQuota(s)
    ? `${s.quota.percentUsed}% of this month's ${s.quota.limit} videos are used.`
    : `At this month's pace you would need ${s.projection.projected_videos} videos, over the ${s.quota.limit} allowed.`;

const RECOMMENDATION_RULES: readonly RecommendationRule[] = [
  {
    code: 'UPGRADE_PLAN',
    applies: (s) => s.plan === 'free' && quotaUnderPressure(s),
    message: (s) =>
      `Upgrade to the Pro plan: ${s.pro.videosPerMonth ?? 'unlimited'} videos a month and ${s.pro.requestsPerMinute ?? 'unlimited'} requests a minute per key, plus every summary mode, webhooks and batches.`,
    reason: quotaPressure,
    suggestedPlan: 'pro',
  },
  {
    code: 'PACE_SUBMISSIONS',
    applies: (s) => s.plan !== 'free' && quotaUnderPressure(s),
    message: (s) =>
      `Space out submissions, combine summary modes in one request and reuse earlier results until the quota resets at ${s.quota.resetAt.toISOString()}.`,
    reason: quotaPressure,
  },
  {
    code: 'SPREAD_REQUESTS',
    applies: (s) => s.refusedRecently > 0,
    message: (s) =>
      s.requestsPerMinute === null
        ? 'Honour Retry-After: this plan has no per-minute limit, so these were refusals of the monthly quota (QUOTA_EXCEEDED).'
        : `Spread requests out and honour Retry-After: the limit is ${s.requestsPerMinute} requests a minute per key, and ${s.requestsPerMinute * USER_LIMIT_FACTOR} for all of the account's keys together. Separate integrations should use separate keys.`,
    reason: (s) => `${s.refusedRecently} request(s) in the last 24 hours were refused with HTTP 429 (throttle or quota).`,
  },
];

export function limitRecommendations(situation: LimitSituation): Recommendation[] {
  return RECOMMENDATION_RULES.filter((r) => r.applies(situation)).map((r) => ({
    code: r.code,
    message: r.message(situation),
    reason: r.reason(situation),
    ...(r.suggestedPlan ? { suggested_plan: r.suggestedPlan } : {}),
  }));
}
