import { defineRoute } from '../../route';
import { usageAnalytics, type UsageDeps } from '../../../usage/report';
import { UsageAnalyticsSchema } from './schemas';

export const usageAnalyticsRoute = (deps: UsageDeps) =>
  defineRoute({
    method: 'get',
    path: '/api/v1/usage/analytics',
    summary: "Trends, patterns and predictions from the caller's persisted jobs and requests",
    description: 'Week-over-week and month-over-month trends, activity patterns, mode popularity, success rate, predictions and suggestions, over the last 30 days (UTC).',
    tags: ['usage'],
    auth: { kind: 'key', permission: 'read' },
    responses: {
      200: { description: 'Usage analytics', schema: UsageAnalyticsSchema },
    },
    async handler({ principal }) {
      return { body: await usageAnalytics(deps, principal) };
    },
  });
