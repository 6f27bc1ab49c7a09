/**
 * Waiting for a job to end, for the synchronous route. Temporal's result long-poll does the
 * waiting; if the workflow cannot be reached (start deferred to the reconciler, Temporal down) the
 * job's row is polled instead, since Postgres is the record either way.
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
export async function awaitJob(services: JobServices, jobId: string, timeoutMs: number, stop?: AbortSignal): Promise<JobRow> {
  const deadline = Date.now() + timeoutMs;
  const signal = stop ?? new AbortController().signal;
  try {
    const { client } = services.temporal;
    await client.withAbortSignal(signal, () => client.withDeadline(deadline, () => client.workflow.getHandle(jobId).result()));
  } catch {
    // Deadline, stopped, or no workflow yet: fall through to the database.
  }
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
