/**
 * The command line (docs/api-behaviour.md#command-line, issue 10):
 * `npm run --silent cli -- COMMAND ...`; `cli --help` lists every command. Administrative commands
 * work on the configured database or Temporal; client commands speak to the API through the typed
 * client.
 */
import { CommanderError, type Command } from 'commander';
import { describeApiFailure } from './api/failures';
import { EXIT } from './exit-codes';
import { buildProgram } from './program';
import { UsageError } from './usage-error';

function exitCodeFor(error: unknown, active: Command): number {
  if (error instanceof CommanderError) {
    // Commander has printed the message (and the command's help) already.
    return error.exitCode === 0 ? EXIT.OK : EXIT.USAGE;
  }
  if (error instanceof UsageError) {
    process.stderr.write(`error: ${error.message}\n\n`);
    active.outputHelp({ error: true });
    return EXIT.USAGE;
  }
  const failure = describeApiFailure(error);
  if (failure) {
    process.stderr.write(`${failure.lines.join('\n')}\n`);
    return failure.exitCode;
  }
  process.stderr.write(`error: ${error instanceof Error ? error.message : String(error)}\n`);
  return EXIT.FAILED;
}

async function run(argv: string[]): Promise<number> {
  const program = buildProgram();
  if (argv.length === 0) {
    program.outputHelp();
    return EXIT.OK;
  }
  let active: Command = program;
  program.hook('preAction', (_program, actionCommand) => {
    active = actionCommand;
  });
  try {
    await program.parseAsync(argv, { from: 'user' });
    return typeof process.exitCode === 'number' ? process.exitCode : EXIT.OK;
  } catch (error) {
    return exitCodeFor(error, active);
  }
}

// run answers every failure with an exit code, so there is no rejection left to handle.
void run(process.argv.slice(2)).then((code) => process.exit(code));
