/** `cli users create`: a user and their first API key (docs/api-behaviour.md#command-line). */
import { Command } from 'commander';

export function usersCommand(): Command {
  const users = new Command('users').description('users of the service (works on the configured database, the service running or not)');
  users
    .command('create')
    .description('creates a user and their first API key; prints {"user_id","email","plan","api_key"}')
    .requiredOption('--email <email>', "the user's email address")
    .requiredOption('--plan <plan>', 'free, pro or admin')
    .option('--key-name <name>', 'the name of the first key', 'default')
    .action((options: Record<string, unknown>) => {
      // Loaded on use, like every command's database code: --help and the client commands need none of it.
      const { createUser } = require('../admin/create-user') as typeof import('../admin/create-user');
      return createUser(options);
    });
  return users;
}
