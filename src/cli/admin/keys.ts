/** `cli keys create|import`: more keys for an existing user, straight into the database. */
import { z } from 'zod';
import { hashApiKey, isWellFormedKey, issueApiKey } from '../../auth/api-key-format';
import { defaultPermissionsFor, permissionsAllowedFor, PERMISSIONS, type Permission } from '../../domain/access';
import type { Db } from '../../storage/database';
import { findUserByEmail, insertKey } from '../../storage/repositories/api-key-admin';
import { withCliDatabase } from '../database';
import { printJsonLine } from '../output';
import { UsageError, usageErrorFrom } from '../usage-error';

const KeyArgs = z.object({
  email: z.email('--email must be an email address'),
  name: z.string().trim().min(1, '--name must not be empty').max(100, '--name must be at most 100 characters').optional(),
  permissions: z
    .string()
    .transform((list) => list.split(',').map((p) => p.trim()).filter(Boolean))
    .pipe(
      z
        .array(z.enum(PERMISSIONS, { message: '--permissions must list read, process or admin, comma-separated' }))
        .min(1, '--permissions must name at least one permission'),
    )
    .optional(),
});

function parseKeyArgs(options: Record<string, unknown>) {
  const parsed = KeyArgs.safeParse(options);
  if (!parsed.success) throw usageErrorFrom(parsed.error);
  return parsed.data;
}

/** The user a key is for, and the permissions it gets: the plan's defaults, or those asked for if the plan allows them. */
async function keyOwner(db: Db, email: string, requested: Permission[] | undefined) {
  const user = await findUserByEmail(db, email);
  if (!user) throw new Error(`no user with email ${email.toLowerCase()} (create one with: cli users create)`);
  const allowed = permissionsAllowedFor(user.plan);
  const refused = (requested ?? []).filter((p) => !allowed.includes(p));
  if (refused.length > 0) throw new Error(`a user on the ${user.plan} plan cannot hold: ${refused.join(', ')}`);
  const permissions = PERMISSIONS.filter((p) => (requested ?? defaultPermissionsFor(user.plan)).includes(p));
  return { user, permissions };
}

export async function createKey(options: Record<string, unknown>): Promise<void> {
  const args = parseKeyArgs(options);
  await withCliDatabase(async (db) => {
    const { user, permissions } = await keyOwner(db, args.email, args.permissions);
    const key = issueApiKey();
    const row = await insertKey(db, {
      userId: user.id,
      name: args.name ?? 'cli',
      hash: key.hash,
      prefix: key.prefix,
      lastFour: key.lastFour,
      permissions,
      expiresAt: null,
    });
    printJsonLine({ key_id: row.id, user_id: user.id, api_key: key.key });
  });
}

async function readStdin(): Promise<string> {
  let text = '';
  for await (const chunk of process.stdin) text += chunk;
  return text.trim();
}

export async function importKey(options: Record<string, unknown>): Promise<void> {
  const { key: keyArg, ...rest } = options as { key?: string };
  const args = parseKeyArgs(rest);
  if (!keyArg) throw new UsageError('--key is required');
  const key = keyArg === '-' ? await readStdin() : keyArg.trim();
  await withCliDatabase(async (db, config) => {
    const legacyPrefix = config.auth.legacyKeyPrefix;
    if (!isWellFormedKey(key, legacyPrefix)) {
      throw new UsageError(
        `--key is not a key this service accepts: ${legacyPrefix}_ followed by 16 to 128 of [A-Za-z0-9_-] (LEGACY_KEY_PREFIX=${legacyPrefix}), or sk_ followed by 64 lowercase hex`,
      );
    }
    const { user, permissions } = await keyOwner(db, args.email, args.permissions);
    // Enough to tell keys apart, not enough to matter: legacy keys can be short.
    const prefix = key.startsWith('sk_') ? key.slice(0, 10) : key.slice(0, legacyPrefix.length + 1 + 4);
    const row = await insertKey(db, {
      userId: user.id,
      name: args.name ?? 'imported',
      hash: hashApiKey(key),
      prefix,
      lastFour: key.slice(-4),
      permissions,
      expiresAt: null,
    });
    printJsonLine({ key_id: row.id, user_id: user.id, email: user.email, prefix: row.prefix });
  });
}

