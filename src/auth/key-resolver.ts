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

export const KEY_CHANGES_CHANNEL = 'api-keys:changed';

export interface KeyResolver {
  find(keyHash: string): Promise<KeyOwner | null>;
  /** Announces that a key changed; every process forgets it. */
  announceChange(keyId: string): Promise<void>;
}

export async function createKeyResolver(db: Db, store: FastStore, ttlMs = 60_000): Promise<KeyResolver> {
  const byHash = new LRUCache<string, KeyOwner>({ max: 20_000, ttl: ttlMs });
  const forgetKey = (keyId: string) => {
    for (const [hash, owner] of byHash.entries()) if (owner.keyId === keyId) byHash.delete(hash);
  };
  await store.subscribe(KEY_CHANGES_CHANNEL, forgetKey, () => byHash.clear());

  return {
    async find(keyHash) {
      const cached = byHash.get(keyHash);
      if (cached) return cached;
      const owner = await findKeyByHash(db, keyHash);
      // Unknown keys are not cached: anyone can invent them, and they would crowd out real ones.
      if (owner && !owner.revokedAt) byHash.set(keyHash, owner);
      return owner;
    },
    async announceChange(keyId) {
      forgetKey(keyId);
      await store.publish(KEY_CHANGES_CHANNEL, keyId);
    },
  };
}
