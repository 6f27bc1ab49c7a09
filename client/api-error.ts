/**
 * Failures as the client sees them: the service's error envelope
 * (docs/api-behaviour.md#response-envelope) as a typed error, whatever answers without one (a
 * proxy's HTML page, a truncated body) as another, and no answer at all as a third.
 */
import type { components } from './openapi';

export type ApiErrorEnvelope = components['schemas']['Error'];
export type ApiErrorCode = ApiErrorEnvelope['error']['code'];

/** The service refused the request: `code` is one of the service's error codes (docs/api-behaviour.md#error-codes). */
export class VideoDigestApiError extends Error {
  override readonly name = 'VideoDigestApiError';
  readonly code: ApiErrorCode;
  readonly details: Record<string, unknown> | undefined;
  readonly requestId: string;

  constructor(
    readonly status: number,
    envelope: ApiErrorEnvelope,
    /** From Retry-After (RATE_LIMITED, SERVICE_UNAVAILABLE): seconds to wait before asking again; null when absent. */
    readonly retryAfterSeconds: number | null,
  ) {
    super(envelope.error.message);
    this.code = envelope.error.code;
    this.details = envelope.error.details;
    this.requestId = envelope.request_id;
  }
}

/** An answer that is not the service's: not a success and not its error envelope. */
export class UnexpectedResponseError extends Error {
  override readonly name = 'UnexpectedResponseError';

  constructor(
    readonly status: number,
    /** The start of the body, for a person to recognise what answered. */
    readonly bodyExcerpt: string,
    readonly retryAfterSeconds: number | null,
  ) {
    super(`HTTP ${status} without the service's error envelope${bodyExcerpt ? `: ${bodyExcerpt}` : ''}`);
  }
}

/** No answer: the connection was refused, timed out, or the name did not resolve. */
export class ServiceUnreachableError extends Error {
  override readonly name = 'ServiceUnreachableError';

  constructor(
    readonly baseUrl: string,
    override readonly cause: unknown,
  ) {
    super(`cannot reach ${baseUrl}: ${reasonOf(cause)}`);
  }
}

/** undici hides the system's reason (ECONNREFUSED, ENOTFOUND) one level down, under "fetch failed". */
function reasonOf(error: unknown): string {
  const inner = (error as { cause?: { code?: unknown; message?: unknown } }).cause;
  if (typeof inner?.code === 'string') return inner.code;
  if (typeof inner?.message === 'string') return inner.message;
  return error instanceof Error ? error.message : String(error);
}

export function isErrorEnvelope(body: unknown): body is ApiErrorEnvelope {
  if (typeof body !== 'object' || body === null) return false;
  const { success, error } = body as { success?: unknown; error?: { code?: unknown; message?: unknown } };
  return success === false && typeof error?.code === 'string' && typeof error.message === 'string';
}

/** Retry-After is either seconds or an HTTP date (RFC 9110 10.2.3). */
export function retryAfterSeconds(headers: Headers, now = Date.now()): number | null {
  const value = headers.get('retry-after')?.trim();
  if (!value) return null;
  if (/^\d+$/.test(value)) return Number(value);
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - now) / 1000));
}

const EXCERPT_CHARS = 200;

export function errorFromResponse(response: Response, body: unknown): VideoDigestApiError | UnexpectedResponseError {
  const retryAfter = retryAfterSeconds(response.headers);
  if (isErrorEnvelope(body)) return new VideoDigestApiError(response.status, body, retryAfter);
  const text = typeof body === 'string' ? body : body === undefined ? '' : JSON.stringify(body);
  return new UnexpectedResponseError(response.status, text.replace(/\s+/g, ' ').trim().slice(0, EXCERPT_CHARS), retryAfter);
}
