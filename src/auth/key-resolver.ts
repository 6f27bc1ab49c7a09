/**
 * Finds the owner of a presented key. Every authenticated request needs this, so known keys are
 * kept in memory for a minute; a change to a key (revocation, new permissions) is announced on the
 * fast store's channel and every API process drops its copy at once. If the channel reconnects,
 * messages may have been missed, so the whole cache is dropped.
 */
import { LRUCache } from 'lru-cache';
import type { Db } from '../storage/database';
import type { FastStore } from '../storage/fast-store';
import { findKeyByHash, type KeyOwner } from '../storage/repositories/api-keys';
import { touchKeyLastUsed } from '../storage/repositories/api-key-admin';

export const KEY_CHANGES_CHANNEL = 'api-keys:changed';

export interface KeyResolver {
  find(keyHash: string): Promise<KeyOwner | null>;
  /** Announces that a key changed; every process forgets it. */
  announceChange(keyId: string): Promise<void>;
  /** Notes that a key was used; last_used_at is written at most once a minute per key, off the request path. */
  noteUse(keyId: string): void;
}

export async function createKeyResolver(db: Db, store: FastStore, ttlMs = 60_000): Promise<KeyResolver> {
  const byHash = new LRUCache<string, KeyOwner>({ max: 20_000, ttl: ttlMs });
  // Bumped by every change heard: a database read that overlapped a change is not cached, since
  // it may have read the key as it was before the change.
  let generation = 0;
  const forgetKey = (keyId: string) => {
    generation += 1;
    for (const [hash, owner] of byHash.entries()) if (owner.keyId === keyId) byHash.delete(hash);
  };
  await store.subscribe(KEY_CHANGES_CHANNEL, forgetKey, () => {
    generation += 1;
    byHash.clear();
  });

  const recentlyNoted = new LRUCache<string, true>({ max: 20_000, ttl: 60_000 });

  return {
    async find(keyHash) {
      const cached = byHash.get(keyHash);
      if (cached) return cached;
      const readAt = generation;
      const owner = await findKeyByHash(db, keyHash);
      // Unknown keys are not cached: anyone can invent them, and they would crowd out real ones.
      if (owner && !owner.revokedAt && readAt === generation) byHash.set(keyHash, owner);
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
