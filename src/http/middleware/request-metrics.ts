/**
 * The request observer behind the HTTP metrics: count and latency by the route template the
 * router dispatched to (never the raw path, whose ids would make a series per job), method and
 * final status; and the requests the throttle or the monthly quota refused.
 */
import type { RequestObserver } from './observe-requests';
import type { RequestState } from '../route';
import type { ServiceMetrics } from '../../metrics/service-metrics';

/** Paths no route answers (404s, and 405s on known paths) share one label value. */
export const UNMATCHED_ROUTE = 'unmatched';

export function measureRequests(metrics: ServiceMetrics): RequestObserver {
  return ({ ctx, durationMs }) => {
    metrics.httpRequest({ route: routeLabel(ctx), method: ctx.method, status: ctx.status }, durationMs / 1000);
    // No principal: refused before any valid key was seen (too many bad keys from one address).
    const plan = ctx.state.principal?.plan || 'none';
    if (ctx.state.errorCode === 'RATE_LIMITED') metrics.requestRefused('rate_limited', plan);
    if (ctx.state.errorCode === 'QUOTA_EXCEEDED') metrics.requestRefused('quota_exceeded', plan);
  };
}

function routeLabel(ctx: { state: RequestState; _matchedRoute?: string | RegExp }): string {
  // Declared routes report their declared path (aliases included); anything else mounted on the
  // router, its template.
  if (ctx.state.route) return ctx.state.route.path;
  return typeof ctx._matchedRoute === 'string' ? ctx._matchedRoute : UNMATCHED_ROUTE;
}
