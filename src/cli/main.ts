/**
 * Administrative command line (contract section 8). Works against the configured database, the
 * embedded one included, whether or not the service is running.
 *
 *   npm run --silent cli -- users create --email EMAIL --plan free|pro|admin
 */
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { ConfigError, loadConfig } from '../config';
import { defaultPermissionsFor, PLANS } from '../domain/access';
import { issueApiKey } from '../auth/api-key-format';
import { openDatabase } from '../storage/database';
import { createUserWithKey, DuplicateEmailError } from '../storage/repositories/users';

const USAGE = `usage:
  cli users create --email EMAIL --plan free|pro|admin [--key-name NAME]
      creates a user and their first API key; prints {"user_id","email","plan","api_key"}`;

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

  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.dataDir,
    poolSize: 2,
    embeddedMode: 'host-or-client',
  });
  try {
    const key = issueApiKey();
    const { user } = await createUserWithKey(database.db, {
      email: email.toLowerCase(),
      plan,
      key,
      keyName: parsed.data['key-name'],
      permissions: defaultPermissionsFor(plan),
    });
    process.stdout.write(`${JSON.stringify({ user_id: user.id, email: user.email, plan: user.plan, api_key: key.key })}\n`);
  } finally {
    await database.close();
  }
}

async function main(argv: string[]): Promise<void> {
  const [group, command, ...rest] = argv;
  if (group === 'users' && command === 'create') return usersCreate(rest);
  if (group === undefined || group === '--help' || group === 'help') {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  throw new UsageError(`unknown command: ${[group, command].filter(Boolean).join(' ')}`);
}

main(process.argv.slice(2)).then(
  () => process.exit(0),
  (error: unknown) => {
    if (error instanceof UsageError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      process.stderr.write(`error: ${(error as Error).message}\n${USAGE}\n`);
      process.exit(64); // EX_USAGE
    }
    if (error instanceof DuplicateEmailError || error instanceof ConfigError) {
      process.stderr.write(`error: ${error.message}\n`);
      process.exit(1);
    }
    process.stderr.write(`error: ${(error as Error).message ?? String(error)}\n`);
    process.exit(1);
  },
);
