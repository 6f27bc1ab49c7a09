/**
 * Builds a worker for the video-job task queue. Entry points (workers/main.ts, src/main.ts) and
 * tests share it, so what is tested is what runs.
 */
import { NativeConnection, Worker, type WorkflowBundleWithSourceMap } from '@temporalio/worker';
import { createActivities, type ActivityDeps } from '../activities';
import { writeWorkflowBundle } from './workflow-bundle';
import type { Tracing } from '../src/tracing/tracing';
import { tracingWorkerOptions } from '../src/tracing/temporal-tracing';
import { countActivityFailures } from '../src/metrics/activity-failures';
import { scopeCallContextSynchronously } from '../src/temporal/call-context';
import { releaseActivityContextBetweenActivities } from './activity-context';

export interface WorkerOptions {
  address: string;
  namespace: string;
  taskQueue: string;
  deps: ActivityDeps;
  maxConcurrentActivities: number;
  maxConcurrentWorkflowTasks: number;
  /**
   * A bundle given by the caller (tests build once); otherwise the prebuilt one of `npm run build`
   * when compiled, or the workflows bundled at start in a child process when run from the sources.
   */
  workflowBundle?: WorkflowBundleWithSourceMap;
  /** SHUTDOWN_GRACE_SECONDS: activities in flight get this long to finish when the worker stops. */
  shutdownGraceMs?: number;
  /**
   * Continues the callers' traces through workflows and activities. A prebuilt bundle must then
   * have been built with `buildWorkflowBundle({ tracing: true })`.
   */
  tracing?: Tracing | null;
}

export interface RunningWorker {
  worker: Worker;
  /**
   * Resolves when the worker has stopped after shutdown(); rejects when it stops any other way (a
   * fatal error, or a stop nobody here asked for), so a process never goes on serving without it.
   */
  done: Promise<void>;
  shutdown(): Promise<void>;
}

/** `done`'s rejection when the worker stopped cleanly but not through shutdown(): something else stopped it. */
export class WorkerStoppedUnexpectedly extends Error {
  constructor() {
    super('the Temporal worker stopped without being asked to');
    this.name = 'WorkerStoppedUnexpectedly';
  }
}

const DEFAULT_SHUTDOWN_GRACE_MS = 10_000;
const SHUTDOWN_FORCE_MARGIN_MS = 3_000;

export async function startWorker(options: WorkerOptions): Promise<RunningWorker> {
  const shutdownGraceMs = options.shutdownGraceMs ?? DEFAULT_SHUTDOWN_GRACE_MS;
  const connection = await NativeConnection.connect({ address: options.address });
  // Neither may leave an AsyncLocalStorage enabled, which would cost every request of an API in the
  // same process (src/temporal/call-context.ts, workers/activity-context.ts).
  scopeCallContextSynchronously(connection);
  releaseActivityContextBetweenActivities();
  // Handed over as a file, the bundle is read into the workflow thread and nothing of it stays on
  // this thread; handed over as a string, the worker keeps that large string in its options.
  const bundleFile = options.workflowBundle ? null : await writeWorkflowBundle({ tracing: Boolean(options.tracing) });
  const worker = await Worker.create({
    connection,
    namespace: options.namespace,
    taskQueue: options.taskQueue,
    activities: countActivityFailures(createActivities(options.deps), options.deps.metrics),
    workflowBundle: options.workflowBundle ?? { codePath: bundleFile!.codePath },
    ...(options.tracing ? tracingWorkerOptions(options.tracing) : {}),
    maxConcurrentActivityTaskExecutions: options.maxConcurrentActivities,
    maxConcurrentLocalActivityExecutions: options.maxConcurrentActivities,
    maxConcurrentWorkflowTaskExecutions: options.maxConcurrentWorkflowTasks,
    // A stopping worker finishes what it holds for a while, then cancels it; a cancelled attempt is
    // retried by another worker (or this one after a restart).
    shutdownGraceTime: shutdownGraceMs,
    // An activity that ignores its cancellation must not keep the process from exiting.
    shutdownForceTime: shutdownGraceMs + SHUTDOWN_FORCE_MARGIN_MS,
  }).finally(() => bundleFile?.remove());
  let stopAsked = false;
  const done = worker
    .run()
    .then(() => {
      if (!stopAsked) throw new WorkerStoppedUnexpectedly();
    })
    .finally(() => connection.close());
  return {
    worker,
    done,
    shutdown: async () => {
      stopAsked = true;
      if (worker.getState() === 'RUNNING') worker.shutdown();
      // A worker that had already stopped on its own is stopped: done has told its watchers so.
      await done.catch((error: unknown) => {
        if (!(error instanceof WorkerStoppedUnexpectedly)) throw error;
      });
    },
  };
}
