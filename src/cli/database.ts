import { loadConfig, type Config } from '../config';
import { openDatabase, type Db } from '../storage/database';
import { exitingOnSignals } from './exit-on-signals';

/** The configured database (the embedded one included, whether or not the service is running), for one command. */
export async function withCliDatabase<T>(run: (db: Db, config: Config) => Promise<T>): Promise<T> {
  const config = loadConfig();
  // The embedded server this command may start is stopped even when a signal ends the command.
  return exitingOnSignals(async () => {
    const database = await openDatabase({
      databaseUrl: config.db.url,
      dataDir: config.process.dataDir,
      poolSize: 2,
      embeddedMode: 'host-or-client',
      // stdout carries the command's JSON; what the embedded server says goes to stderr.
      log: (message) => process.stderr.write(`${message}\n`),
    });
    try {
      return await run(database.db, config);
    } finally {
      await database.close();
    }
  });
}
