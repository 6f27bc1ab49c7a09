/**
 * The whole-request safety net: whatever a handler waits on, the client gets an answer within a
 * bound. The work itself is not interrupted (it may be mid-transaction); only its late outcome is
 * dropped.
 */
import { AppError } from '../domain/errors';

export const RETRY_AFTER_SECONDS = '5';

export function serviceUnavailable(message: string, headers: Record<string, string> = {}): AppError {
  return new AppError('SERVICE_UNAVAILABLE', message, undefined, { 'Retry-After': RETRY_AFTER_SECONDS, ...headers });
}

/**
 * `work`, or a refusal once `timeoutMs` has passed: 503 when the service is what kept the answer,
 * 408 when the client had not finished sending its body by then (`bodyArrived`).
 */
export function withRequestDeadline<T>(timeoutMs: number, bodyArrived: () => boolean, work: () => Promise<T>): Promise<T> {
  // One promise and one timer per request: this wraps every request, so no race of two promises.
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(bodyArrived() ? serviceUnavailable('The service did not answer in time; try again shortly') : bodyTooSlow()), timeoutMs);
    // Once the client has its answer, a late outcome has no one to reach: settling again is a no-op.
    work().then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/** As Node answers headers that do not arrive in time; the connection goes, with the rest of its body. */
function bodyTooSlow(): AppError {
  return new AppError('REQUEST_TIMEOUT', 'The request body did not arrive in time', undefined, { Connection: 'close' });
}
