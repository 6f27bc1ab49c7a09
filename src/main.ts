/** `npm start`: the API and a worker in one process, on the embedded defaults unless configured. */
import './runtime/own-source-maps';
import { runProcess } from './runtime/process-lifecycle';
import { requireMetricsPortApartFromApi } from './config';
import { startInfrastructure } from './runtime/infrastructure';
import { startApiServer } from './runtime/api-server';
import { startJobWorker } from '../workers/worker-process';

void runProcess('video-digest', async (config, logger) => {
  requireMetricsPortApartFromApi(config);
  const infra = await startInfrastructure(config, logger);
  const worker = await startJobWorker(config, infra, logger);
  const api = await startApiServer(config, infra, logger);
  logger.info(`ready: ${config.http.publicBaseUrl} (create a key: npm run --silent cli -- users create --email you@example.com --plan pro)`);
  void worker.done.catch((error) => {
    logger.fatal({ err: error }, 'worker stopped unexpectedly');
    process.kill(process.pid, 'SIGTERM');
  });
  return async (graceDeadline) => {
    // Side by side: both drain against the same deadline, and both need the database until done.
    const drained = await Promise.allSettled([api.close(graceDeadline), worker.shutdown()]);
    await infra.close();
    const failure = drained.find((result) => result.status === 'rejected');
    if (failure) throw failure.reason;
  };
});
