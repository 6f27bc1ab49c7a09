/**
 * A worker's `done` tells a stop that was asked for from one that was not: the entry points end
 * the process on the latter, so an API never goes on accepting jobs that no worker runs.
 */
import { startTestService, type TestService } from '../support/test-service';
import { WorkerStoppedUnexpectedly } from '../../workers/start-worker';

let service: TestService;

beforeAll(async () => {
  service = await startTestService({ withWorker: false });
});

afterAll(async () => {
  await service?.stop();
});

it('resolves done when the worker was asked to stop', async () => {
  const running = await service.startWorker();
  await service.stopWorker();
  await expect(running.done).resolves.toBeUndefined();
});

it('rejects done when the worker stops without being asked to', async () => {
  const running = await service.startWorker();
  // What the SDK does on its own when it stops a worker: not through our shutdown().
  running.worker.shutdown();
  await expect(running.done).rejects.toThrow(WorkerStoppedUnexpectedly);
  // Stopping it afterwards is no error: it has stopped.
  await expect(service.stopWorker()).resolves.toBeUndefined();
});
