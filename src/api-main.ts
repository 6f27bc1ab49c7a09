/** `npm run start:api`: the API alone, for scale-out against shared Postgres, Redis and Temporal. */
import './runtime/own-source-maps';
import { runProcess } from './runtime/process-lifecycle';
import { requireMetricsPortApartFromApi } from './config';
import { requireSharedInfrastructure } from './runtime/shared-infrastructure';
import { startInfrastructure } from './runtime/infrastructure';
import { startApiServer } from './runtime/api-server';

void runProcess('video-digest-api', async (config, logger) => {
  requireSharedInfrastructure(config, 'start:api');
  requireMetricsPortApartFromApi(config);
  const infra = await startInfrastructure(config, logger);
  const api = await startApiServer(config, infra, logger);
  return async (graceDeadline) => {
    await api.close(graceDeadline);
    await infra.close();
  };
});
