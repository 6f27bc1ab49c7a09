/**
 * What a failed model call means for the caller. Retrying is Temporal's job (the SDKs' own retries
 * are off), so a failure only says whether a retry can help and how long the provider asked us to
 * wait. Messages are written here from the status and, at most, the provider's error code: never
 * the provider's message or body (a 401 body may echo the key), never the request, and the
 * original error is not kept as `cause` so that nothing logged downstream can carry the key.
 */
import { APICallError } from 'ai';

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
      retryable ? retryAfterMs(error.responseHeaders) : null,
      status,
    );
  }
  const name = (error as { name?: unknown } | null)?.name;
  if (name === 'TimeoutError') return new ModelFailure('The model call timed out', 'retryable');
  if (name === 'AbortError') return new ModelFailure('The model call was aborted', 'retryable');
  // Refused connections, DNS failures and resets surface as TypeError("fetch failed") and kin.
  return new ModelFailure('The model provider could not be reached', 'retryable');
}

/**
 * The provider's machine-readable error code (OpenAI `error.code`/`error.type`, Anthropic
 * `error.type`), kept only when it looks like an identifier such as `invalid_request_error`:
 * lower-case letters and underscores cannot spell an API key.
 */
function providerErrorCode(body: string | undefined): string | null {
  if (!body) return null;
  try {
    const parsed = JSON.parse(body) as { error?: { code?: unknown; type?: unknown } };
    for (const candidate of [parsed.error?.code, parsed.error?.type]) {
      if (typeof candidate === 'string' && /^[a-z]+(?:_[a-z]+)*$/.test(candidate) && candidate.length <= 48) return candidate;
    }
  } catch {
    // Not JSON: no code.
  }
  return null;
}

/** Retry-After in seconds or as an HTTP date, or the retry-after-ms that OpenAI sends. */
function retryAfterMs(headers: Record<string, string> | undefined, now = Date.now()): number | null {
  if (!headers) return null;
  const lower = Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
  const ms = parseNumber(lower['retry-after-ms']);
  if (ms !== null) return Math.round(ms);
  const raw = lower['retry-after']?.trim();
  if (!raw) return null;
  const seconds = parseNumber(raw);
  if (seconds !== null) return Math.round(seconds * 1000);
  const date = Date.parse(raw);
  return Number.isFinite(date) ? Math.max(0, date - now) : null;
}

function parseNumber(raw: string | undefined): number | null {
  if (raw === undefined || !/^\s*\d+(\.\d+)?\s*$/.test(raw)) return null;
  return Number(raw);
}
