/**
 * Administrative command line (contract section 8). Works against the configured database, the
 * embedded one included, whether or not the service is running.
 *
 *   npm run --silent cli -- users create --email EMAIL --plan free|pro|admin
 *   npm run --silent cli -- keys create --email EMAIL [--name NAME] [--permissions read,process]
 *   npm run --silent cli -- keys import --email EMAIL --key KEY [--name NAME] [--permissions read,process]
 *   npm run --silent cli -- emails resend-recorded [--include-failed] [--kind KIND]
 *   npm run --silent cli -- jobs history JOB_ID
 *   npm run --silent cli -- jobs replay JOB_ID | --file PATH | --since 24h
 */
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { ConfigError, loadConfig, readLegacyKeyPrefix, type Config } from '../config';
import { defaultPermissionsFor, permissionsAllowedFor, PERMISSIONS, PLANS, type Permission } from '../domain/access';
import { hashApiKey, isWellFormedKey, issueApiKey } from '../auth/api-key-format';
import { openDatabase, type Db } from '../storage/database';
import { createUserWithKey, DuplicateEmailError } from '../storage/repositories/users';
import { DuplicateKeyError, findUserByEmail, insertKey } from '../storage/repositories/api-key-admin';
import { NOTICE_KINDS } from '../notifications/queue-notice';
import { requeueNotices } from '../notifications/outbox';
import { JOBS_USAGE, JobsUsageError, jobsHistory, jobsReplay } from './jobs';
import { WorkflowNotFoundError } from '../temporal/workflow-histories';

/** The usage text, naming the configured legacy key prefix (its placeholder if that is invalid). */
function usage(): string {
  const legacyPrefix = readLegacyKeyPrefix() ?? '<LEGACY_KEY_PREFIX>';
  return `usage:
  cli users create --email EMAIL --plan free|pro|admin [--key-name NAME]
      creates a user and their first API key; prints {"user_id","email","plan","api_key"}
  cli keys create --email EMAIL [--name NAME] [--permissions read,process,admin]
      issues another key to an existing user (default permissions: the plan's defaults);
      prints {"key_id","user_id","api_key"}
  cli keys import --email EMAIL --key KEY|- [--name NAME] [--permissions read,process,admin]
      registers an existing key (a legacy ${legacyPrefix}_... key, or an sk_ key) for a user,
      storing only its hash; "--key -" reads it from stdin; prints {"key_id","user_id","email","prefix"}
  cli emails resend-recorded [--include-failed] [--kind KIND]
      puts the email notices recorded while no SMTP_URL was set (with --include-failed, also those that
      failed) back in the outbox; workers with SMTP_URL set send them; prints {"requeued":N}
${JOBS_USAGE}`;
}

class UsageError extends Error {}

const CreateUserArgs = z.object({
  email: z.email('--email must be an email address'),
  plan: z.enum(PLANS, { message: '--plan must be one of free, pro, admin' }),
  'key-name': z.string().min(1).max(100).default('default'),
});

async function usersCreate(argv: string[]): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: { email: { type: 'string' }, plan: { type: 'string' }, 'key-name': { type: 'string' } },
    strict: true,
  });
  const parsed = CreateUserArgs.safeParse(values);
  if (!parsed.success) throw new UsageError(parsed.error.issues.map((i) => i.message).join('; '));
  const { email, plan } = parsed.data;

  await withCliDatabase(async (db) => {
    const key = issueApiKey();
    const { user } = await createUserWithKey(db, {
      email: email.toLowerCase(),
      plan,
      key,
      keyName: parsed.data['key-name'],
      permissions: defaultPermissionsFor(plan),
    });
    process.stdout.write(`${JSON.stringify({ user_id: user.id, email: user.email, plan: user.plan, api_key: key.key })}\n`);
  });
}

async function withCliDatabase<T>(run: (db: Db, config: Config) => Promise<T>): Promise<T> {
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.dataDir,
    poolSize: 2,
    embeddedMode: 'host-or-client',
    // stdout carries the command's JSON; what the embedded server says goes to stderr.
    log: (message) => process.stderr.write(`${message}\n`),
  });
  try {
    return await run(database.db, config);
  } finally {
    await database.close();
  }
}

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

const keyOptions = {
  email: { type: 'string' },
  name: { type: 'string' },
  permissions: { type: 'string' },
} as const;

function parseKeyArgs(values: Record<string, unknown>) {
  const parsed = KeyArgs.safeParse(values);
  if (!parsed.success) throw new UsageError(parsed.error.issues.map((i) => i.message).join('; '));
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

async function keysCreate(argv: string[]): Promise<void> {
  const { values } = parseArgs({ args: argv, options: keyOptions, strict: true });
  const args = parseKeyArgs(values);
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
    process.stdout.write(`${JSON.stringify({ key_id: row.id, user_id: user.id, api_key: key.key })}\n`);
  });
}

async function readStdin(): Promise<string> {
  let text = '';
  for await (const chunk of process.stdin) text += chunk;
  return text.trim();
}

async function keysImport(argv: string[]): Promise<void> {
  const { values } = parseArgs({ args: argv, options: { ...keyOptions, key: { type: 'string' } }, strict: true });
  const { key: keyArg, ...rest } = values;
  const args = parseKeyArgs(rest);
  if (!keyArg) throw new UsageError('--key is required');
  const key = keyArg === '-' ? await readStdin() : keyArg.trim();
  await withCliDatabase(async (db, config) => {
    const legacyPrefix = config.LEGACY_KEY_PREFIX;
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
    process.stdout.write(`${JSON.stringify({ key_id: row.id, user_id: user.id, email: user.email, prefix: row.prefix })}\n`);
  });
}

async function emailsResendRecorded(argv: string[]): Promise<void> {
  const { values } = parseArgs({ args: argv, options: { 'include-failed': { type: 'boolean' }, kind: { type: 'string' } }, strict: true });
  const kind = values.kind;
  if (kind !== undefined && !(NOTICE_KINDS as readonly string[]).includes(kind)) {
    throw new UsageError(`--kind must be one of ${NOTICE_KINDS.join(', ')}`);
  }
  await withCliDatabase(async (db, config) => {
    const requeued = await requeueNotices(db, { includeFailed: values['include-failed'] === true, kind });
    if (!config.SMTP_URL) process.stderr.write('note: SMTP_URL is not set for this command; workers without it record the notices again\n');
    process.stdout.write(`${JSON.stringify({ requeued })}\n`);
  });
}

/** Resolves to the exit code. */
async function main(argv: string[]): Promise<number | void> {
  const [group, command, ...rest] = argv;
  if (group === 'jobs' && command === 'history') return jobsHistory(rest);
  if (group === 'jobs' && command === 'replay') return jobsReplay(rest);
  if (group === 'users' && command === 'create') return usersCreate(rest);
  if (group === 'keys' && command === 'create') return keysCreate(rest);
  if (group === 'keys' && command === 'import') return keysImport(rest);
  if (group === 'emails' && command === 'resend-recorded') return emailsResendRecorded(rest);
  if (group === undefined || group === '--help' || group === 'help') {
    process.stdout.write(`${usage()}\n`);
    return;
  }
  throw new UsageError(`unknown command: ${[group, command].filter(Boolean).join(' ')}`);
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code ?? 0),
  (error: unknown) => {
    if (error instanceof UsageError || error instanceof JobsUsageError || String((error as { code?: unknown }).code).startsWith('ERR_PARSE_ARGS')) {
      process.stderr.write(`error: ${(error as Error).message}\n${usage()}\n`);
      process.exit(64); // EX_USAGE
    }
    if (error instanceof DuplicateEmailError || error instanceof DuplicateKeyError || error instanceof ConfigError || error instanceof WorkflowNotFoundError) {
      process.stderr.write(`error: ${error.message}\n`);
      process.exit(1);
    }
    process.stderr.write(`error: ${(error as Error).message ?? String(error)}\n`);
    process.exit(1);
  },
);
