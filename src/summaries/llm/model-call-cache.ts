/**
 * Finished model calls, content-addressed. The key is a SHA-256 of everything that decides the
 * answer (provider, model, prompt version, the exact messages, the output schema, the output
 * budget), so the same call is never paid for twice: this is how the finished parts of a long
 * transcript survive a retried activity or a worker crash, and how a second identical request
 * makes no model call at all. The integrator backs the cache with Postgres.
 */
import { createHash } from 'node:crypto';

export interface ModelCallRecord {
  /** The model's text; for structured output, its JSON. */
  output: string;
  /** What the call cost when it was made (a corrective retry included). */
  inputTokens: number;
  outputTokens: number;
}

export interface ModelCallCache {
  get(key: string): Promise<ModelCallRecord | null>;
  /** A call just made to the provider, and only such: the service's cache also bills the job for it here. */
  put(key: string, record: ModelCallRecord): Promise<void>;
}

/** SHA-256 (hex) of the parts as JSON with sorted keys, so key order never splits the cache. */
export function modelCallKey(parts: Record<string, unknown>): string {
  return createHash('sha256').update(canonicalJson(parts)).digest('hex');
}

function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) => {
    if (inner === null || typeof inner !== 'object' || Array.isArray(inner)) return inner;
    const sorted: Record<string, unknown> = {};
    for (const key of Object.keys(inner).sort()) sorted[key] = (inner as Record<string, unknown>)[key];
    return sorted;
  });
}

/** A cache in this process's memory, for tests and benchmarks. */
export function createMemoryModelCallCache(): ModelCallCache & { readonly size: number } {
  const calls = new Map<string, ModelCallRecord>();
  return {
    get: async (key) => calls.get(key) ?? null,
    put: async (key, record) => {
      calls.set(key, { ...record });
    },
    get size() {
      return calls.size;
    },
  };
}
