/**
 * The usage reports that take no query (current, analytics, limits): each is a report of the
 * caller's own usage, read permission, answered as the report computes it.
 */
import type { ZodType } from 'zod';
import type { Principal } from '../../../domain/access';
import { currentUsage, usageAnalytics, usageLimits, type UsageDeps } from '../../../usage/report';
import { defineRoute, keyWith, type AnyRoute } from '../../route';
import { UsageAnalyticsSchema, UsageCurrentSchema, UsageLimitsSchema } from './schemas';

interface UsageReport {
  path: string;
  summary: string;
  description: string;
  /** The 200 answer: what it is, and its schema. */
  answer: { description: string; schema: ZodType };
  report(deps: UsageDeps, principal: Principal): Promise<Record<string, unknown>>;
}

const REPORTS: UsageReport[] = [
  {
    path: '/api/v1/usage/current',
    summary: "The caller's usage in the current quota period",
    description:
      'Quota counter, jobs and requests of the current calendar month (UTC), the calling key\'s throttle, requests by route and a projection of the month. ' +
      'Informational: quotas and throttles are enforced where they apply, not here.',
    answer: { description: 'Current period figures', schema: UsageCurrentSchema },
    report: (deps, principal) => currentUsage(deps, principal),
  },
  {
    path: '/api/v1/usage/analytics',
    summary: "Trends, patterns and predictions from the caller's persisted jobs and requests",
    description:
      'Week-over-week and month-over-month trends, activity patterns, mode popularity, success rate, predictions and suggestions, over the last 30 days (UTC).',
    answer: { description: 'Usage analytics', schema: UsageAnalyticsSchema },
    report: (deps, principal) => usageAnalytics(deps, principal),
  },
  {
    path: '/api/v1/usage/limits',
    summary: "The caller's limits, quota warnings and recommendations",
    description: 'Per-key throttle and monthly quota, a warning at 80% (QUOTA_80) or 100% (QUOTA_100) of the quota, and recommendations.',
    answer: { description: 'Limits, warnings and recommendations', schema: UsageLimitsSchema },
    report: (deps, principal) => usageLimits(deps, principal),
  },
];

const reportRoute = (deps: UsageDeps, { path, summary, description, answer, report }: UsageReport) =>
  defineRoute({
    method: 'get',
    path,
    summary,
    description,
    auth: keyWith('read'),
    responses: { 200: answer },
    async handler({ principal }) {
      return { body: await report(deps, principal) };
    },
  });

/** The current, analytics and limits routes, in that order. */
export function usageReportRoutes(deps: UsageDeps): AnyRoute[] {
  return REPORTS.map((report) => reportRoute(deps, report));
}
