/**
 * The model call cache across a thread boundary: summaries are written on a worker thread, the
 * database stays with the activity on the main thread. The cache itself is defined in
 * model-call-cache.ts; its names are re-exported here for the modules that import them from here.
 */
import type { MessagePort } from 'node:worker_threads';
import type { ModelCallCache, ModelCallRecord } from './model-call-cache';

export { createMemoryModelCallCache, modelCallKey, type ModelCallCache, type ModelCallRecord } from './model-call-cache';

/* Requests and answers travel over a MessagePort. */
type CacheRequest = { id: number; op: 'get'; key: string } | { id: number; op: 'put'; key: string; record: ModelCallRecord };
type CacheAnswer = { id: number; record?: ModelCallRecord | null; error?: string };

export function serveModelCallCache(port: MessagePort, cache: ModelCallCache): void {
  port.on('message', (request: CacheRequest) => {
    const answer = request.op === 'get' ? cache.get(request.key) : cache.put(request.key, request.record).then(() => null);
    answer.then(
      (record) => port.postMessage({ id: request.id, record } satisfies CacheAnswer),
      (error: unknown) => port.postMessage({ id: request.id, error: String((error as Error)?.message ?? error) } satisfies CacheAnswer),
    );
  });
}

export function modelCallCacheOverPort(port: MessagePort): ModelCallCache & { close(): void } {
  let nextId = 0;
  const waiting = new Map<number, { resolve(record: ModelCallRecord | null): void; reject(error: Error): void }>();
  port.on('message', (answer: CacheAnswer) => {
    const pending = waiting.get(answer.id);
    if (!pending) return;
    waiting.delete(answer.id);
    if (answer.error !== undefined) pending.reject(new Error(`model call cache: ${answer.error}`));
    else pending.resolve(answer.record ?? null);
  });
  const ask = (request: { op: 'get'; key: string } | { op: 'put'; key: string; record: ModelCallRecord }) =>
    new Promise<ModelCallRecord | null>((resolve, reject) => {
      const id = nextId++;
      waiting.set(id, { resolve, reject });
      port.postMessage({ ...request, id });
    });
  return {
    get: (key) => ask({ op: 'get', key }),
    put: async (key, record) => {
      await ask({ op: 'put', key, record });
    },
    close: () => port.close(),
  };
}
