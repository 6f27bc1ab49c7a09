/** Waits for one job to end, showing its progress, and resolves to the exit code. */
import type { Connection } from '../api/connection';
import { EXIT } from '../exit-codes';
import { followUntilInterrupted } from './follow';
import type { JobView } from './job-view';
import { readPolitely } from './retry';
import { watchUntilFinished } from './watch';

export async function followJob(connection: Connection, jobId: string, view: JobView): Promise<number> {
  const { client } = connection;
  const onRetry = (reason: string, seconds: number) => view.retrying(reason, seconds);
  return followUntilInterrupted(connection, { command: 'jobs', id: jobId, view }, async (pacer, signal) => {
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
  });
}
