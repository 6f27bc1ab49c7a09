/**
 * Temporal for one command: TEMPORAL_ADDRESS's, or the embedded dev server under DATA_DIR: the one
 * a running `npm start` has up, else one started for the command and stopped after it.
 */
import { Client, Connection } from '@temporalio/client';
import type { Config } from '../config';
import { runningDevServerAddress, startDevServer } from '../embedded/temporal-dev-server';
import { exitingOnSignals } from './exit-on-signals';

export async function withTemporal<T>(config: Config, run: (client: Client) => Promise<T>): Promise<T> {
  // The dev server this command may start is stopped even when a signal ends the command.
  return exitingOnSignals(async () => {
    let address = config.TEMPORAL_ADDRESS ?? runningDevServerAddress(config.dataDir, config.TEMPORAL_DEV_PORT);
    let stopServer: (() => Promise<void>) | null = null;
    if (!address) {
      const server = await startDevServer({
        dataDir: config.dataDir,
        port: config.TEMPORAL_DEV_PORT,
        uiPort: null,
        namespace: config.TEMPORAL_NAMESPACE,
        cliPath: config.TEMPORAL_CLI_PATH,
        log: (message) => process.stderr.write(`${message}\n`),
      });
      address = server.address;
      stopServer = server.stop;
    }
    const connection = await Connection.connect({ address, connectTimeout: 10_000 });
    try {
      return await run(new Client({ connection, namespace: config.TEMPORAL_NAMESPACE }));
    } finally {
      await connection.close();
      await stopServer?.();
    }
  });
}
