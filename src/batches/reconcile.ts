/**
 * Starts the parent workflows of batches that were accepted but never reached Temporal. Their
 * children are started by the parent only (the job reconciler leaves batch children alone), so a
 * batch's window and its end stay the parent's.
 */
import type { JobServices } from '../jobs/services';
import { findBatchJobs, findUnstartedBatches } from '../storage/repositories/batches';
import { startBatchWorkflow } from './start-batch';

export async function reconcileBatchesOnce(
  services: Pick<JobServices, 'db' | 'temporal' | 'config' | 'logger'>,
  olderThanSeconds = services.config.jobs.reconcileAfterSeconds,
): Promise<number> {
  const batches = await findUnstartedBatches(services.db, olderThanSeconds, 50);
  let started = 0;
  for (const batch of batches) {
    try {
      await startBatchWorkflow(services, batch, await findBatchJobs(services.db, batch));
      started += 1;
    } catch (error) {
      services.logger.warn({ batchId: batch.id, err: error }, 'reconciler could not start the batch workflow yet');
      break; // Temporal is likely down; try again next round.
    }
  }
  if (started > 0) services.logger.info({ started }, 'reconciler started deferred batches');
  return started;
}
