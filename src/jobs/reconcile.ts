/**
 * Starts workflows for jobs that were accepted but never reached Temporal (an API crash between
 * the insert and the start, or Temporal down). Starts are idempotent by workflow id, so any
 * process may run this. Batch children are left to their parent workflow.
 */
import { findUnstartedJobs } from '../storage/repositories/jobs';
import type { JobServices } from './services';
import { startJobWorkflow } from './start-workflow';

export async function reconcileJobsOnce(services: JobServices, olderThanSeconds = services.config.jobs.reconcileAfterSeconds): Promise<number> {
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
  return started;
}
