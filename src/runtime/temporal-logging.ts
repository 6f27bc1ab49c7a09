/**
 * Routes the Temporal SDK's own log lines (worker state, activity failures), and those of its
 * native core (forwarded; by default core prints coloured text straight to stdout, which breaks
 * JSON logs and a CLI's output), into our pino logger, once per process: the SDK's runtime can
 * only be installed once. The same install turns on the core's own Prometheus exporter (worker
 * and workflow metrics, temporal_*) for a process that serves metrics. Installed before any
 * worker or native connection, which would otherwise install the SDK's default runtime.
 */
import { DefaultLogger, Runtime, type LogLevel } from '@temporalio/worker';
import type { Logger } from 'pino';
import { freePort } from '../lib/free-port';

let installed = false;
/** Where the installed runtime's core serves its Prometheus text; null when it exports none. */
let coreMetricsUrl: string | null = null;

/** Attempts at binding the core's exporter to a port that was free a moment before. */
const METRICS_PORT_ATTEMPTS = 3;

const PINO_LEVEL: Record<LogLevel, 'trace' | 'debug' | 'info' | 'warn' | 'error'> = {
  TRACE: 'trace',
  DEBUG: 'debug',
  INFO: 'info',
  WARN: 'warn',
  ERROR: 'error',
};

export interface TemporalRuntimeOptions {
  /**
   * A port on 127.0.0.1 for the core's Prometheus exporter. Loopback only: the process's own
   * /metrics listener serves its text (src/metrics/metrics-server.ts), which is what gets exposed.
   */
  metricsPort?: number;
}

/** Returns the URL of the core's metrics exporter when the runtime (this install or an earlier one) has one. */
export function routeTemporalLogs(logger: Logger, options: TemporalRuntimeOptions = {}): string | null {
  if (installed) return coreMetricsUrl;
  const temporalLogger = logger.child({ component: 'temporal' });
  const bindAddress = options.metricsPort ? `127.0.0.1:${options.metricsPort}` : null;
  // Worker state changes are noise at info; the SDK's warnings and errors are worth keeping.
  Runtime.install({
    // Signals belong to the process (src/runtime/process-lifecycle.ts): SIGTERM, SIGINT and SIGHUP
    // drain the API and the worker together. The SDK's default would also stop the worker on SIGQUIT and
    // SIGUSR2 and leave an `npm start` API accepting jobs that nothing runs.
    shutdownSignals: [],
    logger: new DefaultLogger('WARN', ({ level, message, meta }) => {
      temporalLogger[PINO_LEVEL[level]]({ ...meta }, message);
    }),
    telemetryOptions: {
      logging: { filter: { core: 'WARN', other: 'ERROR' }, forward: {} },
      // Prometheus conventions, as our own metrics follow: seconds, unit in the name, _total counters.
      ...(bindAddress ? { metrics: { prometheus: { bindAddress, useSecondsForDurations: true, unitSuffix: true, countersTotalSuffix: true } } } : {}),
    },
  });
  installed = true;
  coreMetricsUrl = bindAddress ? `http://${bindAddress}/metrics` : null;
  return coreMetricsUrl;
}

/**
 * routeTemporalLogs with the core's exporter on a free loopback port. Returns its URL, or null
 * when the runtime had been installed already without one.
 */
export async function routeTemporalLogsAndMetrics(logger: Logger): Promise<string | null> {
  if (installed) return coreMetricsUrl;
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    try {
      return routeTemporalLogs(logger, { metricsPort: port });
    } catch (error) {
      // Another process may take the port between freePort() and the core's bind.
      if (attempt >= METRICS_PORT_ATTEMPTS || !/address already in use/i.test(String(error))) throw error;
    }
  }
}
