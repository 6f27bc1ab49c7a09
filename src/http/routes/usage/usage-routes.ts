/** The usage endpoints (docs/api-behaviour.md#usage-reports): reports on the caller's own usage, read permission. */
import type { AnyRoute } from '../../route';
import type { UsageDeps } from '../../../usage/report';
import { usageAnalyticsRoute } from './analytics';
import { usageCurrentRoute } from './current';
import { usageHistoryRoute } from './history';
import { usageLimitsRoute } from './limits';

export type { UsageDeps } from '../../../usage/report';

export function usageRoutes(deps: UsageDeps): AnyRoute[] {
  return [usageCurrentRoute(deps), usageHistoryRoute(deps), usageAnalyticsRoute(deps), usageLimitsRoute(deps)];
}
