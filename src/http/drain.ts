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
  /**
   * Counts work in flight until it settles: each request from its arrival until the app is done
   * with it (every middleware, its usage row included), and any other work the close must wait
   * for. A handler outlives its connection when the client hangs up, so a closed listener does
   * not mean nothing is being handled.
   */
  track(handling: Promise<unknown>): void;
  /** Resolves once nothing tracked is in flight, or at `deadline` (epoch ms), whichever comes first. */
  idle(deadline: number): Promise<void>;
}

export function createDrain(): Drain {
  const controller = new AbortController();
  let handling = 0;
  let whenIdle: Array<() => void> = [];
  const handled = () => {
    handling -= 1;
    if (handling > 0) return;
    for (const resolve of whenIdle) resolve();
    whenIdle = [];
  };
  return {
    get draining() {
      return controller.signal.aborted;
    },
    signal: controller.signal,
    begin: () => controller.abort(),
    track(handlingOne) {
      handling += 1;
      handlingOne.then(handled, handled);
    },
    idle(deadline) {
      if (handling === 0) return Promise.resolve();
      return new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.max(0, deadline - Date.now()));
        whenIdle.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    },
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
