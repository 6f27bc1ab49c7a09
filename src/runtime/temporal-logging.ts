/**
 * Routes the Temporal SDK's own log lines (worker state, activity failures), and those of its
 * native core (forwarded; by default core prints coloured text straight to stdout, which breaks
 * JSON logs and a CLI's output), into our pino logger, once per process: the SDK's runtime can
 * only be installed once.
 */
import { DefaultLogger, Runtime, type LogLevel } from '@temporalio/worker';
import type { Logger } from 'pino';

let installed = false;

const PINO_LEVEL: Record<LogLevel, 'trace' | 'debug' | 'info' | 'warn' | 'error'> = {
  TRACE: 'trace',
  DEBUG: 'debug',
  INFO: 'info',
  WARN: 'warn',
  ERROR: 'error',
};

export function routeTemporalLogs(logger: Logger): void {
  if (installed) return;
  installed = true;
  const temporalLogger = logger.child({ component: 'temporal' });
  // Worker state changes are noise at info; the SDK's warnings and errors are worth keeping.
  Runtime.install({
    logger: new DefaultLogger('WARN', ({ level, message, meta }) => {
      temporalLogger[PINO_LEVEL[level]]({ ...meta }, message);
    }),
    telemetryOptions: { logging: { filter: { core: 'WARN', other: 'ERROR' }, forward: {} } },
  });
}
