/**
 * What a failed model call means for the caller. Retrying is Temporal's job (the SDKs' own retries
 * are off), so a failure only says whether a retry can help and how long the provider asked us to
 * wait. Messages are written here from the status and, at most, the provider's error code: never
 * the provider's message or body (a 401 body may echo the key), never the request, and the
 * original error is not kept as `cause` so that nothing logged downstream can carry the key.
 */
import { APICallError } from 'ai';
import { providerErrorCode, retryAfterMs } from '../../lib/provider-answers';

export type ModelFailureKind =
  /** 429, 408, 409, 5xx, timeouts, connection errors: a later attempt may succeed. */
  | 'retryable'
  /** 400, 401, 403, 404, 422, content-policy refusals: final at once. */
  | 'rejected'
  /** Output still not in the mode's format after one corrective retry. */
  | 'invalid_output';

export class ModelFailure extends Error {
  override readonly name = 'ModelFailure';
  constructor(
    message: string,
    readonly kind: ModelFailureKind,
    /** How long the provider asked us to wait (Retry-After, retry-after-ms), for retryable failures. */
    readonly retryAfterMs: number | null = null,
    /** The provider's HTTP status, when it answered. */
    readonly status: number | null = null,
  ) {
    super(message);
  }
}

export function toModelFailure(error: unknown): ModelFailure {
  if (error instanceof ModelFailure) return error;
  if (APICallError.isInstance(error)) {
    const status = error.statusCode ?? null;
    if (status === null) return new ModelFailure('The model provider could not be reached', 'retryable');
    const retryable = status === 408 || status === 409 || status === 429 || status >= 500;
    const code = providerErrorCode(error.responseBody);
    return new ModelFailure(
      `The model provider answered HTTP ${status}${code ? ` (${code})` : ''}`,
      retryable ? 'retryable' : 'rejected',
      retryable ? retryAfterFromHeaders(error.responseHeaders) : null,
      status,
    );
  }
  const name = (error as { name?: unknown } | null)?.name;
  if (name === 'TimeoutError') return new ModelFailure('The model call timed out', 'retryable');
  if (name === 'AbortError') return new ModelFailure('The model call was aborted', 'retryable');
  // Refused connections, DNS failures and resets surface as TypeError("fetch failed") and kin.
  return new ModelFailure('The model provider could not be reached', 'retryable');
}

/** Retry-After from the provider's headers, whatever their case. */
function retryAfterFromHeaders(headers: Record<string, string> | undefined): number | null {
  if (!headers) return null;
  const lower = Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
  return retryAfterMs((name) => lower[name]);
}
