/** Shared pieces of the benchmarks: infrastructure like the test suite's, and figure printing. */
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';

import type { Logger } from 'pino';
import { issueApiKey } from '../src/auth/api-key-format';
import { loadConfig, type Config } from '../src/config';
import { defaultPermissionsFor, type Plan } from '../src/domain/access';
import { freePort } from '../src/infra/free-port';
import { startDevServer } from '../src/infra/temporal-dev-server';
import { createLogger } from '../src/logger';
import { startInfrastructure, type Infrastructure } from '../src/runtime/infrastructure';
import type { Db } from '../src/storage/database';
import { createUserWithKey } from '../src/storage/repositories/users';
import { startFakeYouTube, type FakeYouTube } from '../test/fake-youtube';
import { createTestDatabase, requireEnv, type TestDatabase } from '../test/support/infrastructure';

export { freePort };

export function tempDir(prefix: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index]!;
}

export function printTable(title: string, rows: Array<Record<string, string | number>>): void {
  console.log(`\n${title}`);
  console.table(rows);
}

export function machineLine(): string {
  return `${os.cpus().length} cpu (${os.cpus()[0]?.model ?? 'unknown'}), ${Math.round(os.totalmem() / 2 ** 30)} GiB, node ${process.version}`;
}

/**
 * What every service benchmark stands on, started the same way the tests do: a Temporal dev
 * server on a free port, the local fake YouTube, a fresh database on the real Postgres, Redis, and
 * the service's infrastructure over them. `env` adds to or overrides the configuration.
 */
export interface BenchStack {
  config: Config;
  infra: Infrastructure;
  logger: Logger;
  youtube: FakeYouTube;
  database: TestDatabase;
  close(): Promise<void>;
}

export async function startBenchStack(env: Record<string, string> = {}): Promise<BenchStack> {
  const logger = createLogger('warn', 'bench');
  const temporal = await startDevServer({
    dataDir: tempDir('vd-bench-temporal-'),
    port: await freePort(),
    uiPort: null,
    namespace: 'default',
    cliPath: process.env.TEMPORAL_CLI_PATH,
    log: () => {},
  });
  const youtube = await startFakeYouTube();
  const database = await createTestDatabase();
  const config = loadConfig({
    DATABASE_URL: database.url,
    REDIS_URL: requireEnv('TEST_REDIS_URL'),
    TEMPORAL_ADDRESS: temporal.address,
    PORT: '0',
    HOST: '127.0.0.1',
    YOUTUBE_BASE_URL: youtube.baseUrl,
    LOG_LEVEL: 'warn',
    // Measured all the same (the registry is always there); only the listener would clash with a running service.
    METRICS_PORT: '0',
    ...env,
  });
  const infra = await startInfrastructure(config, logger);
  return {
    config,
    infra,
    logger,
    youtube,
    database,
    close: async () => {
      await infra.close();
      await database.drop();
      await youtube.close();
      await temporal.stop();
    },
  };
}

/** A user with one key, made straight in the database. */
export async function createBenchUser(db: Db, email: string, plan: Plan = 'pro'): Promise<{ userId: string; key: string }> {
  const key = issueApiKey();
  const { user } = await createUserWithKey(db, { email, plan, key, keyName: 'bench', permissions: defaultPermissionsFor(plan) });
  return { userId: user.id, key: key.key };
}

/** Runs `count` tasks, `concurrency` at a time: submitting like many clients, not all at once. */
export async function runWithConcurrency(count: number, concurrency: number, task: (i: number) => Promise<unknown>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) await task(next++);
    }),
  );
}

export const round = (n: number) => Math.round(n * 100) / 100;

/** Runs a benchmark's main and exits with its outcome (servers and pools would keep Node alive). */
export function runMain(main: () => Promise<void>): void {
  main().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
