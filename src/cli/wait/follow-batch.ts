/** Waits for a batch to end, showing its videos' progress, and resolves to the exit code. */
import type { Connection } from '../api/connection';
import { EXIT } from '../exit-codes';
import { printNote } from '../output';
import type { BatchView } from './batch-view';
import { interruptOnSigint } from './interrupt';
import { PollPacer } from './pacing';
import { WaitInterrupted } from './retry';
import { watchUntilFinished } from './watch';

export async function followBatch(connection: Connection, batchId: string, view: BatchView): Promise<number> {
  const { client } = connection;
  const pacer = new PollPacer();
  client.http.use({ onResponse: ({ response }) => void pacer.observe(response.headers) });
  const interrupt = interruptOnSigint();
  try {
    const final = await watchUntilFinished({
      read: (abort) => client.batchStatus(batchId, { signal: abort }),
      fingerprint: (status) =>
        [status.status, status.progress_percentage, ...status.jobs.map((job) => `${job.status} ${job.current_step} ${job.progress_percentage}`)].join('|'),
      isFinished: (status) => status.status !== 'processing',
      onChange: (status) => view.changed(status),
      onRetry: (reason, seconds) => view.retrying(reason, seconds),
      pacer,
      signal: interrupt.signal,
    });
    view.finished(final);
    return final.status === 'completed' ? EXIT.OK : EXIT.ENDED_IN_FAILURE;
  } catch (error) {
    if (!(error instanceof WaitInterrupted)) throw error;
    view.close();
    printNote(`interrupted: stopped waiting for ${batchId}, which keeps running; follow it again with: cli batch status ${batchId} --wait`);
    return EXIT.INTERRUPTED;
  } finally {
    interrupt.dispose();
    view.close();
  }
}
