import type { Logger } from 'pino';
import type { WorkflowBundleWithSourceMap } from '@temporalio/worker';
import type { Config } from '../config';
import { startWorker, type RunningWorker } from '../../workers/create-worker';
import { createActivityDeps } from './activity-deps';
import { routeTemporalLogs } from './temporal-logging';
import type { Infrastructure } from './infrastructure';

export async function startJobWorker(
  config: Config,
  infra: Infrastructure,
  logger: Logger,
  workflowBundle?: WorkflowBundleWithSourceMap,
): Promise<RunningWorker> {
  routeTemporalLogs(logger);
  const worker = await startWorker({
    address: infra.temporalAddress,
    namespace: config.TEMPORAL_NAMESPACE,
    taskQueue: config.TEMPORAL_TASK_QUEUE,
    deps: createActivityDeps(config, infra.database.db),
    maxConcurrentActivities: config.WORKER_MAX_CONCURRENT_ACTIVITIES,
    maxConcurrentWorkflowTasks: config.WORKER_MAX_CONCURRENT_WORKFLOW_TASKS,
    workflowBundle,
  });
  logger.info({ taskQueue: config.TEMPORAL_TASK_QUEUE }, 'worker polling');
  return worker;
}
