/**
 * Which failures of a poll are worth waiting out, and for how long: the throttle's RATE_LIMITED
 * and a dependency's SERVICE_UNAVAILABLE say when (Retry-After); a gateway's 502/503/504 and a
 * connection that fails are retried with a growing pause, the connection a bounded number of times.
 */
import { setTimeout as delay } from 'node:timers/promises';
import { ServiceUnreachableError, UnexpectedResponseError, VideoDigestApiError } from '../../../client';

const MAX_BACKOFF_SECONDS = 30;
/** About three minutes of trying: long enough for a service to restart, short enough to notice it has not. */
export const MAX_UNREACHABLE_ATTEMPTS = 10;
const GATEWAY_STATUSES = new Set([502, 503, 504]);

const backoff = (failures: number) => Math.min(MAX_BACKOFF_SECONDS, 2 ** Math.max(0, failures - 1));

/** Seconds to wait before asking again after the `failures`-th failure in a row; null: give up. */
export function retryDelaySeconds(error: unknown, failures: number): number | null {
  if (error instanceof VideoDigestApiError) {
    if (error.code === 'RATE_LIMITED' || error.code === 'SERVICE_UNAVAILABLE') return error.retryAfterSeconds ?? backoff(failures);
    return null;
  }
  if (error instanceof UnexpectedResponseError) return GATEWAY_STATUSES.has(error.status) ? (error.retryAfterSeconds ?? backoff(failures)) : null;
  if (error instanceof ServiceUnreachableError) return failures < MAX_UNREACHABLE_ATTEMPTS ? backoff(failures) : null;
  return null;
}

export function retryReason(error: unknown): string {
  if (error instanceof VideoDigestApiError) return `${error.code}: ${error.message}`;
  return error instanceof Error ? error.message : String(error);
}

export class WaitInterrupted extends Error {
  constructor() {
    super('stopped waiting');
  }
}

/** Sleeps, or throws WaitInterrupted as soon as the signal fires. */
export async function pause(seconds: number, signal: AbortSignal): Promise<void> {
  try {
    await delay(Math.round(seconds * 1000), undefined, { signal });
  } catch (error) {
    if (signal.aborted) throw new WaitInterrupted();
    throw error;
  }
}

export interface PoliteReadOptions {
  signal: AbortSignal;
  onRetry(reason: string, delaySeconds: number): void;
}

/** One read, retried through the failures that are worth waiting out. */
export async function readPolitely<T>(read: (signal: AbortSignal) => Promise<T>, options: PoliteReadOptions): Promise<T> {
  for (let failures = 1; ; failures += 1) {
    try {
      return await read(options.signal);
    } catch (error) {
      if (options.signal.aborted) throw new WaitInterrupted();
      const seconds = retryDelaySeconds(error, failures);
      if (seconds === null) throw error;
      options.onRetry(retryReason(error), seconds);
      await pause(seconds, options.signal);
    }
  }
}
