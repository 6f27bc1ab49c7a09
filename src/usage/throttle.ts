/**
 * Request throttling (docs/api-behaviour.md#throttling) with rate-limiter-flexible: atomic in Redis
 * so the limits hold across API processes, in process memory on the embedded default (one process)
 * and, per process, while Redis is unreachable (src/usage/shared-limiter.ts).
 * A fixed one-minute window per key, sized by the key's plan, and one per user holding all of the
 * user's keys together to USER_LIMIT_FACTOR times that, so minting keys does not multiply the
 * throttle.
 */
import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Plan, Principal } from '../domain/access';
import { AppError } from '../domain/errors';
import type { PlanLimitTable } from '../domain/plans';
import type { ServiceMetrics } from '../metrics/service-metrics';
import type { SharedCache } from '../storage/shared-cache';
import { sharedLimiter } from './shared-limiter';

const WINDOW_SECONDS = 60;
/** All of a user's keys together may make this many times the plan's per-key limit. */
export const USER_LIMIT_FACTOR = 2;

type Scope = 'key' | 'user';

export interface ThrottleVerdict {
  headers: Record<string, string>;
}

export interface Throttle {
  /**
   * Counts one request for the key, then for its user; throws RATE_LIMITED when over either limit.
   * The headers describe whichever limit is nearer to running out.
   */
  consume(caller: Pick<Principal, 'keyId' | 'userId' | 'plan'>): Promise<ThrottleVerdict>;
  /**
   * Reads the caller's windows without counting a request (usage reports): what the key may still
   * make is the lesser of its own window and its user's, as in the headers.
   */
  peek(caller: Pick<Principal, 'keyId' | 'userId' | 'plan'>): Promise<ThrottleSnapshot>;
}

export interface WindowSnapshot {
  /** Requests per minute; null when the plan has no throttle (then remaining and resetSeconds are null too). */
  limit: number | null;
  remaining: number | null;
  /** Seconds until the window resets; null when no window is open. */
  resetSeconds: number | null;
}

export interface ThrottleSnapshot extends WindowSnapshot {
  /** The key's own limit; remaining and resetSeconds are those of whichever window binds the key now. */
  windowSeconds: number;
  /** All of the user's keys together. */
  user: WindowSnapshot;
}

export function createThrottle(store: SharedCache, limits: PlanLimitTable, metrics?: Pick<ServiceMetrics, 'limiterFallback'>): Throttle {
  const limiter = (plan: Plan, scope: Scope): RateLimiterAbstract | null => {
    const perKey = limits[plan].requestsPerMinute;
    if (perKey === null) return null;
    const window =
      scope === 'key'
        ? { keyPrefix: `throttle:${plan}`, points: perKey, durationSeconds: WINDOW_SECONDS }
        : { keyPrefix: `throttle-user:${plan}`, points: perKey * USER_LIMIT_FACTOR, durationSeconds: WINDOW_SECONDS };
    return sharedLimiter(store, window, () => metrics?.limiterFallback(scope));
  };
  // Built once per plan: every authenticated request comes through here.
  const windows = new Map<Plan, PlanWindows | null>();
  const windowsFor = (plan: Plan): PlanWindows | null => {
    let planWindows = windows.get(plan);
    if (planWindows === undefined) {
      const perKey = limiter(plan, 'key');
      const perUser = limiter(plan, 'user');
      planWindows = perKey && perUser ? { perKey, perUser } : null;
      windows.set(plan, planWindows);
    }
    return planWindows;
  };

  return {
    async consume({ keyId, userId, plan }) {
      const planWindows = windowsFor(plan);
      if (!planWindows) return { headers: {} };
      // Both at once, one round trip to the store on every request. A request the key's own limit
      // refuses is then given back to the user's window, so one key (a leaked one, say) cannot use
      // up the share of the user's other keys.
      const keyTaking = take(planWindows.perKey, keyId, plan, 'key');
      const userTaking = take(planWindows.perUser, userId, plan, 'user');
      const perKey = await keyTaking;
      const perUser = await userTaking;
      if (!perKey.granted) {
        if (perUser.granted) await planWindows.perUser.reward(userId, 1).catch(() => undefined);
        throw perKey.refusal;
      }
      if (!perUser.granted) throw perUser.refusal;
      return { headers: rateLimitHeaders(nearer(perKey.window, perUser.window)) };
    },
    async peek({ keyId, userId, plan }) {
      const planWindows = windowsFor(plan);
      if (!planWindows) return { ...NO_WINDOW, windowSeconds: WINDOW_SECONDS, user: NO_WINDOW };
      const [perKey, perUser] = await Promise.all([peekWindow(planWindows.perKey, keyId), peekWindow(planWindows.perUser, userId)]);
      const binding = perUser.remaining! < perKey.remaining! ? perUser : perKey;
      return { limit: perKey.limit, remaining: binding.remaining, resetSeconds: binding.resetSeconds, windowSeconds: WINDOW_SECONDS, user: perUser };
    },
  };
}

const NO_WINDOW: WindowSnapshot = { limit: null, remaining: null, resetSeconds: null };

async function peekWindow(limiter: RateLimiterAbstract, id: string): Promise<WindowSnapshot> {
  const current = await limiter.get(id);
  if (!current) return { limit: limiter.points, remaining: limiter.points, resetSeconds: null };
  return {
    limit: limiter.points,
    remaining: Math.max(0, limiter.points - current.consumedPoints),
    resetSeconds: Math.max(1, Math.ceil(current.msBeforeNext / 1000)),
  };
}

/** A plan's two windows: each key's, and each user's (all of the user's keys together). */
interface PlanWindows {
  perKey: RateLimiterAbstract;
  perUser: RateLimiterAbstract;
}

interface WindowState {
  limit: number;
  result: RateLimiterRes;
}

/** One request taken from a window, or refused: never a rejected promise, so both can be awaited in turn. */
type Taken = { granted: true; window: WindowState } | { granted: false; refusal: AppError };

function take(limiter: RateLimiterAbstract, id: string, plan: Plan, scope: Scope): Promise<Taken> {
  return limiter.consume(id, 1).then(
    (result): Taken => ({ granted: true, window: { limit: limiter.points, result } }),
    (rejection: unknown): Taken => ({ granted: false, refusal: refusal(limiter, rejection, plan, scope) }),
  );
}

function refusal(limiter: RateLimiterAbstract, rejection: unknown, plan: Plan, scope: Scope): AppError {
  if (rejection instanceof RateLimiterRes) {
    const headers = rateLimitHeaders({ limit: limiter.points, result: rejection });
    const message =
      scope === 'key'
        ? `Too many requests for this API key: ${limiter.points} per minute on the ${plan} plan`
        : `Too many requests for this account's API keys together: ${limiter.points} per minute on the ${plan} plan`;
    return new AppError('RATE_LIMITED', message, { limit: limiter.points, retry_after: Number(headers['RateLimit-Reset']), scope }, {
      ...headers,
      'Retry-After': headers['RateLimit-Reset']!,
    });
  }
  // Neither the shared window nor the per-process one could count: a fault of ours, not the client's.
  return new AppError('SERVICE_UNAVAILABLE', 'Request throttling is unavailable; try again shortly', undefined, { 'Retry-After': '5' });
}

/** The limit closer to refusing: fewer requests left, or as few but longer until they come back. */
function nearer(a: WindowState, b: WindowState): WindowState {
  const leftInA = requestsLeft(a);
  const leftInB = requestsLeft(b);
  if (leftInA !== leftInB) return leftInA < leftInB ? a : b;
  return a.result.msBeforeNext >= b.result.msBeforeNext ? a : b;
}

const requestsLeft = (window: WindowState) => Math.max(0, window.result.remainingPoints);

function rateLimitHeaders({ limit, result }: WindowState): Record<string, string> {
  return {
    'RateLimit-Limit': String(limit),
    'RateLimit-Remaining': String(Math.max(0, result.remainingPoints)),
    'RateLimit-Reset': String(Math.max(1, Math.ceil(result.msBeforeNext / 1000))),
  };
}
