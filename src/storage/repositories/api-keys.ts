import type { Plan, Permission } from '../../domain/access';
import type { Db } from '../database';

export interface KeyOwner {
  keyId: string;
  userId: string;
  email: string;
  plan: Plan;
  permissions: Permission[];
  expiresAt: Date | null;
  revokedAt: Date | null;
}

export async function findKeyByHash(db: Db, keyHash: string): Promise<KeyOwner | null> {
  const row = await db
    .selectFrom('api_keys')
    .innerJoin('users', 'users.id', 'api_keys.user_id')
    .select([
      'api_keys.id as keyId',
      'users.id as userId',
      'users.email as email',
      'users.plan as plan',
      'api_keys.permissions as permissions',
      'api_keys.expires_at as expiresAt',
      'api_keys.revoked_at as revokedAt',
    ])
    .where('api_keys.key_hash', '=', keyHash)
    .executeTakeFirst();
  return row ?? null;
}
