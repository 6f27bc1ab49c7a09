/**
 * Starts workflows for jobs that were accepted but never reached Temporal (an API crash between
 * the insert and the start, or Temporal down). Safe to run in every process: starts are
 * idempotent by workflow id.
 */
import { findUnstartedJobs } from '../storage/repositories/jobs';
import type { JobServices } from './services';
import { startJobWorkflow } from './start-workflow';
import { reconcileBatchesOnce } from '../batches/reconcile';

export async function reconcileOnce(services: JobServices, olderThanSeconds = services.config.jobs.reconcileAfterSeconds): Promise<number> {
  const jobs = await findUnstartedJobs(services.db, olderThanSeconds, 200);
  let started = 0;
  for (const job of jobs) {
    try {
      await startJobWorkflow(services, job);
      started += 1;
    } catch (error) {
      services.logger.warn({ jobId: job.id, err: error }, 'reconciler could not start the workflow yet');
      break; // Temporal is likely down; try again next round rather than hammering it.
    }
  }
  if (started > 0) services.logger.info({ started }, 'reconciler started deferred jobs');
  // Batch children are left to their parent workflow; unstarted batches get their parent here.
  return started + (await reconcileBatchesOnce(services, olderThanSeconds));
}

export interface RunningReconciler {
  /** No more rounds; resolves when the round under way, if any, has ended. */
  stop(): Promise<void>;
}

export function startReconciler(services: JobServices, intervalMs = 10_000): RunningReconciler {
  let round: Promise<void> | null = null;
  const timer = setInterval(() => {
    if (round) return;
    round = reconcileOnce(services)
      .then(
        () => undefined,
        (error: unknown) => services.logger.warn({ err: error }, 'reconciler round failed'),
      )
      .finally(() => (round = null));
  }, intervalMs);
  timer.unref();
  return {
    // A round uses the database and the Temporal client, which the caller closes next.
    stop: () => {
      clearInterval(timer);
      return round ?? Promise.resolve();
    },
  };
}
