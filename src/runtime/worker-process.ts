import type { Logger } from 'pino';
import type { WorkflowBundleWithSourceMap } from '@temporalio/worker';
import type { Config } from '../config';
import { startWorker, type RunningWorker } from '../../workers/create-worker';
import { createActivityDeps } from './activity-deps';
import { routeTemporalLogs } from './temporal-logging';
import type { Infrastructure } from './infrastructure';
import { startEmailSender } from '../notifications/sender';
import { createTemporalClient } from '../temporal/client';

export async function startJobWorker(
  config: Config,
  infra: Infrastructure,
  logger: Logger,
  workflowBundle?: WorkflowBundleWithSourceMap,
): Promise<RunningWorker> {
  routeTemporalLogs(logger);
  // Activities start workflows too (webhook deliveries): a client of their own, closed with the worker.
  const temporal = createTemporalClient({
    address: infra.temporalAddress,
    namespace: config.TEMPORAL_NAMESPACE,
    taskQueue: config.TEMPORAL_TASK_QUEUE,
  });
  const deps = createActivityDeps(config, infra.database.db, temporal);
  const closeClients = () => Promise.all([temporal.close(), deps.webhooks.http.close()]).then(() => undefined, () => undefined);
  let worker: RunningWorker;
  try {
    worker = await startWorker({
      address: infra.temporalAddress,
      namespace: config.TEMPORAL_NAMESPACE,
      taskQueue: config.TEMPORAL_TASK_QUEUE,
      deps,
      maxConcurrentActivities: config.WORKER_MAX_CONCURRENT_ACTIVITIES,
      maxConcurrentWorkflowTasks: config.WORKER_MAX_CONCURRENT_WORKFLOW_TASKS,
      workflowBundle,
    });
  } catch (error) {
    await closeClients();
    throw error;
  }
  void worker.done.then(closeClients, closeClients);
  logger.info({ taskQueue: config.TEMPORAL_TASK_QUEUE }, 'worker polling');
  // Email notices go out from worker processes (src/notifications/sender.ts): stopped with the worker.
  const emails = startEmailSender({ db: infra.database.db, logger, config });
  void worker.done.then(() => emails.stop(), () => emails.stop());
  return {
    ...worker,
    shutdown: async () => {
      await worker.shutdown();
      await emails.stop();
    },
  };
}
