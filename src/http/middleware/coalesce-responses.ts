/**
 * Writes the answers of requests handled in the same turn of the event loop together, once the
 * turn's I/O has been read, instead of each the moment its handler returns.
 *
 * Why: under load one turn reads many requests. Written one by one, between the handling of the
 * next ones, each answer reaches a client that has gone back to sleep waiting for it, and the
 * write pays for waking it: on a loopback (a load balancer or proxy on the same host, a
 * co-located client) that wake-up runs in our write and is a large share of the status route's
 * CPU. Written back to back, the first wakes the client and the rest find it awake. An answer
 * waits at most for the turn's other handlers, which it waits for anyway; alone, it waits for
 * nothing (bench/status-route.ts measures the route; docs/performance-log.md keeps its figures).
 */
import type { Middleware } from 'koa';

export function coalesceResponses(): Middleware {
  let turnEnd: Promise<void> | null = null;
  const endOfTurn = () =>
    (turnEnd ??= new Promise<void>((resolve) =>
      setImmediate(() => {
        turnEnd = null;
        resolve();
      }),
    ));
  return async (_ctx, next) => {
    await next();
    await endOfTurn();
  };
}
