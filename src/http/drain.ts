/**
 * Draining on shutdown: requests already in flight finish, new ones are turned away with 503 and
 * `Connection: close` (so clients reconnect elsewhere), and /health says the process is draining
 * so load balancers stop sending traffic.
 */
import type { Middleware } from 'koa';
import type { RequestState } from './route';
import { serviceUnavailable } from './request-deadline';

export interface Drain {
  readonly draining: boolean;
  /** Aborted when draining begins: long waits (process-sync) answer early instead of being cut off. */
  readonly signal: AbortSignal;
  begin(): void;
}

export function createDrain(): Drain {
  const controller = new AbortController();
  return {
    get draining() {
      return controller.signal.aborted;
    },
    signal: controller.signal,
    begin: () => controller.abort(),
  };
}

export function drainGate(drain: Drain, answeredWhileDraining: readonly string[] = ['/health']): Middleware<RequestState> {
  return async (ctx, next) => {
    if (drain.draining && !answeredWhileDraining.includes(ctx.path)) {
      throw serviceUnavailable('The service is shutting down; try again shortly', { Connection: 'close' });
    }
    try {
      await next();
    } finally {
      if (drain.draining) ctx.set('Connection', 'close');
    }
  };
}
