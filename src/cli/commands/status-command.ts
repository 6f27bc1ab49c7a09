/**
 * `cli jobs status ID [--wait]` and `cli batch status ID [--wait]`: the status record of what submit
 * started, as one JSON line, or its progress followed until it ends.
 */
import { Command } from 'commander';
import { addConnectionOptions, connect, type Connection, type ConnectionOptions } from '../api/connection';
import { printJsonLine } from '../output';
import { batchViewFor } from '../wait/batch-view';
import { followBatch } from '../wait/follow-batch';
import { followJob } from '../wait/follow-job';
import { jobViewFor } from '../wait/job-view';
import { workflowIdArgument } from '../workflow-id';

/** What submit starts. */
export type Submitted = 'job' | 'batch';

interface StatusOf {
  /** What its status record holds, for the help text. */
  holds: string;
  /** When following it ends. */
  endsWhen: string;
  read(connection: Connection, id: string): Promise<unknown>;
  /** Follows it to its end, drawing its progress on a terminal; resolves to the exit code. */
  follow(connection: Connection, id: string, tty: boolean): Promise<number>;
}

const STATUS_OF: Record<Submitted, StatusOf> = {
  job: {
    holds: 'status, progress_percentage, current_step, ...',
    endsWhen: 'it ends',
    read: (connection, id) => connection.client.jobStatus(id),
    follow: (connection, id, tty) => followJob(connection, id, jobViewFor(tty)),
  },
  batch: {
    holds: "progress, counts, and every job's state",
    endsWhen: 'every video has ended',
    read: (connection, id) => connection.client.batchStatus(id),
    follow: (connection, id, tty) => followBatch(connection, id, batchViewFor(tty)),
  },
};

export function statusCommand(noun: Submitted): Command {
  const spec = STATUS_OF[noun];
  const command = new Command('status')
    .description(`prints the ${noun}'s status record (${spec.holds}) as one JSON line`)
    .argument(`<${noun.toUpperCase()}_ID>`, `the ${noun}_id that submit printed`)
    .option('--wait', `follow the ${noun} until ${spec.endsWhen}, as submit --wait does`);
  return addConnectionOptions(command).action(async (rawId: string, options: ConnectionOptions & { wait?: boolean }) => {
    const id = workflowIdArgument(rawId);
    const connection = connect(options);
    if (options.wait) process.exitCode = await spec.follow(connection, id, Boolean(process.stdout.isTTY));
    else printJsonLine(await spec.read(connection, id));
  });
}
