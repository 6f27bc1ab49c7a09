/** `cli batch status BATCH_ID [--wait]`: a batch's status record, or its progress until it ends. */
import type { Command } from 'commander';
import { batchViewFor } from '../wait/batch-view';
import { followBatch } from '../wait/follow-batch';
import { statusCommand } from './status-command';

export function batchStatusCommand(): Command {
  return statusCommand({
    noun: 'batch',
    holds: "progress, counts, and every job's state",
    endsWhen: 'every video has ended',
    read: (connection, id) => connection.client.batchStatus(id),
    follow: (connection, id, tty) => followBatch(connection, id, batchViewFor(tty)),
  });
}
