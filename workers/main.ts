/** `npm run start:worker`: a worker alone; run as many as the load needs. */
import '../src/runtime/own-source-maps';
import { runProcess } from '../src/runtime/process-lifecycle';
import { requireSharedInfrastructure } from '../src/runtime/shared-infrastructure';
import { startInfrastructure } from '../src/runtime/infrastructure';
import { startJobWorker } from './worker-process';

void runProcess('video-digest-worker', async (config, logger) => {
  requireSharedInfrastructure(config, 'start:worker');
  const infra = await startInfrastructure(config, logger);
  const worker = await startJobWorker(config, infra, logger);
  void worker.done.catch((error) => {
    logger.fatal({ err: error }, 'worker stopped unexpectedly');
    process.exit(1);
  });
  return async () => {
    await worker.shutdown();
    await infra.close();
  };
});
