/** `cli users create`: a user and their first API key (docs/api-behaviour.md#command-line), straight into the database. */
import { z } from 'zod';
import { issueApiKey } from '../../auth/api-key-format';
import { defaultPermissionsFor, PLANS } from '../../domain/access';
import { createUserWithKey } from '../../storage/repositories/users';
import { withCliDatabase } from '../database';
import { printJsonLine } from '../output';
import { usageErrorFrom } from '../usage-error';

const CreateUserArgs = z.object({
  email: z.email('--email must be an email address'),
  plan: z.enum(PLANS, { message: '--plan must be one of free, pro, admin' }),
  keyName: z.string().min(1).max(100).default('default'),
});

export async function createUser(options: Record<string, unknown>): Promise<void> {
  const parsed = CreateUserArgs.safeParse(options);
  if (!parsed.success) throw usageErrorFrom(parsed.error);
  const { email, plan, keyName } = parsed.data;
  await withCliDatabase(async (db) => {
    const key = issueApiKey();
    const { user } = await createUserWithKey(db, { email: email.toLowerCase(), plan, key, keyName, permissions: defaultPermissionsFor(plan) });
    printJsonLine({ user_id: user.id, email: user.email, plan: user.plan, api_key: key.key });
  });
}

