/**
 * Temporal's connections (the client's `Connection`, the worker's `NativeConnection`) keep each
 * call's context (metadata, deadline, abort signal) in an AsyncLocalStorage and scope it with
 * `run`: the client around every namespaced call (`withMetadata`), the worker around every
 * activity (`withAbortSignal`, which the native connection does not even honour). On Node 20, once
 * any AsyncLocalStorage has run, Node calls a hook on every promise and native async resource the
 * process creates, for as long as one stays enabled: a large share of the API's CPU per request
 * (bench/status-route.ts). The connections read that context synchronously, inside `run`, when they
 * issue an RPC; so a scope that lasts exactly as long as the synchronous call carries the same
 * context without any hook.
 *
 * The price: a context set with `withDeadline`, `withAbortSignal` or `withMetadata` around code that
 * awaits before calling does not reach the call. This service sets per-call deadlines in the
 * client's interceptor instead (src/temporal/client.ts), and the linter refuses those methods.
 */
import type { AsyncLocalStorage } from 'node:async_hooks';

export function scopeCallContextSynchronously<Context>(connection: { readonly callContextStorage: AsyncLocalStorage<Context> }): void {
  const storage = connection.callContextStorage;
  let current: Context | undefined;
  storage.getStore = () => current;
  storage.run = <R, A extends unknown[]>(store: Context, fn: (...args: A) => R, ...args: A): R => {
    const outer = current;
    current = store;
    try {
      return fn(...args);
    } finally {
      current = outer;
    }
  };
}
