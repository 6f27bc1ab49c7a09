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

export async function withRequestDeadline<T>(timeoutMs: number, work: () => Promise<T>): Promise<T> {
  const running = work();
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(serviceUnavailable('The service did not answer in time; try again shortly')), timeoutMs);
  });
  try {
    return await Promise.race([running, expired]);
  } finally {
    clearTimeout(timer);
    // Once the client has its 503, a late failure has no one to reach.
    running.catch(() => {});
  }
}
