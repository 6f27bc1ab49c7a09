/**
 * Brings up what the service runs on: the database, the shared cache and Temporal, each either the
 * configured one or the embedded default.
 */
import type { Logger } from 'pino';
import type { Config } from '../config';
import { openDatabase, type DatabaseHandle } from '../storage/database';
import { CONNECT_TIMEOUT_MS, openSharedCache, type SharedCache } from '../storage/shared-cache';
import { watchStoreOutages } from '../storage/store-outage';
import { startDevServer, type RunningDevServer } from '../embedded/temporal-dev-server';
import { tracingFromConfig, type Tracing } from '../tracing/tracing';
import { createServiceMetrics, type ServiceMetrics } from '../metrics/service-metrics';
import { startMetricsServer, type MetricsServer } from '../metrics/metrics-server';

export interface Infrastructure {
  database: DatabaseHandle;
  store: SharedCache;
  temporalAddress: string;
  /** The Temporal Web UI: TEMPORAL_UI_URL, or the embedded dev server's; null when unknown. */
  temporalUiUrl: string | null;
  /** Trace export (OTEL_EXPORTER_OTLP_ENDPOINT); null when traces are off. */
  tracing: Tracing | null;
  /** This process's metrics: one registry whatever runs in it (API, worker or both). */
  metrics: ServiceMetrics;
  /** GET /metrics on METRICS_HOST:METRICS_PORT; null when METRICS_PORT=0. */
  metricsServer: MetricsServer | null;
  close(): Promise<void>;
}

export async function startInfrastructure(config: Config, logger: Logger): Promise<Infrastructure> {
  // First: a METRICS_PORT in use stops start-up before any database or server has been started.
  const metrics = createServiceMetrics();
  const metricsServer =
    config.metrics.port === 0
      ? null
      : await startMetricsServer({ host: config.metrics.host, port: config.metrics.port, registry: metrics.registry, logger });
  try {
    return await openInfrastructure(config, logger, { metrics, metricsServer });
  } catch (error) {
    await metricsServer?.close();
    throw error;
  }
}

/** Where start-up steps report what they do (info) and what went wrong but did not stop them (warn). */
function progressTo(logger: Logger) {
  return { log: (message: string) => logger.info(message), warn: (message: string) => logger.warn(message) };
}

async function openInfrastructure(
  config: Config,
  logger: Logger,
  measured: Pick<Infrastructure, 'metrics' | 'metricsServer'>,
): Promise<Infrastructure> {
  const database = await openDatabase({
    databaseUrl: config.db.url,
    dataDir: config.process.dataDir,
    poolSize: config.db.poolSize,
    queryTimeoutMs: config.db.queryTimeoutMs,
    ...progressTo(logger),
  });
  logger.info({ database: database.kind === 'embedded' ? `embedded (${config.process.dataDir})` : 'postgres' }, 'database ready');

  const store = openSharedCache(config.redis.url);
  watchStoreOutages(store, logger, measured.metrics);
  // Not required: a process started while Redis is down serves degraded (watchStoreOutages says so).
  if (await store.connected(CONNECT_TIMEOUT_MS)) logger.info({ store: store.kind }, 'shared cache ready');

  const tracing = tracingFromConfig(config.tracing);
  if (tracing) logger.info({ endpoint: config.tracing.otlpEndpoint }, 'exporting traces');

  let devServer: RunningDevServer | null = null;
  try {
    if (!config.temporal.address) {
      devServer = await startDevServer({
        dataDir: config.process.dataDir,
        port: config.temporal.devPort,
        uiPort: config.temporal.uiPort,
        namespace: config.temporal.namespace,
        cliPath: config.temporal.cliPath,
        ...progressTo(logger),
      });
    }
  } catch (error) {
    await store.close();
    await database.close();
    throw error;
  }

  return {
    ...measured,
    database,
    store,
    temporalAddress: config.temporal.address ?? devServer!.address,
    temporalUiUrl: config.temporal.uiUrl ?? devServer?.uiUrl ?? null,
    tracing,
    close: async () => {
      await tracing?.shutdown();
      await store.close();
      await database.close();
      await devServer?.stop();
      // Last, so the process can be watched while it shuts down.
      await measured.metricsServer?.close();
    },
  };
}
