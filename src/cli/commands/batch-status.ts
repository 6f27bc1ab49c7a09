/** `cli batch status BATCH_ID [--wait]`: a batch's status record, or its progress until it ends. */
import type { Command } from 'commander';
import { batchViewFor } from '../wait/batch-view';
import { followBatch } from '../wait/follow-batch';
import { statusCommand } from './status-command';

export function batchStatusCommand(): Command {
  return statusCommand({
    description: "prints the batch's status record (progress, counts, and every job's state) as one JSON line",
    argument: { name: '<BATCH_ID>', description: 'the batch_id that submit printed' },
    waitDescription: 'follow the batch until every video has ended, as submit --wait does',
    read: (connection, id) => connection.client.batchStatus(id),
    follow: (connection, id, tty) => followBatch(connection, id, batchViewFor(tty)),
  });
}
