/**
 * How long to wait between polls. Brisk while the job moves, slower while nothing changes, and
 * never faster than the key's per-minute budget refills (RateLimit-Remaining requests left until
 * RateLimit-Reset), so watching a job does not starve the key's other work of requests.
 */
export interface PacingLimits {
  minSeconds: number;
  maxSeconds: number;
  /** Each poll that sees no change waits this much longer than the one before, up to maxSeconds. */
  growth: number;
}

const DEFAULT_LIMITS: PacingLimits = { minSeconds: 1, maxSeconds: 5, growth: 1.5 };

export class PollPacer {
  private idleSeconds: number;
  private budgetSeconds = 0;

  constructor(private readonly limits: PacingLimits = DEFAULT_LIMITS) {
    this.idleSeconds = limits.minSeconds;
  }

  /** Reads the throttle's headers (docs/api-behaviour.md#throttling) of any answer. */
  observe(headers: Headers): void {
    const remaining = Number(headers.get('ratelimit-remaining'));
    const resetSeconds = Number(headers.get('ratelimit-reset'));
    if (!headers.has('ratelimit-remaining') || !Number.isFinite(remaining) || !Number.isFinite(resetSeconds)) return;
    this.budgetSeconds = resetSeconds / Math.max(1, remaining);
  }

  /** Seconds until the next poll, after one that did or did not see a change. */
  next(changed: boolean): number {
    this.idleSeconds = changed ? this.limits.minSeconds : Math.min(this.limits.maxSeconds, this.idleSeconds * this.limits.growth);
    return Math.max(this.idleSeconds, this.budgetSeconds);
  }
}
