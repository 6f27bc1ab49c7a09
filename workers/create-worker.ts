/**
 * Builds a worker for the video-job task queue. Entry points (workers/main.ts, src/main.ts) and
 * tests share it, so what is tested is what runs.
 */
import { NativeConnection, Worker, type WorkflowBundleWithSourceMap } from '@temporalio/worker';
import { createActivities, type ActivityDeps } from '../activities';

export interface WorkerOptions {
  address: string;
  namespace: string;
  taskQueue: string;
  deps: ActivityDeps;
  maxConcurrentActivities: number;
  maxConcurrentWorkflowTasks: number;
  /** A prebuilt bundle (tests build once); otherwise the workflows are bundled at start. */
  workflowBundle?: WorkflowBundleWithSourceMap;
}

export interface RunningWorker {
  worker: Worker;
  /** Resolves when the worker has stopped (after shutdown() or a fatal error). */
  done: Promise<void>;
  shutdown(): Promise<void>;
}

export async function startWorker(options: WorkerOptions): Promise<RunningWorker> {
  const connection = await NativeConnection.connect({ address: options.address });
  const worker = await Worker.create({
    connection,
    namespace: options.namespace,
    taskQueue: options.taskQueue,
    activities: createActivities(options.deps),
    ...(options.workflowBundle
      ? { workflowBundle: options.workflowBundle }
      : { workflowsPath: require.resolve('../workflows') }),
    maxConcurrentActivityTaskExecutions: options.maxConcurrentActivities,
    maxConcurrentLocalActivityExecutions: options.maxConcurrentActivities,
    maxConcurrentWorkflowTaskExecutions: options.maxConcurrentWorkflowTasks,
    // A stopping worker finishes what it holds for a while; anything longer is retried elsewhere.
    shutdownGraceTime: '10 seconds',
  });
  const done = worker.run().finally(() => connection.close());
  return {
    worker,
    done,
    shutdown: async () => {
      if (worker.getState() === 'RUNNING') worker.shutdown();
      await done;
    },
  };
}
