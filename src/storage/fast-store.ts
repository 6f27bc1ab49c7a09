/**
 * Shared fast state with expiry: Redis at REDIS_URL, or an in-process map on the embedded
 * default (one process, so nothing to share). Callers treat it as a cache that may forget.
 */
import Redis from 'ioredis';

export interface FastStore {
  readonly kind: 'redis' | 'memory';
  get(key: string): Promise<string | null>;
  set(key: string, value: string, ttlMs: number): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
  /** The Redis connection, for libraries that need one (null on the in-process store). */
  readonly redis: Redis | null;
}

export function openFastStore(redisUrl: string | undefined): FastStore {
  return redisUrl ? new RedisFastStore(redisUrl) : new MemoryFastStore();
}

class RedisFastStore implements FastStore {
  readonly kind = 'redis' as const;
  readonly redis: Redis;

  constructor(url: string) {
    this.redis = new Redis(url, {
      // Fail fast when Redis is down instead of queueing commands forever; callers fall back.
      maxRetriesPerRequest: 1,
      enableOfflineQueue: false,
      connectTimeout: 5_000,
      lazyConnect: false,
    });
    this.redis.on('error', () => {
      // ioredis reconnects by itself; errors surface on the commands that fail (and /health).
    });
  }

  get(key: string) {
    return this.redis.get(key);
  }

  async set(key: string, value: string, ttlMs: number) {
    await this.redis.set(key, value, 'PX', Math.max(1, Math.round(ttlMs)));
  }

  async ping() {
    await this.redis.ping();
  }

  async close() {
    this.redis.disconnect();
  }
}

class MemoryFastStore implements FastStore {
  readonly kind = 'memory' as const;
  readonly redis = null;
  private readonly entries = new Map<string, { value: string; expiresAt: number }>();

  async get(key: string) {
    const entry = this.entries.get(key);
    if (!entry) return null;
    if (entry.expiresAt <= Date.now()) {
      this.entries.delete(key);
      return null;
    }
    return entry.value;
  }

  async set(key: string, value: string, ttlMs: number) {
    if (this.entries.size > 50_000) this.evictExpired();
    this.entries.set(key, { value, expiresAt: Date.now() + ttlMs });
  }

  async ping() {}

  async close() {
    this.entries.clear();
  }

  private evictExpired() {
    const now = Date.now();
    for (const [key, entry] of this.entries) if (entry.expiresAt <= now) this.entries.delete(key);
    // Still full of live entries: drop the oldest half rather than grow without bound.
    if (this.entries.size > 50_000) {
      let drop = this.entries.size / 2;
      for (const key of this.entries.keys()) {
        if (drop-- <= 0) break;
        this.entries.delete(key);
      }
    }
  }
}
