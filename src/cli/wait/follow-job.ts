/** Waits for one job to end, showing its progress, and resolves to the exit code. */
import type { Connection } from '../api/connection';
import { EXIT } from '../exit-codes';
import { printNote } from '../output';
import { interruptOnSigint } from './interrupt';
import type { JobView } from './job-view';
import { PollPacer } from './pacing';
import { readPolitely, WaitInterrupted } from './retry';
import { watchUntilFinished } from './watch';

export async function followJob(connection: Connection, jobId: string, view: JobView): Promise<number> {
  const { client } = connection;
  const pacer = new PollPacer();
  client.http.use({ onResponse: ({ response }) => void pacer.observe(response.headers) });
  const interrupt = interruptOnSigint();
  const { signal } = interrupt;
  const onRetry = (reason: string, seconds: number) => view.retrying(reason, seconds);
  try {
    const final = await watchUntilFinished({
      read: (abort) => client.jobStatus(jobId, { signal: abort }),
      fingerprint: (status) => `${status.status} ${status.current_step} ${status.progress_percentage}`,
      isFinished: (status) => status.status === 'completed' || status.status === 'failed',
      onChange: (status) => view.changed(status),
      onRetry,
      pacer,
      signal,
    });
    if (final.status === 'failed') {
      view.failed(final);
      return EXIT.ENDED_IN_FAILURE;
    }
    view.completed(await readPolitely((abort) => client.jobResult(jobId, { signal: abort }), { signal, onRetry }));
    return EXIT.OK;
  } catch (error) {
    if (!(error instanceof WaitInterrupted)) throw error;
    view.close();
    printNote(`interrupted: stopped waiting for ${jobId}, which keeps running; follow it again with: cli jobs status ${jobId} --wait`);
    return EXIT.INTERRUPTED;
  } finally {
    interrupt.dispose();
    view.close();
  }
}
