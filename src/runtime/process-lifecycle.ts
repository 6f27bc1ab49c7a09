/** Start-up and shutdown shared by the entry points: config errors and signals handled once. */
import type { Logger } from 'pino';
import { ConfigError, loadConfig, type Config } from '../config';
import { createLogger } from '../logger';

/** Slack past SHUTDOWN_GRACE_SECONDS for closing the database and the embedded servers. */
const CLOSE_MARGIN_MS = 10_000;

/**
 * `start` returns the stop function, called once on SIGTERM, SIGINT or SIGHUP with the time by
 * which work in flight must have ended (SHUTDOWN_GRACE_SECONDS from the signal). Whatever still runs
 * a margin past it is cut off by exiting. SIGHUP is a closed terminal: left to its default, it
 * ended the process at once, and the embedded Postgres and Temporal it started ran on without it.
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
  const logger = createLogger(config.LOG_LEVEL, name);
  let stop: (graceDeadline: number) => Promise<void>;
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
  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    const graceMs = config.SHUTDOWN_GRACE_SECONDS * 1000;
    const force = setTimeout(() => {
      logger.error({ graceMs }, 'shutdown overran its grace time; exiting');
      process.exit(1);
    }, graceMs + CLOSE_MARGIN_MS);
    force.unref();
    stop(Date.now() + graceMs)
      .then(() => process.exit(0))
      .catch((error) => {
        logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      });
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGHUP', () => shutdown('SIGHUP'));
}
