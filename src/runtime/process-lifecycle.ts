/** Start-up and shutdown shared by the entry points: config errors and signals handled once. */
import type { Logger } from 'pino';
import { ConfigError, loadConfig, type Config } from '../config';
import { createLogger } from '../logger';
import { exitAsIfBy, STOP_SIGNALS } from './signals';

/** Slack past SHUTDOWN_GRACE_SECONDS for closing the database and the embedded servers. */
const CLOSE_MARGIN_MS = 10_000;

/** Signals that end the process at once, without a drain; the default of the Temporal SDK's runtime used them to stop its workers alone. */
const IMMEDIATE_SIGNALS = ['SIGQUIT', 'SIGUSR2'] as const;

/**
 * `start` returns the stop function, called once on SIGTERM, SIGINT or SIGHUP (a closed terminal)
 * with the time by which work in flight must have ended (SHUTDOWN_GRACE_SECONDS from the signal).
 * Whatever still runs a margin past it is cut off by exiting. Before `start` has finished there is
 * nothing to drain, and SIGQUIT or SIGUSR2 ask for none: the process then exits at once, through
 * the exit hooks that stop the embedded Postgres and Temporal it has started.
 */
export async function runProcess(
  name: string,
  start: (config: Config, logger: Logger) => Promise<(graceDeadline: number) => Promise<void>>,
): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(78); // EX_CONFIG
    }
    throw error;
  }
  const logger = createLogger(config.process.logLevel, name);
  let stop: ((graceDeadline: number) => Promise<void>) | null = null;
  let stopping = false;
  const shutdown = (signal: NodeJS.Signals, stopStarted: (graceDeadline: number) => Promise<void>) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    const graceMs = config.process.shutdownGraceSeconds * 1000;
    const force = setTimeout(() => {
      logger.error({ graceMs }, 'shutdown overran its grace time; exiting');
      process.exit(1);
    }, graceMs + CLOSE_MARGIN_MS);
    force.unref();
    stopStarted(Date.now() + graceMs)
      .then(() => process.exit(0))
      .catch((error) => {
        logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      });
  };
  const exitAtOnce = (signal: NodeJS.Signals) => {
    // Not after a hangup: the terminal is gone, and a line still unwritten at exit would be
    // retried there for ever (see createLogger).
    if (signal !== 'SIGHUP') logger.warn({ signal }, stop ? 'exiting at once' : 'exiting during start-up');
    exitAsIfBy(signal);
  };
  for (const signal of STOP_SIGNALS) process.on(signal, () => (stop ? shutdown(signal, stop) : exitAtOnce(signal)));
  for (const signal of IMMEDIATE_SIGNALS) process.on(signal, () => exitAtOnce(signal));

  try {
    stop = await start(config, logger);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(78);
    }
    logger.fatal({ err: error }, 'start-up failed');
    process.exit(1);
  }
}
