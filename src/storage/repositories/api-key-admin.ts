/**
 * API key management (docs/api-behaviour.md#permissions-and-key-management): the owner-scoped reads
 * and writes behind /api/v1/auth/keys and the `cli keys` commands. Every query names the owner, so
 * another user's key id behaves exactly like an unknown one. The key hash is written, never read
 * back.
 */
import type { ExpressionBuilder, Updateable } from 'kysely';
import type { Permission } from '../../domain/access';
import type { Db } from '../database';
import type { ApiKeysTable, Database, UserRow } from '../schema';

/** A key as its owner may see it: never the hash, never the key. */
export interface ApiKeyRecord {
  id: string;
  user_id: string;
  name: string;
  prefix: string;
  last_four: string;
  permissions: Permission[];
  created_at: Date;
  expires_at: Date | null;
  revoked_at: Date | null;
  last_used_at: Date | null;
}

const VISIBLE_COLUMNS = [
  'id',
  'user_id',
  'name',
  'prefix',
  'last_four',
  'permissions',
  'created_at',
  'expires_at',
  'revoked_at',
  'last_used_at',
] as const;

export class DuplicateKeyError extends Error {
  constructor() {
    super('this API key is already registered');
  }
}

export interface NewKey {
  userId: string;
  name: string;
  /** SHA-256 of the key (hashApiKey), plus what the owner is shown to tell keys apart. */
  hash: string;
  prefix: string;
  lastFour: string;
  permissions: Permission[];
  expiresAt: Date | null;
}

export async function insertKey(db: Db, key: NewKey): Promise<ApiKeyRecord> {
  try {
    return await db
      .insertInto('api_keys')
      .values({
        user_id: key.userId,
        name: key.name,
        key_hash: key.hash,
        prefix: key.prefix,
        last_four: key.lastFour,
        permissions: key.permissions,
        expires_at: key.expiresAt,
      })
      .returning(VISIBLE_COLUMNS)
      .executeTakeFirstOrThrow();
  } catch (error) {
    if ((error as { code?: string }).code === '23505') throw new DuplicateKeyError();
    throw error;
  }
}

export type KeyInsertion = { created: ApiKeyRecord } | { limitReached: { active: number } };

/**
 * Inserts a key unless the user already holds `maxActive` active (unrevoked, unexpired) keys. The
 * user's row is locked for the count and the insert, so concurrent creations for one user take
 * turns and cannot together pass the cap.
 */
export async function insertKeyWithinLimit(db: Db, key: NewKey, maxActive: number): Promise<KeyInsertion> {
  return db.transaction().execute(async (tx) => {
    await tx.selectFrom('users').select('id').where('id', '=', key.userId).forUpdate().executeTakeFirstOrThrow();
    const { active } = await tx
      .selectFrom('api_keys')
      .select((eb) => eb.fn.countAll<string>().as('active'))
      .where('user_id', '=', key.userId)
      .where('revoked_at', 'is', null)
      .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', new Date())]))
      .executeTakeFirstOrThrow();
    if (Number(active) >= maxActive) return { limitReached: { active: Number(active) } };
    return { created: await insertKey(tx, key) };
  });
}

/** The user's keys that are not revoked (expired ones included), newest first. */
export async function listActiveKeys(db: Db, userId: string): Promise<ApiKeyRecord[]> {
  return db
    .selectFrom('api_keys')
    .select(VISIBLE_COLUMNS)
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
}

/** A where clause for this user's key while it is not revoked. */
function isActiveKey(userId: string, keyId: string) {
  return (eb: ExpressionBuilder<Database, 'api_keys'>) => eb.and([eb('id', '=', keyId), eb('user_id', '=', userId), eb('revoked_at', 'is', null)]);
}

export async function findActiveKey(db: Db, userId: string, keyId: string): Promise<ApiKeyRecord | null> {
  const row = await db.selectFrom('api_keys').select(VISIBLE_COLUMNS).where(isActiveKey(userId, keyId)).executeTakeFirst();
  return row ?? null;
}

/** Writes these columns of a key of this user; null when it has no such (unrevoked) key. */
async function updateActiveKey(db: Db, userId: string, keyId: string, values: Updateable<ApiKeysTable>): Promise<ApiKeyRecord | null> {
  const row = await db.updateTable('api_keys').set(values).where(isActiveKey(userId, keyId)).returning(VISIBLE_COLUMNS).executeTakeFirst();
  return row ?? null;
}

/** Renames and/or re-scopes a key of this user; null when it has no such (unrevoked) key. */
export async function updateKey(
  db: Db,
  userId: string,
  keyId: string,
  changes: { name?: string; permissions?: Permission[] },
): Promise<ApiKeyRecord | null> {
  const values = {
    ...(changes.name !== undefined ? { name: changes.name } : {}),
    ...(changes.permissions !== undefined ? { permissions: changes.permissions } : {}),
  };
  if (Object.keys(values).length === 0) return findActiveKey(db, userId, keyId);
  return updateActiveKey(db, userId, keyId, values);
}

/** Revokes a key of this user now; null when it has no such (unrevoked) key. */
export async function revokeKey(db: Db, userId: string, keyId: string): Promise<ApiKeyRecord | null> {
  return updateActiveKey(db, userId, keyId, { revoked_at: new Date() });
}

/**
 * Records that a key was used, at most once a minute per key so the hot path does not write on
 * every request. For the authentication path to call; nothing calls it yet.
 */
export async function touchKeyLastUsed(db: Db, keyId: string, at = new Date()): Promise<void> {
  await db
    .updateTable('api_keys')
    .set({ last_used_at: at })
    .where('id', '=', keyId)
    .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', new Date(at.getTime() - 60_000))]))
    .execute();
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | null> {
  const row = await db.selectFrom('users').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirst();
  return row ?? null;
}
