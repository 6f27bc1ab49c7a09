/**
 * A fixed-window limiter counted in the shared store, so its limit holds across API processes; in
 * process memory on the embedded default (one process, nothing to share).
 *
 * Redis is not needed to serve (docs/api-behaviour.md#redis-down): while it is unreachable, each
 * call falls to rate-limiter-flexible's insurance limiter, a window in this process's memory with
 * the same limit, so every process counts on its own. The Redis limiter tries Redis again on every
 * call (ioredis reconnects by itself), so shared counting resumes without a restart once it is back.
 */
import { RateLimiterMemory, RateLimiterRedis, type IRateLimiterOptions, type RateLimiterAbstract, type RateLimiterRes } from 'rate-limiter-flexible';
import type { SharedCache } from '../storage/shared-cache';

export interface LimiterWindow {
  keyPrefix: string;
  points: number;
  durationSeconds: number;
}

export function sharedLimiter(store: SharedCache, window: LimiterWindow, onFallback: () => void = () => {}): RateLimiterAbstract {
  const options = { keyPrefix: window.keyPrefix, points: window.points, duration: window.durationSeconds };
  if (!store.redis) return new RateLimiterMemory(options);
  return new RateLimiterRedis({
    ...options,
    storeClient: store.redis,
    // A connection that is not ready goes straight to the insurance limiter: no command is sent,
    // so nothing waits on a reconnect.
    rejectIfRedisNotReady: true,
    insuranceLimiter: new PerProcessWindow(options, onFallback),
  });
}

/** The insurance window: in memory, telling each request it counts (reads and refunds are not requests). */
class PerProcessWindow extends RateLimiterMemory {
  constructor(
    options: IRateLimiterOptions,
    private readonly onCount: () => void,
  ) {
    super(options);
  }

  override consume(key: string | number, points?: number, options?: Record<string, unknown>): Promise<RateLimiterRes> {
    this.onCount();
    return super.consume(key, points, options);
  }

  override penalty(key: string | number, points?: number, options?: Record<string, unknown>): Promise<RateLimiterRes> {
    this.onCount();
    return super.penalty(key, points, options);
  }
}
