/**
 * The service's real workflows on the suite's Temporal server, with activities the test writes as
 * plain functions: what a workflow decides (windows, waits, retries) is seen without Postgres,
 * YouTube or HTTP behind it. Each worker has its own task queue, so tests never take each other's
 * tasks.
 */
import { Client, Connection } from '@temporalio/client';
import { msToTs } from '@temporalio/common/lib/time';
import { DefaultLogger, NativeConnection, Runtime, Worker } from '@temporalio/worker';
import { temporalAddress, uniqueName, workflowBundle } from './infrastructure';

export interface MockedActivitiesWorker {
  client: Client;
  taskQueue: string;
  stop(): Promise<void>;
}

/**
 * Activities made to fail and worker state changes would fill the output: only errors are shown.
 * The runtime is installed once per test file; a file whose runtime is already installed keeps it.
 */
function quietTemporalLogs(): void {
  try {
    Runtime.install({ logger: new DefaultLogger('ERROR'), telemetryOptions: { logging: { filter: { core: 'ERROR', other: 'ERROR' }, forward: {} } } });
  } catch {
    // Installed already, by an earlier worker of this file.
  }
}

/**
 * `bundle`: the service's workflows as built (dist/), unless a test needs them bundled otherwise
 * (with a module replaced, say).
 */
export async function startMockedActivitiesWorker(
  activities: Record<string, (...args: never[]) => Promise<unknown>>,
  bundle: { code: string } = workflowBundle(),
  namespace = 'default',
): Promise<MockedActivitiesWorker> {
  quietTemporalLogs();
  const workerConnection = await NativeConnection.connect({ address: temporalAddress() });
  const clientConnection = await Connection.connect({ address: temporalAddress() });
  await ensureNamespace(clientConnection, namespace);
  const taskQueue = uniqueName('mocked-activities');
  const worker = await Worker.create({
    connection: workerConnection,
    namespace,
    taskQueue,
    workflowBundle: bundle,
    activities,
  });
  const running = worker.run();
  return {
    client: new Client({ connection: clientConnection, namespace }),
    taskQueue,
    async stop() {
      worker.shutdown();
      await running;
      await clientConnection.close();
      await workerConnection.close();
    },
  };
}

/**
 * Registers a namespace on the suite's server once, and waits until it serves calls. Workflows
 * that run a bundle other than the service's live in one of their own: replaying everything the
 * service's namespace closed (`jobs replay --since`) checks the service's code only.
 */
async function ensureNamespace(connection: Connection, namespace: string): Promise<void> {
  if (namespace === 'default') return;
  const ALREADY_EXISTS = 6;
  try {
    await connection.workflowService.registerNamespace({ namespace, workflowExecutionRetentionPeriod: msToTs('1 day') });
  } catch (error) {
    if ((error as { code?: number }).code !== ALREADY_EXISTS) throw error;
  }
  await eventually(
    () => connection.workflowService.listWorkflowExecutions({ namespace, pageSize: 1 }).then(() => true, () => false),
    Boolean,
    60_000,
  );
}

/** Resolves once `check` holds, polling; fails with what was last seen when it never does. */
export async function eventually<T>(read: () => Promise<T> | T, check: (value: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (check(value)) return value;
    if (Date.now() > deadline) throw new Error(`still not so after ${timeoutMs} ms: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Durations of the timers a workflow started, in milliseconds, in the order it started them. */
export async function timerDurationsMs(client: Client, workflowId: string): Promise<number[]> {
  const history = await client.workflow.getHandle(workflowId).fetchHistory();
  return (history.events ?? []).flatMap((event) => {
    const timeout = event.timerStartedEventAttributes?.startToFireTimeout;
    return timeout ? [Number(timeout.seconds ?? 0) * 1000 + Math.round((timeout.nanos ?? 0) / 1e6)] : [];
  });
}

/** The ids of the child workflows a workflow asked to start, in the order it asked. */
export async function childWorkflowsStarted(client: Client, workflowId: string): Promise<string[]> {
  const history = await client.workflow.getHandle(workflowId).fetchHistory();
  return (history.events ?? []).flatMap((event) => {
    const childId = event.startChildWorkflowExecutionInitiatedEventAttributes?.workflowId;
    return childId ? [childId] : [];
  });
}
