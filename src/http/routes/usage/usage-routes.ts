/** The usage endpoints (docs/api-behaviour.md#usage-reports): reports on the caller's own usage, read permission. */
import type { AnyRoute } from '../../route';
import type { UsageDeps } from '../../../usage/report';
import { usageHistoryRoute } from './history';
import { usageReportRoutes } from './reports';

export type { UsageDeps } from '../../../usage/report';

export function usageRoutes(deps: UsageDeps): AnyRoute[] {
  return [...usageReportRoutes(deps), usageHistoryRoute(deps)];
}
