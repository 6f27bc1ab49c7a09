/**
 * Finished model calls, content-addressed: the key is a SHA-256 of everything that decides the
 * answer (provider, model, prompt version, instructions, data, schema, output budget). The same
 * call is never paid for twice, which is how the finished parts of a long transcript survive a
 * retried activity or a worker crash, and how an identical request makes no model call at all.
 */
import { createHash } from 'node:crypto';
import type { MessagePort } from 'node:worker_threads';

export interface ModelCallRecord {
  /** The model's text; for structured output, its JSON. */
  output: string;
  inputTokens: number;
  outputTokens: number;
}

export interface ModelCallCache {
  get(key: string): Promise<ModelCallRecord | null>;
  put(key: string, record: ModelCallRecord): Promise<void>;
}

export function modelCallKey(parts: Record<string, unknown>): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex');
}

export function createMemoryModelCallCache(): ModelCallCache & { readonly size: number } {
  const calls = new Map<string, ModelCallRecord>();
  return {
    get: async (key) => calls.get(key) ?? null,
    put: async (key, record) => {
      calls.set(key, record);
    },
    get size() {
      return calls.size;
    },
  };
}

/**
 * The cache across a thread boundary: summaries are written on a worker thread, the database
 * stays with the activity on the main thread. Requests and answers travel over a MessagePort.
 */
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
