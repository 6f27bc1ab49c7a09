/** `cli batch status BATCH_ID [--wait]`: a batch's status record, or its progress until it ends. */
import { Command } from 'commander';
import { addConnectionOptions, connect, type ConnectionOptions } from '../api/connection';
import { printJsonLine } from '../output';
import { batchViewFor } from '../wait/batch-view';
import { followBatch } from '../wait/follow-batch';
import { workflowIdArgument } from '../workflow-id';

async function status(batchId: string, options: ConnectionOptions & { wait?: boolean }): Promise<void> {
  const id = workflowIdArgument(batchId);
  const connection = connect(options);
  if (!options.wait) {
    printJsonLine(await connection.client.batchStatus(id));
    return;
  }
  process.exitCode = await followBatch(connection, id, batchViewFor(Boolean(process.stdout.isTTY)));
}

export function batchStatusCommand(): Command {
  const command = new Command('status')
    .description("prints the batch's status record (progress, counts, and every job's state) as one JSON line")
    .argument('<BATCH_ID>', 'the batch_id that submit printed')
    .option('--wait', 'follow the batch until every video has ended, as submit --wait does');
  return addConnectionOptions(command).action(status);
}
