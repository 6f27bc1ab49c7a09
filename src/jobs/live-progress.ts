/**
 * Live progress of a running job from its workflow's query. Answers are shared through the fast
 * store for a moment, so many clients polling one job cost Temporal one query, and a query that
 * fails (no worker polling) is not retried on every request: the caller falls back to Postgres.
 * Within a process, concurrent requests for the same job share one query in flight.
 */
import type { Client } from '@temporalio/client';
import { jobProgressQuery } from '../contracts/video-job';
import type { JobProgress } from '../domain/job';
import type { JobServices } from './services';

const FRESH_MS = 1_000;
const UNAVAILABLE_MS = 5_000;
const UNAVAILABLE = 'unavailable';

const inFlightByClient = new WeakMap<Client, Map<string, Promise<JobProgress | null>>>();

export async function liveProgress(services: Pick<JobServices, 'store' | 'temporal' | 'config'>, jobId: string): Promise<JobProgress | null> {
  const key = `job-progress:${jobId}`;
  const cached = await services.store.get(key).catch(() => null);
  if (cached === UNAVAILABLE) return null;
  if (cached) return JSON.parse(cached) as JobProgress;

  const { client } = services.temporal;
  let inFlight = inFlightByClient.get(client);
  if (!inFlight) inFlightByClient.set(client, (inFlight = new Map()));
  const pending = inFlight.get(jobId);
  if (pending) return pending;

  const query = queryProgress(services, jobId, key).finally(() => inFlight.delete(jobId));
  inFlight.set(jobId, query);
  return query;
}

/** Waits for this client's queries in flight, so closing its connection cannot strand one. */
export async function settleLiveQueries(client: Client): Promise<void> {
  const inFlight = inFlightByClient.get(client);
  if (inFlight) await Promise.allSettled([...inFlight.values()]);
}

async function queryProgress(services: Pick<JobServices, 'store' | 'temporal' | 'config'>, jobId: string, key: string): Promise<JobProgress | null> {
  try {
    const { client } = services.temporal;
    // Bounded by STATUS_QUERY_TIMEOUT_MS: the API's Temporal client gives QueryWorkflow that deadline.
    const progress = await client.workflow.getHandle(jobId).query(jobProgressQuery);
    await services.store.set(key, JSON.stringify(progress), FRESH_MS).catch(() => {});
    return progress;
  } catch {
    await services.store.set(key, UNAVAILABLE, UNAVAILABLE_MS).catch(() => {});
    return null;
  }
}
