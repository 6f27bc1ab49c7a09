/**
 * `cli jobs status ID [--wait]` and `cli batch status ID [--wait]`: the status record of what submit
 * started, as one JSON line, or its progress followed until it ends.
 */
import { Command } from 'commander';
import { addConnectionOptions, connect, type Connection, type ConnectionOptions } from '../api/connection';
import { printJsonLine } from '../output';
import { workflowIdArgument } from '../workflow-id';

export interface StatusCommandSpec {
  /** What submit started: `job` or `batch`. */
  noun: 'job' | 'batch';
  /** What its status record holds, for the help text. */
  holds: string;
  /** When following it ends. */
  endsWhen: string;
  read(connection: Connection, id: string): Promise<unknown>;
  /** Follows it to its end, drawing its progress on a terminal; resolves to the exit code. */
  follow(connection: Connection, id: string, tty: boolean): Promise<number>;
}

export function statusCommand(spec: StatusCommandSpec): Command {
  const command = new Command('status')
    .description(`prints the ${spec.noun}'s status record (${spec.holds}) as one JSON line`)
    .argument(`<${spec.noun.toUpperCase()}_ID>`, `the ${spec.noun}_id that submit printed`)
    .option('--wait', `follow the ${spec.noun} until ${spec.endsWhen}, as submit --wait does`);
  return addConnectionOptions(command).action(async (rawId: string, options: ConnectionOptions & { wait?: boolean }) => {
    const id = workflowIdArgument(rawId);
    const connection = connect(options);
    if (options.wait) process.exitCode = await spec.follow(connection, id, Boolean(process.stdout.isTTY));
    else printJsonLine(await spec.read(connection, id));
  });
}
