/**
 * Temporal runs each activity inside its context storage's `run` (an AsyncLocalStorage), so that
 * `Context.current()` answers after awaits. On Node 20, an enabled AsyncLocalStorage makes Node call
 * a hook on every promise and native async resource the whole process creates, and the storage
 * stays enabled once it has run: after the first job, `npm start`'s API (which shares the process
 * with the worker) would pay for the hook on every request, a measurable share of the status
 * route's CPU (bench/status-route.ts --service npm-start).
 *
 * So the storage is disabled whenever the last running activity has settled, and the hook goes
 * with it (unless something else, such as tracing, keeps an AsyncLocalStorage of its own enabled);
 * the next activity's `run` enables it again. Nothing of an activity reads its context once the
 * activity has settled: the SDK hands each one its context explicitly, and `Context.current()` is
 * only meaningful inside an activity.
 */
import { asyncLocalStorage, type Context } from '@temporalio/activity';
import type { AsyncLocalStorage } from 'node:async_hooks';

const released = new WeakSet<AsyncLocalStorage<unknown>>();

export function releaseActivityContextBetweenActivities(storage: AsyncLocalStorage<Context> = asyncLocalStorage): void {
  if (released.has(storage)) return;
  released.add(storage);
  const run = storage.run.bind(storage);
  let running = 0;
  const settle = () => {
    running -= 1;
    if (running === 0) storage.disable();
  };
  storage.run = <R, A extends unknown[]>(store: Context, fn: (...args: A) => R, ...args: A): R => {
    running += 1;
    let result: R;
    try {
      result = run(store, fn, ...args);
    } catch (error) {
      settle();
      throw error;
    }
    if (result instanceof Promise) result.then(settle, settle);
    else settle();
    return result;
  };
}
