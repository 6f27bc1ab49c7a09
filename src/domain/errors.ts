/**
 * The one application error type. Its code decides the HTTP status
 * (docs/api-behaviour.md#error-codes), here and nowhere else, so a route only says what went wrong.
 */

export const ERROR_HTTP_STATUS = {
  AUTHENTICATION_REQUIRED: 401,
  INVALID_API_KEY: 401,
  INSUFFICIENT_PERMISSIONS: 403,
  PLAN_UPGRADE_REQUIRED: 403,
  INVALID_JSON: 400,
  /** Not HTTP that can be read (e.g. a wrong Content-Length); answered before the app sees it. */
  MALFORMED_REQUEST: 400,
  VALIDATION_ERROR: 422,
  UNSUPPORTED_URL: 422,
  INVALID_WEBHOOK_URL: 422,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  JOB_NOT_COMPLETED: 409,
  JOB_FAILED: 409,
  KEY_LIMIT_REACHED: 409,
  RATE_LIMITED: 429,
  QUOTA_EXCEEDED: 429,
  PAYLOAD_TOO_LARGE: 413,
  /** The request did not arrive in time; answered before the app sees it. */
  REQUEST_TIMEOUT: 408,
  /** Request headers over the server's limit; answered before the app sees it. */
  HEADERS_TOO_LARGE: 431,
  UNSUPPORTED_MEDIA_TYPE: 415,
  SERVICE_UNAVAILABLE: 503,
  INTERNAL_ERROR: 500,
} as const;

export type ErrorCode = keyof typeof ERROR_HTTP_STATUS;

export class AppError extends Error {
  override readonly name = 'AppError';

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: Record<string, unknown>,
    /** Extra response headers (Retry-After, Allow...). */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }

  get httpStatus(): number {
    return ERROR_HTTP_STATUS[this.code];
  }
}

export const notFound = (what: string) => new AppError('NOT_FOUND', `${what} not found`);
