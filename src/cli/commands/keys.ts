/** `cli keys create|import`: more keys for an existing user. */
import { Command } from 'commander';
import { readLegacyKeyPrefix } from '../../config';

/** Loaded on use, like every command's database code: --help and the client commands need none of it. */
const adminKeys = () => require('../admin/keys') as typeof import('../admin/keys');

export function keysCommand(): Command {
  // The configured prefix, or its placeholder when it is invalid: help must work whatever the configuration.
  const legacyPrefix = readLegacyKeyPrefix() ?? '<LEGACY_KEY_PREFIX>';
  const keys = new Command('keys')
    .description('more API keys for an existing user (works on the configured database, the service running or not)')
    .addHelpText('after', `\nKeys: sk_ followed by 64 lowercase hex, or a legacy ${legacyPrefix}_... key (LEGACY_KEY_PREFIX).`);
  const permissionsHelp = "read, process and/or admin, comma-separated (default: the plan's defaults)";
  keys
    .command('create')
    .description('issues another key to an existing user; prints {"key_id","user_id","api_key"}')
    .requiredOption('--email <email>', "the user's email address")
    .option('--name <name>', 'the key\'s name (default "cli")')
    .option('--permissions <list>', permissionsHelp)
    .action((options: Record<string, unknown>) => adminKeys().createKey(options));
  keys
    .command('import')
    .description(
      `registers an existing key (a legacy ${legacyPrefix}_... key, or an sk_ key) for a user, storing only its hash; prints {"key_id","user_id","email","prefix"}`,
    )
    .requiredOption('--email <email>', "the user's email address")
    .requiredOption('--key <key>', 'the key, or - to read it from stdin')
    .option('--name <name>', 'the key\'s name (default "imported")')
    .option('--permissions <list>', permissionsHelp)
    .action((options: Record<string, unknown>) => adminKeys().importKey(options));
  return keys;
}
