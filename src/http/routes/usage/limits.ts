import { defineRoute } from '../../route';
import { usageLimits, type UsageDeps } from '../../../usage/report';
import { UsageLimitsSchema } from './schemas';

export const usageLimitsRoute = (deps: UsageDeps) =>
  defineRoute({
    method: 'get',
    path: '/api/v1/usage/limits',
    summary: "The caller's limits, quota warnings and recommendations",
    description: 'Per-key throttle and monthly quota, a warning at 80% (QUOTA_80) or 100% (QUOTA_100) of the quota, and recommendations.',
    tags: ['usage'],
    auth: { kind: 'key', permission: 'read' },
    responses: {
      200: { description: 'Limits, warnings and recommendations', schema: UsageLimitsSchema },
    },
    async handler({ principal }) {
      return { body: await usageLimits(deps, principal) };
    },
  });
