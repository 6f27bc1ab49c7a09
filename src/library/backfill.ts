/**
 * The library's backfill: completed jobs without a marker (finished before the library existed, or
 * whose indexing failed) are indexed a bounded batch at a time. Resumable by construction: the
 * marker is written when a job's passages are all stored, and each round asks again for jobs
 * without one. A job that fails is skipped for the rest of this run and taken up by the next.
 */
import { jobsNotIndexed } from '../storage/repositories/library';
import { indexJob, type IndexingDeps } from './index-job';

export interface BackfillOptions {
  batchSize: number;
  signal?: AbortSignal;
  onJob?: (event: { jobId: string; passages?: number; error?: string }) => void;
}

export interface BackfillResult {
  indexed: number;
  failed: number;
  passages: number;
}

export async function backfillLibrary(deps: IndexingDeps, options: BackfillOptions): Promise<BackfillResult> {
  const result: BackfillResult = { indexed: 0, failed: 0, passages: 0 };
  // Jobs are taken in id order; `after` moves past each round, so a failing job is not retried in a loop.
  let after: string | null = null;
  while (!options.signal?.aborted) {
    const jobs = await jobsNotIndexed(deps.db, options.batchSize, after);
    if (jobs.length === 0) break;
    for (const job of jobs) {
      if (options.signal?.aborted) break;
      try {
        const outcome = await indexJob(deps, job.jobId);
        if (outcome.kind === 'indexed') {
          result.indexed += 1;
          result.passages += outcome.passages;
          options.onJob?.({ jobId: job.jobId, passages: outcome.passages });
        }
      } catch (error) {
        result.failed += 1;
        options.onJob?.({ jobId: job.jobId, error: (error as Error)?.message ?? String(error) });
      }
      after = job.jobId;
    }
  }
  return result;
}
