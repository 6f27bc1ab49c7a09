/**
 * The in-process caches: LRU, bounded in entries, each entry expiring after `ttlMs`.
 *
 * lru-cache's `max` allocates its whole capacity at construction, every slot of every index
 * array filled in, whether or not the cache is ever used: memory held by a process that has
 * served nothing. Bounding by `maxSize` with each entry of size 1
 * keeps the same bound, and the storage grows with what is cached (lru-cache's README, "Storage
 * Bounds Safety"); reads cost the same.
 */
import { LRUCache } from 'lru-cache';

export interface BoundedCacheOptions {
  /** The most entries held; the least recently used one goes to make room. */
  maxEntries: number;
  ttlMs: number;
  /** Milliseconds from any fixed point; performance.now unless given. */
  clock?: () => number;
}

/** Keys and values are never null or undefined, as lru-cache requires. */
export function boundedCache<K extends NonNullable<unknown>, V extends NonNullable<unknown>>(options: BoundedCacheOptions): LRUCache<K, V> {
  return new LRUCache<K, V>({
    maxSize: options.maxEntries,
    sizeCalculation: () => 1,
    ttl: options.ttlMs,
    ...(options.clock ? { perf: { now: options.clock } } : {}),
  });
}
