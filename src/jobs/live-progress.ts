/**
 * Live progress of a running job from its workflow's query. Answers are shared through the fast
 * store for a moment, so many clients polling one job cost Temporal one query, and a query that
 * fails (no worker polling) is not retried on every request: the caller falls back to Postgres.
 */
import { jobProgressQuery } from '../../workflows/definitions';
import type { JobProgress } from '../domain/job';
import type { JobServices } from './services';

const FRESH_MS = 1_000;
const UNAVAILABLE_MS = 5_000;
const UNAVAILABLE = 'unavailable';

export async function liveProgress(services: Pick<JobServices, 'store' | 'temporal' | 'config'>, jobId: string): Promise<JobProgress | null> {
  const key = `job-progress:${jobId}`;
  const cached = await services.store.get(key).catch(() => null);
  if (cached === UNAVAILABLE) return null;
  if (cached) return JSON.parse(cached) as JobProgress;

  try {
    const { client } = services.temporal;
    const progress = await client.withDeadline(Date.now() + services.config.STATUS_QUERY_TIMEOUT_MS, () =>
      client.workflow.getHandle(jobId).query(jobProgressQuery),
    );
    await services.store.set(key, JSON.stringify(progress), FRESH_MS).catch(() => {});
    return progress;
  } catch {
    await services.store.set(key, UNAVAILABLE, UNAVAILABLE_MS).catch(() => {});
    return null;
  }
}
