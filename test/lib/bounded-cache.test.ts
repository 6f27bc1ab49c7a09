/** The in-process caches: bounded in entries, least recently used out first, entries expiring. */
import { boundedCache } from '../../src/lib/bounded-cache';

describe('boundedCache', () => {
  it('holds at most maxEntries, dropping the least recently used', () => {
    const cache = boundedCache<string, number>({ maxEntries: 3, ttlMs: 60_000 });
    cache.set('a', 1);
    cache.set('b', 2);
    cache.set('c', 3);
    expect(cache.get('a')).toBe(1); // now b is the least recently used
    cache.set('d', 4);

    expect(cache.size).toBe(3);
    expect(cache.has('b')).toBe(false);
    expect([...cache.keys()].sort()).toEqual(['a', 'c', 'd']);
  });

  it('forgets an entry once its time is up', async () => {
    let now = 5_000;
    const cache = boundedCache<string, string>({ maxEntries: 10, ttlMs: 1_000, clock: () => now });
    cache.set('key', 'value');
    now += 999;
    expect(cache.get('key')).toBe('value');
    now += 2;
    // lru-cache reuses a clock reading for 1 ms of real time (ttlResolution).
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(cache.get('key')).toBeUndefined();
  });

  it('allocates nothing ahead: the bound is a size, not a preallocated capacity', () => {
    const cache = boundedCache<string, number>({ maxEntries: 100_000, ttlMs: 60_000 });
    expect(cache.max).toBe(0);
    expect(cache.maxSize).toBe(100_000);
  });
});
