/**
 * The reconciler every API process runs: at each round it starts the workflows of jobs and
 * batches that were accepted but never reached Temporal (src/jobs/reconcile.ts,
 * src/batches/reconcile.ts). Starts are idempotent by workflow id, so every process may run it.
 */
import type { JobServices } from '../jobs/services';
import { reconcileJobsOnce } from '../jobs/reconcile';
import { reconcileBatchesOnce } from '../batches/reconcile';

/** One round: jobs first, then the batches whose parent workflow never started. */
export async function reconcileOnce(services: JobServices, olderThanSeconds = services.config.jobs.reconcileAfterSeconds): Promise<number> {
  return (await reconcileJobsOnce(services, olderThanSeconds)) + (await reconcileBatchesOnce(services, olderThanSeconds));
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
