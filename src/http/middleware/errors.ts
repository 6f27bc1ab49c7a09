/**
 * Turns every failure into the error envelope (docs/api-behaviour.md#response-envelope). Unknown
 * errors are logged with their stack server-side and reach the client only as INTERNAL_ERROR.
 */
import type { Middleware } from 'koa';
import type { Logger } from 'pino';
import { AppError, type ErrorCode } from '../../domain/errors';
import type { RequestState } from '../route';

export function errorEnvelope(logger: Logger): Middleware<RequestState> {
  return async (ctx, next) => {
    try {
      await next();
      if (ctx.status === 404 && ctx.body === undefined) {
        throw new AppError('NOT_FOUND', `No route for ${ctx.method} ${ctx.path}`);
      }
    } catch (raw) {
      const error = toAppError(raw);
      if (error.code === 'INTERNAL_ERROR' || error.code === 'SERVICE_UNAVAILABLE') {
        logger.error({ err: raw, requestId: ctx.state.requestId, method: ctx.method, path: ctx.path }, 'request failed');
      }
      ctx.status = error.httpStatus;
      ctx.state.errorCode = error.code;
      for (const [name, value] of Object.entries(error.headers ?? {})) ctx.set(name, value);
      ctx.body = errorBody(error, ctx.state.requestId);
    }
  };
}

/** The error envelope (docs/api-behaviour.md#response-envelope), also written by the server's clientError handler. */
export function errorBody(error: AppError, requestId: string) {
  return {
    success: false,
    error: { code: error.code, message: error.message, ...(error.details ? { details: error.details } : {}) },
    request_id: requestId,
  };
}

/** Errors from libraries that carry an HTTP meaning (body parser, dependencies down). */
function toAppError(raw: unknown): AppError {
  if (raw instanceof AppError) return raw;
  const error = raw as { status?: number; type?: string; code?: string; name?: string };
  if (error?.type === 'entity.too.large' || error?.status === 413) {
    return new AppError('PAYLOAD_TOO_LARGE', 'The request body is larger than 1 MB');
  }
  if (error?.type === 'entity.parse.failed' || (error?.status === 400 && error?.name === 'SyntaxError')) {
    return new AppError('INVALID_JSON', 'The request body is not valid JSON');
  }
  if (isDependencyDown(error)) {
    return new AppError('SERVICE_UNAVAILABLE', 'A dependency of the service is unavailable; try again shortly', undefined, {
      'Retry-After': '5',
    });
  }
  if (typeof error?.status === 'number' && error.status >= 400 && error.status < 500) {
    const byStatus: Record<number, ErrorCode> = { 400: 'MALFORMED_REQUEST', 404: 'NOT_FOUND', 405: 'METHOD_NOT_ALLOWED', 413: 'PAYLOAD_TOO_LARGE', 415: 'UNSUPPORTED_MEDIA_TYPE' };
    const code = byStatus[error.status];
    if (code) return new AppError(code, code === 'MALFORMED_REQUEST' ? 'The request is malformed' : 'The request was refused');
  }
  return new AppError('INTERNAL_ERROR', 'An unexpected error occurred');
}

// 57014: a statement cancelled by statement_timeout (DATABASE_QUERY_TIMEOUT_MS).
const CONNECTION_ERRORS = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'ENOTFOUND', 'EPIPE', '57P01', '57P03', '57014', '08006', '08001', '08003']);
// gRPC status codes of a Temporal call: DEADLINE_EXCEEDED, UNAVAILABLE.
const GRPC_UNAVAILABLE = new Set([4, 14]);
const DEPENDENCY_MESSAGES = /Connection terminated|timeout exceeded when trying to connect|connect ECONNREFUSED|Query read timeout|Deadline exceeded/i;

/** Temporal wraps the gRPC error it got in its own, so the causes are looked at too. */
function isDependencyDown(raw: unknown): boolean {
  for (let error = raw as { code?: unknown; syscall?: unknown; message?: string; cause?: unknown } | undefined, depth = 0; error && depth < 5; error = error.cause as typeof error, depth++) {
    if (typeof error.code === 'string' && CONNECTION_ERRORS.has(error.code)) return true;
    // A Postgres reached through its Unix socket (the embedded default, or a DATABASE_URL whose
    // host is a directory) leaves no socket file while it is down: connecting finds nothing there.
    if (error.code === 'ENOENT' && error.syscall === 'connect') return true;
    if (typeof error.code === 'number' && GRPC_UNAVAILABLE.has(error.code)) return true;
    if (DEPENDENCY_MESSAGES.test(error.message ?? '')) return true;
  }
  return false;
}
