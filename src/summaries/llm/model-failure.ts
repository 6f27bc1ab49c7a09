/**
 * What a failed model call means for the caller. Retrying is Temporal's job (the SDKs' own retries
 * are off), so a failure only says whether a retry can help and how long the provider asked us
 * to wait. Messages never carry the API key or the provider's answer body.
 */
import { APICallError } from 'ai';

export type ModelFailureKind =
  /** 429, 408, 5xx, timeouts, connection errors: a retry may succeed. */
  | 'retryable'
  /** 400, 401, 403, 404, 422, content-policy refusals: final at once. */
  | 'rejected'
  /** Structured output still invalid after one corrective retry. */
  | 'invalid_output';

export class ModelFailure extends Error {
  override readonly name = 'ModelFailure';
  constructor(
    message: string,
    readonly kind: ModelFailureKind,
    readonly retryAfterMs: number | null = null,
    readonly status: number | null = null,
  ) {
    super(message);
  }
}

export function toModelFailure(error: unknown): ModelFailure {
  if (error instanceof ModelFailure) return error;
  if (APICallError.isInstance(error)) {
    const status = error.statusCode ?? null;
    const retryable = status === null || status === 408 || status === 409 || status === 429 || status >= 500;
    return new ModelFailure(
      status === null ? 'The model provider could not be reached' : `The model provider answered HTTP ${status}`,
      retryable ? 'retryable' : 'rejected',
      retryable ? retryAfterMs(error.responseHeaders) : null,
      status,
    );
  }
  const name = (error as { name?: string } | null)?.name;
  if (name === 'TimeoutError' || name === 'AbortError') return new ModelFailure('The model call timed out', 'retryable');
  // fetch failures (refused connection, DNS, reset) surface as TypeError or as errors with a cause.
  return new ModelFailure('The model provider could not be reached', 'retryable');
}

/** Retry-After in seconds or as an HTTP date, or OpenAI's retry-after-ms. */
function retryAfterMs(headers: Record<string, string> | undefined): number | null {
  if (!headers) return null;
  const lower = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
  const ms = Number(lower['retry-after-ms']);
  if (Number.isFinite(ms) && ms >= 0) return Math.round(ms);
  const raw = lower['retry-after'];
  if (!raw) return null;
  const seconds = Number(raw);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.round(seconds * 1000);
  const date = Date.parse(raw);
  return Number.isFinite(date) ? Math.max(0, date - Date.now()) : null;
}
