/**
 * Per-key request throttling (contract section 4) with rate-limiter-flexible: atomic in Redis so
 * the limit holds across API processes, in process memory on the embedded default (one process).
 * A fixed one-minute window per key, sized by the key's plan.
 */
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Plan } from '../domain/access';
import { AppError } from '../domain/errors';
import type { PlanLimitTable } from '../domain/plans';
import type { FastStore } from '../storage/fast-store';

const WINDOW_SECONDS = 60;

export interface ThrottleVerdict {
  headers: Record<string, string>;
}

export interface Throttle {
  /** Counts one request for the key; throws RATE_LIMITED when over the plan's limit. */
  consume(keyId: string, plan: Plan): Promise<ThrottleVerdict>;
  /** Reads the key's current window without counting a request (usage reports). */
  peek(keyId: string, plan: Plan): Promise<ThrottleSnapshot>;
}

export interface ThrottleSnapshot {
  /** Requests per minute; null when the plan has no throttle (then remaining and resetSeconds are null too). */
  limit: number | null;
  remaining: number | null;
  /** Seconds until the window resets; null when no window is open. */
  resetSeconds: number | null;
  windowSeconds: number;
}

export function createThrottle(store: FastStore, limits: PlanLimitTable): Throttle {
  const limiters = new Map<Plan, RateLimiterAbstract>();
  const limiterFor = (plan: Plan): RateLimiterAbstract | null => {
    const points = limits[plan].requestsPerMinute;
    if (points === null) return null;
    let limiter = limiters.get(plan);
    if (!limiter) {
      const options = { keyPrefix: `throttle:${plan}`, points, duration: WINDOW_SECONDS };
      limiter = store.redis
        ? new RateLimiterRedis({ ...options, storeClient: store.redis, rejectIfRedisNotReady: true })
        : new RateLimiterMemory(options);
      limiters.set(plan, limiter);
    }
    return limiter;
  };

  return {
    async consume(keyId, plan) {
      const limiter = limiterFor(plan);
      if (!limiter) return { headers: {} };
      try {
        const result = await limiter.consume(keyId, 1);
        return { headers: rateLimitHeaders(limiter.points, result) };
      } catch (rejection) {
        if (rejection instanceof RateLimiterRes) {
          const headers = rateLimitHeaders(limiter.points, rejection);
          throw new AppError('RATE_LIMITED', `Too many requests for this API key: ${limiter.points} per minute on the ${plan} plan`, { limit: limiter.points, retry_after: Number(headers['RateLimit-Reset']) }, {
            ...headers,
            'Retry-After': headers['RateLimit-Reset']!,
          });
        }
        // Redis down: the store is unavailable, which is a dependency failure, not the client's.
        throw new AppError('SERVICE_UNAVAILABLE', 'Request throttling is unavailable; try again shortly', undefined, { 'Retry-After': '5' });
      }
    },
    async peek(keyId, plan) {
      const limiter = limiterFor(plan);
      if (!limiter) return { limit: null, remaining: null, resetSeconds: null, windowSeconds: WINDOW_SECONDS };
      const current = await limiter.get(keyId);
      if (!current) return { limit: limiter.points, remaining: limiter.points, resetSeconds: null, windowSeconds: WINDOW_SECONDS };
      return {
        limit: limiter.points,
        remaining: Math.max(0, limiter.points - current.consumedPoints),
        resetSeconds: Math.max(1, Math.ceil(current.msBeforeNext / 1000)),
        windowSeconds: WINDOW_SECONDS,
      };
    },
  };
}

function rateLimitHeaders(limit: number, result: RateLimiterRes): Record<string, string> {
  return {
    'RateLimit-Limit': String(limit),
    'RateLimit-Remaining': String(Math.max(0, result.remainingPoints)),
    'RateLimit-Reset': String(Math.max(1, Math.ceil(result.msBeforeNext / 1000))),
  };
}
