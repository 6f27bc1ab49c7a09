/**
 * Finds the owner of a presented key. Every authenticated request needs this, so known keys are
 * kept in memory for a minute; a change to a key (revocation, new permissions) is announced on the
 * shared cache's channel and every API process drops its copy at once. If the channel reconnects,
 * messages may have been missed, so the whole cache is dropped.
 *
 * Keys that cannot work are remembered too, apart from the known ones so that invented keys cannot
 * crowd those out: revoked keys (revocation is final) for a minute, unknown keys for
 * UNKNOWN_KEY_MEMORY_MS, so a client retrying a dead key does not cost a database lookup each time.
 * In this process's memory rather than the shared cache: a remembered key is then answered exactly as
 * fast as a known one (no round trip either way), and what it costs to hold is one lookup per
 * process per few seconds (the failed-authentication limit per address bounds the rest).
 */
import { boundedCache } from '../lib/bounded-cache';
import type { Db } from '../storage/database';
import type { SharedCache } from '../storage/shared-cache';
import { findKeyByHash, type KeyOwner } from '../storage/repositories/api-keys';
import { touchKeyLastUsed } from '../storage/repositories/api-key-admin';

export const KEY_CHANGES_CHANNEL = 'api-keys:changed';

/** How long an unknown key is answered from memory (a key imported meanwhile waits this long). */
export const UNKNOWN_KEY_MEMORY_MS = 5_000;
const REVOKED_KEY_MEMORY_MS = 60_000;

export interface KeyResolver {
  /**
   * The key's owner; null for an unknown key. `issuedFormat`: the key has the sk_ form, which only
   * this service creates, and shows only once it exists.
   */
  find(keyHash: string, presented: { issuedFormat: boolean }): Promise<KeyOwner | null>;
  /** Announces that a key changed; every process forgets it. */
  announceChange(keyId: string): Promise<void>;
  /** Notes that a key was used; last_used_at is written at most once a minute per key, off the request path. */
  noteUse(keyId: string): void;
}

export async function createKeyResolver(db: Db, store: SharedCache, ttlMs = 60_000): Promise<KeyResolver> {
  const byHash = boundedCache<string, KeyOwner>({ maxEntries: 20_000, ttlMs });
  const unusable = boundedCache<string, true>({ maxEntries: 20_000, ttlMs: UNKNOWN_KEY_MEMORY_MS });
  // Bumped by every change heard: a database read that overlapped a change is not cached, since
  // it may have read the key as it was before the change.
  let generation = 0;
  const forgetKey = (keyId: string) => {
    generation += 1;
    for (const [hash, owner] of byHash.entries()) if (owner.keyId === keyId) byHash.delete(hash);
  };
  // Keys are cached only once this process hears key changes: until then (an API started while
  // Redis is down waits here for it) every request reads its key from the database, so a
  // revocation is never missed and start-up does not wait on Redis.
  let hearingChanges = false;
  void store
    .subscribe(KEY_CHANGES_CHANNEL, forgetKey, () => {
      generation += 1;
      byHash.clear();
    })
    .then(
      () => {
        generation += 1;
        hearingChanges = true;
      },
      () => {
        // Never subscribed (the store refused): keys stay uncached, read from the database.
      },
    );

  const recentlyNoted = boundedCache<string, true>({ maxEntries: 20_000, ttlMs: 60_000 });

  return {
    async find(keyHash, presented) {
      const cached = byHash.get(keyHash);
      if (cached) return cached;
      if (unusable.has(keyHash)) return null;
      const readAt = generation;
      const owner = await findKeyByHash(db, keyHash);
      if (owner && !owner.revokedAt) {
        if (hearingChanges && readAt === generation) byHash.set(keyHash, owner);
      } else if (owner) {
        unusable.set(keyHash, true, { ttl: REVOKED_KEY_MEMORY_MS });
      } else if (presented.issuedFormat) {
        // Only sk_ keys: a legacy key may well be tried before it is imported (`cli keys import`),
        // and must work as soon as it is, while an sk_ key is made here and shown once it exists
        // (one imported from elsewhere while being tried works UNKNOWN_KEY_MEMORY_MS later).
        unusable.set(keyHash, true);
      }
      return owner;
    },
    noteUse(keyId) {
      if (recentlyNoted.has(keyId)) return;
      recentlyNoted.set(keyId, true);
      touchKeyLastUsed(db, keyId).catch(() => {
        // Bookkeeping only: a missed update is corrected by the next use.
      });
    },
    async announceChange(keyId) {
      forgetKey(keyId);
      await store.publish(KEY_CHANGES_CHANNEL, keyId);
    },
  };
}
