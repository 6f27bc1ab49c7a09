/** Start-up and shutdown shared by the entry points: config errors and signals handled once. */
import type { Logger } from 'pino';
import { ConfigError, loadConfig, type Config } from '../config';
import { createLogger } from '../logger';

export async function runProcess(
  name: string,
  start: (config: Config, logger: Logger) => Promise<() => Promise<void>>,
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
  let stop: () => Promise<void>;
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
    const force = setTimeout(() => process.exit(1), 30_000);
    force.unref();
    stop()
      .then(() => process.exit(0))
      .catch((error) => {
        logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      });
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}
