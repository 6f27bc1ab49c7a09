/**
 * What happens after every request is answered: the observers (metrics, the usage log) each see
 * the finished request. One middleware times the request for all of them, outside the error
 * envelope, so each sees the status and error code the client got.
 */
import type { Middleware } from 'koa';
import type { AppContext, RequestState } from '../route';

export interface FinishedRequest {
  ctx: AppContext;
  /** When the request arrived, epoch ms. */
  startedAt: number;
  /** Time to answer, ms (sub-millisecond precision). */
  durationMs: number;
}

/** Called once per request after it is answered; synchronous and must not throw. */
export type RequestObserver = (finished: FinishedRequest) => void;

export function observeRequests(observers: readonly RequestObserver[]): Middleware<RequestState> {
  return async (ctx, next) => {
    const startedAt = Date.now();
    const started = performance.now();
    try {
      await next();
    } finally {
      const finished: FinishedRequest = { ctx: ctx as AppContext, startedAt, durationMs: performance.now() - started };
      for (const observe of observers) observe(finished);
    }
  };
}
