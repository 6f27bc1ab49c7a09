import { defineRoute } from '../../route';
import { currentUsage, type UsageDeps } from '../../../usage/report';
import { UsageCurrentSchema } from './schemas';

export const usageCurrentRoute = (deps: UsageDeps) =>
  defineRoute({
    method: 'get',
    path: '/api/v1/usage/current',
    summary: "The caller's usage in the current quota period",
    description:
      'Quota counter, jobs and requests of the current calendar month (UTC), the calling key\'s throttle, requests by route and a projection of the month. ' +
      'Informational: quotas and throttles are enforced where they apply, not here.',
    tags: ['usage'],
    auth: { kind: 'key', permission: 'read' },
    responses: {
      200: { description: 'Current period figures', schema: UsageCurrentSchema },
    },
    async handler({ principal }) {
      return { body: await currentUsage(deps, principal) };
    },
  });
