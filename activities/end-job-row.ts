/**
 * A job's row reaching its terminal state, and the end counted in the metrics. Only the call that
 * moved the row counts it, so a retried activity or a batch settling an already ended child does
 * not count a job twice.
 */
import type { JobFailure } from '../src/domain/job-failure';
import type { JobWarning } from '../src/domain/job';
import type { JobOutcome, ServiceMetrics } from '../src/metrics/service-metrics';
import type { Db } from '../src/storage/database';
import * as jobs from '../src/storage/repositories/jobs';

export interface JobEndDeps {
  db: Db;
  /** Jobs completed and failed, and how long they took. */
  metrics: ServiceMetrics;
}

export async function completeJobRow(deps: JobEndDeps, jobId: string, warnings: JobWarning[]): Promise<void> {
  const ended = await jobs.completeJob(deps.db, jobId, warnings);
  if (ended) countJobEnd(deps.metrics, { status: 'completed' }, ended);
}

export async function failJobRow(deps: JobEndDeps, jobId: string, failure: JobFailure): Promise<void> {
  const ended = await jobs.failJob(deps.db, jobId, failure);
  if (ended) countJobEnd(deps.metrics, { status: 'failed', code: failure.code }, ended);
}

/** For a job another statement ended (a batch failing the children it outlived). */
export function countJobEnd(metrics: ServiceMetrics, outcome: JobOutcome, times: jobs.JobEndTimes): void {
  metrics.jobEnded(outcome, (times.endedAt.getTime() - times.acceptedAt.getTime()) / 1000);
}
