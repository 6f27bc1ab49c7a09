import type { Logger } from 'pino';
import type { WorkflowBundleWithSourceMap } from '@temporalio/worker';
import type { Config } from '../src/config';
import { startWorker, type RunningWorker } from './start-worker';
import { createActivityDeps } from './activity-deps';
import { checkSpeechToTextReady } from '../src/speech';
import type { SummaryPool } from '../src/summaries/summary-pool';
import { routeTemporalLogs, routeTemporalLogsAndMetrics } from '../src/runtime/temporal-logging';
import type { Infrastructure } from '../src/runtime/infrastructure';
import { startEmailSender } from '../src/notifications/sender';

export interface RunningJobWorker extends RunningWorker {
  /** The worker's summary threads, for figures (how many analyses its jobs needed). */
  summaries: SummaryPool;
}

export async function startJobWorker(
  config: Config,
  infra: Infrastructure,
  logger: Logger,
  workflowBundle?: WorkflowBundleWithSourceMap,
): Promise<RunningJobWorker> {
  // A worker with a speech-to-text provider needs ffmpeg: refused here, with what to install.
  await checkSpeechToTextReady(config.stt);
  if (infra.metricsServer) {
    // Temporal's worker and workflow metrics come from the SDK core's exporter, on loopback; the
    // process's /metrics serves them with ours.
    const coreMetrics = await routeTemporalLogsAndMetrics(logger);
    if (coreMetrics) infra.metricsServer.include(coreMetrics);
    else logger.warn('the Temporal runtime was set up earlier without its metrics exporter: no temporal_* metrics from this process');
  } else {
    routeTemporalLogs(logger);
  }
  const deps = createActivityDeps(config, infra.database.db, infra.metrics);
  // Once, whichever comes first: a shutdown() that waits for it, or the worker stopping on its own.
  let clientsClosed: Promise<void> | null = null;
  const closeClients = () =>
    (clientsClosed ??= Promise.all([
      deps.webhooks.http.close(),
      deps.summaries.close(),
      deps.infographics.close(),
      deps.youtube.close(),
      deps.transcriptEncoder.close(),
      deps.artifacts.close(),
      deps.speech.close(),
    ]).then(
      () => undefined,
      () => undefined,
    ));
  let worker: RunningWorker;
  try {
    worker = await startWorker({
      address: infra.temporalAddress,
      namespace: config.temporal.namespace,
      taskQueue: config.temporal.taskQueue,
      deps,
      maxConcurrentActivities: config.worker.maxConcurrentActivities,
      maxConcurrentWorkflowTasks: config.worker.maxConcurrentWorkflowTasks,
      workflowBundle,
      shutdownGraceMs: config.process.shutdownGraceSeconds * 1000,
      tracing: infra.tracing,
    });
  } catch (error) {
    await closeClients();
    throw error;
  }
  void worker.done.then(closeClients, closeClients);
  logger.info({ taskQueue: config.temporal.taskQueue }, 'worker polling');
  // Email notices go out from worker processes (src/notifications/sender.ts): stopped with the worker.
  const emails = startEmailSender({ db: infra.database.db, logger, config });
  void worker.done.then(() => emails.stop(), () => emails.stop());
  return {
    ...worker,
    summaries: deps.summaries,
    shutdown: async () => {
      await worker.shutdown();
      await Promise.all([emails.stop(), closeClients()]);
    },
  };
}
