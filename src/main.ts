/** `npm start`: the API and a worker in one process, on the embedded defaults unless configured. */
import { runProcess } from './runtime/process-lifecycle';
import { startInfrastructure } from './runtime/infrastructure';
import { startApiServer } from './runtime/api-server';
import { startJobWorker } from './runtime/worker-process';

void runProcess('video-digest', async (config, logger) => {
  const infra = await startInfrastructure(config, logger);
  const worker = await startJobWorker(config, infra, logger);
  const api = await startApiServer(config, infra, logger);
  logger.info(`ready: ${config.publicBaseUrl} (create a key: npm run --silent cli -- users create --email you@example.com --plan pro)`);
  void worker.done.catch((error) => {
    logger.fatal({ err: error }, 'worker stopped unexpectedly');
    process.kill(process.pid, 'SIGTERM');
  });
  return async () => {
    await api.close();
    await worker.shutdown();
    await infra.close();
  };
});
