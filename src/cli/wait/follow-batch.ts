/** Waits for a batch to end, showing its videos' progress, and resolves to the exit code. */
import type { Connection } from '../api/connection';
import { EXIT } from '../exit-codes';
import type { BatchView } from './batch-view';
import { followUntilInterrupted } from './follow';
import { watchUntilFinished } from './watch';

export async function followBatch(connection: Connection, batchId: string, view: BatchView): Promise<number> {
  const { client } = connection;
  return followUntilInterrupted(connection, { command: 'batch', id: batchId, view }, async (pacer, signal) => {
    const final = await watchUntilFinished({
      read: (abort) => client.batchStatus(batchId, { signal: abort }),
      fingerprint: (status) =>
        [status.status, status.progress_percentage, ...status.jobs.map((job) => `${job.status} ${job.current_step} ${job.progress_percentage}`)].join('|'),
      isFinished: (status) => status.status !== 'processing',
      onChange: (status) => view.changed(status),
      onRetry: (reason, seconds) => view.retrying(reason, seconds),
      pacer,
      signal,
    });
    view.finished(final);
    return final.status === 'completed' ? EXIT.OK : EXIT.ENDED_IN_FAILURE;
  });
}
