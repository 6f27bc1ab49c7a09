/**
 * The command line's commands, on commander: every command and group answers --help, and the
 * root's help ends with every command in one place, the environment and the exit codes.
 */
import { Command } from 'commander';
import { readLegacyKeyPrefix } from '../config';
import { DEFAULT_SERVICE_URL } from './api/connection';
import { batchCommand } from './commands/batch';
import { emailsCommand } from './commands/emails';
import { jobsCommand } from './commands/jobs';
import { keysCommand } from './commands/keys';
import { usersCommand } from './commands/users';
import { EXIT_CODES_HELP } from './exit-codes';

/** Connection options are described once, under Environment, rather than on every line. */
const SHARED_OPTIONS = new Set(['--url', '--api-key', '--help']);

function everyCommand(command: Command): Command[] {
  return [command, ...command.commands.flatMap(everyCommand)];
}

function pathOf(command: Command): string {
  const names: string[] = [];
  for (let at: Command | null = command; at?.parent; at = at.parent) names.unshift(at.name());
  return names.join(' ');
}

/** One line per command with its arguments and options, from the commands themselves so it cannot drift. */
function synopsis(root: Command): string {
  return everyCommand(root)
    .filter((command) => command.parent && command.commands.length === 0)
    .map((command) => {
      const args = command.registeredArguments.map((arg) => (arg.required ? `<${arg.name()}>` : `[${arg.name()}]`));
      const options = command.options.filter((option) => !SHARED_OPTIONS.has(option.long ?? '')).map((option) => (option.mandatory ? option.flags : `[${option.flags}]`));
      return `  cli ${[pathOf(command), ...args, ...options].join(' ')}`;
    })
    .join('\n');
}

function rootHelp(root: Command): string {
  // The configured prefix, or its placeholder when it is invalid: help must work whatever the configuration.
  const legacyPrefix = readLegacyKeyPrefix() ?? '<LEGACY_KEY_PREFIX>';
  return `
Every command (cli COMMAND --help tells more):
${synopsis(root)}

API keys: sk_ followed by 64 lowercase hex, or a legacy ${legacyPrefix}_... key (LEGACY_KEY_PREFIX).

Environment:
  users, keys, emails   the service's own configuration: DATABASE_URL, or the embedded database under DATA_DIR
                        (the service running or not)
  jobs history|replay   TEMPORAL_ADDRESS, or the embedded Temporal under DATA_DIR
  jobs submit|status|result, batch
                        VIDEO_DIGEST_URL: the service (default: PUBLIC_BASE_URL, else ${DEFAULT_SERVICE_URL})
                        VIDEO_DIGEST_API_KEY: the key to use; --url and --api-key override both

Output: JSON on stdout, one value per line; notes and errors on stderr. On a terminal, --wait draws
progress bars instead of JSON lines.

${EXIT_CODES_HELP}
`;
}

export function buildProgram(): Command {
  const program = new Command('cli')
    .description('Video Digest from the command line: users and keys, jobs and batches, workflow histories')
    .addCommand(usersCommand())
    .addCommand(keysCommand())
    .addCommand(emailsCommand())
    .addCommand(jobsCommand())
    .addCommand(batchCommand());
  program.addHelpText('after', () => rootHelp(program));
  for (const command of everyCommand(program)) {
    // Errors come back to main as exceptions, which maps them to our exit codes (64 for usage).
    command.exitOverride().showHelpAfterError();
    if (command.options.some((option) => option.long === '--api-key')) command.addHelpText('after', `\n${EXIT_CODES_HELP}`);
  }
  return program;
}
