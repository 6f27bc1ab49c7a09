/**
 * Waiting for a job to end, for the synchronous route: the job's row is polled, since Postgres is
 * the record whether or not the workflow can be reached (start deferred to the reconciler,
 * Temporal down). Not Temporal's result long-poll: bounding it needs the client's
 * AsyncLocalStorage-scoped deadline and abort signal, and once those have run, Node 20 calls a hook
 * on every promise of the API process (src/temporal/client.ts).
 */
import { isTerminal } from '../domain/job';
import { findJob } from '../storage/repositories/jobs';
import type { JobRow } from '../storage/schema';
import type { JobServices } from './services';

const POLL_MS = 250;

/**
 * The job's row once it has ended, or its latest row when `timeoutMs` runs out or `stop` fires
 * (the process is shutting down) first.
 */
export async function awaitJob(services: Pick<JobServices, 'db'>, jobId: string, timeoutMs: number, stop?: AbortSignal): Promise<JobRow> {
  const deadline = Date.now() + timeoutMs;
  const signal = stop ?? new AbortController().signal;
  for (;;) {
    const row = await findJob(services.db, jobId);
    if (!row) throw new Error(`job ${jobId} vanished`);
    if (isTerminal(row.status) || Date.now() >= deadline || signal.aborted) return row;
    await pause(Math.min(POLL_MS, Math.max(1, deadline - Date.now())), signal);
  }
}

function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
  });
}
