/**
 * Shared fast state with expiry: Redis at REDIS_URL, or an in-process map on the embedded
 * default (one process, so nothing to share). Callers treat it as a cache that may forget.
 */
import { EventEmitter } from 'node:events';
import Redis from 'ioredis';

export interface SharedCache {
  readonly kind: 'redis' | 'memory';
  get(key: string): Promise<string | null>;
  set(key: string, value: string, ttlMs: number): Promise<void>;
  ping(): Promise<void>;
  /**
   * Whether the store is connected, waiting up to `timeoutMs` for a connection under way. Commands
   * fail at once until then (no offline queue), so a process that starts serving first would begin
   * degraded for no reason.
   */
  connected(timeoutMs: number): Promise<boolean>;
  /** Tells every process (those sharing this Redis) something; at most once, best effort. */
  publish(channel: string, message: string): Promise<void>;
  /**
   * Hears what `publish` sends. `onReset` runs when messages may have been missed (the subscription
   * reconnected), so listeners holding caches can drop them.
   */
  subscribe(channel: string, onMessage: (message: string) => void, onReset?: () => void): Promise<void>;
  close(): Promise<void>;
  /** The Redis connection, for libraries that need one (null on the in-process store). */
  readonly redis: Redis | null;
}

/** A Redis command answers in well under a millisecond; one this slow means Redis is not answering. */
export const COMMAND_TIMEOUT_MS = 1_000;

/** How long connecting to Redis may take before it counts as down. */
export const CONNECT_TIMEOUT_MS = 5_000;

export function openSharedCache(redisUrl: string | undefined): SharedCache {
  return redisUrl ? new RedisSharedCache(redisUrl) : new MemorySharedCache();
}

class RedisSharedCache implements SharedCache {
  readonly kind = 'redis' as const;
  readonly redis: Redis;

  constructor(url: string) {
    this.redis = new Redis(url, {
      // Fail fast when Redis is down instead of queueing commands until it is back: callers fall
      // back (the throttle to per-process limits, cache reads to a miss). No offline queue, so a
      // command while reconnecting fails at once; a command timeout, so one sent to a Redis that
      // stopped answering without closing the connection fails within a second.
      maxRetriesPerRequest: 1,
      enableOfflineQueue: false,
      commandTimeout: COMMAND_TIMEOUT_MS,
      connectTimeout: CONNECT_TIMEOUT_MS,
      lazyConnect: false,
      // Commands issued in the same tick (the throttle's two counters, many requests' at once) go
      // out in one write: under load, socket writes were the largest cost of a throttled request.
      enableAutoPipelining: true,
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

  connected(timeoutMs: number) {
    const redis = this.redis;
    if (redis.status === 'ready') return Promise.resolve(true);
    return new Promise<boolean>((resolve) => {
      const settle = (isReady: boolean) => {
        clearTimeout(timer);
        redis.off('ready', onReady);
        resolve(isReady);
      };
      const onReady = () => settle(true);
      const timer = setTimeout(() => settle(false), timeoutMs);
      redis.once('ready', onReady);
    });
  }

  async publish(channel: string, message: string) {
    await this.redis.publish(channel, message);
  }

  async subscribe(channel: string, onMessage: (message: string) => void, onReset?: () => void) {
    // A subscribed connection can do nothing else, so it gets its own.
    if (!this.subscriber) {
      // Subscriptions wait out an outage (ioredis subscribes again on reconnecting) rather than fail.
      this.subscriber = this.redis.duplicate({ enableOfflineQueue: true, maxRetriesPerRequest: null, commandTimeout: undefined });
      this.subscriber.on('error', () => {});
      this.subscriber.on('message', (ch: string, message: string) => {
        for (const listener of this.listeners.get(ch) ?? []) listener.onMessage(message);
      });
      let connectedBefore = false;
      this.subscriber.on('ready', () => {
        if (connectedBefore) for (const set of this.listeners.values()) for (const l of set) l.onReset?.();
        connectedBefore = true;
      });
    }
    const set = this.listeners.get(channel) ?? new Set();
    set.add({ onMessage, onReset });
    this.listeners.set(channel, set);
    await this.subscriber.subscribe(channel);
  }

  async close() {
    this.subscriber?.disconnect();
    this.redis.disconnect();
  }

  private subscriber: Redis | null = null;
  private readonly listeners = new Map<string, Set<{ onMessage: (m: string) => void; onReset?: () => void }>>();
}

class MemorySharedCache implements SharedCache {
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

  async connected() {
    return true;
  }

  async publish(channel: string, message: string) {
    this.bus.emit(channel, message);
  }

  async subscribe(channel: string, onMessage: (message: string) => void) {
    this.bus.on(channel, onMessage);
  }

  async close() {
    this.entries.clear();
    this.bus.removeAllListeners();
  }

  private readonly bus = new EventEmitter().setMaxListeners(0);

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
