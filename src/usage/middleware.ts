/**
 * Koa middleware that records every authenticated API request: user, key, method, the declared
 * route template (never the raw URL with ids), final HTTP status, duration and time. It sits
 * outside the error envelope, so it sees the status the client gets, errors included, and it only
 * hands a row to the recorder (a synchronous push): nothing here waits on the database.
 */
import type { Middleware } from 'koa';
import type { Principal } from '../domain/access';
import type { AnyRoute } from '../http/route';
import type { RequestState } from '../http/request-context';
import type { UsageRecorder } from './recorder';

interface RouteInfo {
  template: string;
  needsKey: boolean;
}

export function recordApiRequests(recorder: UsageRecorder, routes: readonly AnyRoute[]): Middleware<RequestState> {
  // The router reports the path it matched, which may be an alias; reports use the declared path.
  const byMatched = new Map<string, RouteInfo>();
  for (const route of routes) {
    const info = { template: route.path, needsKey: route.auth.kind !== 'none' };
    for (const path of [route.path, ...(route.aliases ?? [])]) byMatched.set(`${route.method.toUpperCase()} ${path}`, info);
  }

  return async (ctx, next) => {
    const startedAt = Date.now();
    const started = performance.now();
    try {
      await next();
    } finally {
      const matched = (ctx as { _matchedRoute?: unknown })._matchedRoute;
      const method = ctx.method === 'HEAD' ? 'GET' : ctx.method;
      const route = typeof matched === 'string' ? byMatched.get(`${method} ${matched}`) : undefined;
      if (route?.needsKey) {
        // The router stores the caller once its key is valid, so requests the throttle or the
        // permission check refused are counted too; those with no valid key are not.
        const principal = ctx.state.principal;
        if (principal?.userId) {
          recorder.record(row(principal, ctx.method, route.template, ctx.status, performance.now() - started, startedAt));
        }
      }
    }
  };
}

function row(principal: Principal, method: string, endpoint: string, statusCode: number, durationMs: number, at: number) {
  return {
    userId: principal.userId,
    keyId: principal.keyId || null,
    method,
    endpoint,
    statusCode,
    durationMs: Math.round(durationMs * 1000) / 1000,
    at,
  };
}
