import type { Plan, Permission } from '../../domain/access';
import type { Db } from '../database';
import type { UserRow } from '../schema';
import type { NewKey } from './api-key-admin';

export class DuplicateEmailError extends Error {
  constructor(email: string) {
    super(`a user with email ${email} already exists`);
  }
}

export interface CreatedUser {
  user: UserRow;
  keyId: string;
}

/** The stored parts of a newly issued key (issueApiKey's result fits): never the key itself. */
type StoredKeyParts = Pick<NewKey, 'hash' | 'prefix' | 'lastFour'>;

/** Creates a user with their first API key, atomically. */
export async function createUserWithKey(
  db: Db,
  input: { email: string; plan: Plan; key: StoredKeyParts; keyName: string; permissions: Permission[] },
): Promise<CreatedUser> {
  try {
    return await db.transaction().execute(async (tx) => {
      const user = await tx
        .insertInto('users')
        .values({ email: input.email, plan: input.plan })
        .returningAll()
        .executeTakeFirstOrThrow();
      const key = await tx
        .insertInto('api_keys')
        .values({
          user_id: user.id,
          name: input.keyName,
          key_hash: input.key.hash,
          prefix: input.key.prefix,
          last_four: input.key.lastFour,
          permissions: input.permissions,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { user, keyId: key.id };
    });
  } catch (error) {
    if ((error as { code?: string }).code === '23505') throw new DuplicateEmailError(input.email);
    throw error;
  }
}
