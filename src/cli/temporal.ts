/**
 * Temporal for one command: TEMPORAL_ADDRESS's, or the embedded dev server under DATA_DIR: the one
 * a running `npm start` has up, else one started for the command and stopped after it.
 */
import { Client, Connection } from '@temporalio/client';
import type { Config } from '../config';
import { runningDevServerAddress, startDevServer } from '../embedded/temporal-dev-server';
import { exitingOnSignals } from './exit-on-signals';

export async function withTemporal<T>(config: Pick<Config, 'process' | 'temporal'>, run: (client: Client) => Promise<T>): Promise<T> {
  // The dev server this command may start is stopped even when a signal ends the command.
  return exitingOnSignals(async () => {
    let address = config.temporal.address ?? runningDevServerAddress(config.process.dataDir, config.temporal.devPort);
    let stopServer: (() => Promise<void>) | null = null;
    if (!address) {
      const server = await startDevServer({
        dataDir: config.process.dataDir,
        port: config.temporal.devPort,
        uiPort: null,
        namespace: config.temporal.namespace,
        cliPath: config.temporal.cliPath,
        log: (message) => process.stderr.write(`${message}\n`),
      });
      address = server.address;
      stopServer = server.stop;
    }
    const connection = await Connection.connect({ address, connectTimeout: 10_000 });
    try {
      return await run(new Client({ connection, namespace: config.temporal.namespace }));
    } finally {
      await connection.close();
      await stopServer?.();
    }
  });
}
