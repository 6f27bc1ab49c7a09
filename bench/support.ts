/** Shared pieces of the benchmarks: infrastructure like the test suite's, and figure printing. */
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import { parseArgs } from 'node:util';

import type { Logger } from 'pino';
import { issueApiKey } from '../src/auth/api-key-format';
import { loadConfig, type Config } from '../src/config';
import { defaultPermissionsFor, type Plan } from '../src/domain/access';
import { freePort } from '../src/lib/free-port';
import { startDevServer } from '../src/embedded/temporal-dev-server';
import { createLogger } from '../src/logger';
import { startInfrastructure, type Infrastructure } from '../src/runtime/infrastructure';
import { startApiServer } from '../src/runtime/api-server';
import { startJobWorker } from '../workers/worker-process';
import type { Db } from '../src/storage/database';
import { createUserWithKey } from '../src/storage/repositories/users';
import { startFakeYouTube, type FakeYouTube } from '../test/fake-youtube';
import { createTestDatabase, requireEnv, type TestDatabase } from '../test/support/infrastructure';
import { npmCli, npmStart, type NpmStart } from '../test/support/npm-start';
import { spawnEntry, waitFor } from '../test/support/processes';

export { freePort };

/** The script's `--name value` options, each with its default. */
export function textOptions<Name extends string>(defaults: Record<Name, string>): Record<Name, string> {
  const options = Object.fromEntries(Object.entries(defaults).map(([name, value]) => [name, { type: 'string' as const, default: value as string }]));
  return parseArgs({ options }).values as Record<Name, string>;
}

/** The script's numeric `--name value` options, each with its default. */
export function numericOptions<Name extends string>(defaults: Record<Name, number>): Record<Name, number> {
  const options = Object.fromEntries(Object.entries(defaults).map(([name, value]) => [name, { type: 'string' as const, default: String(value) }]));
  const { values } = parseArgs({ options });
  return Object.fromEntries(Object.keys(defaults).map((name) => [name, Number(values[name])])) as Record<Name, number>;
}

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

/** A Temporal dev server of the benchmark's own, on a free port, its files in a fresh temporary folder. */
export async function startBenchTemporal(prefix = 'vd-bench-temporal-') {
  return startDevServer({
    dataDir: tempDir(prefix),
    port: await freePort(),
    uiPort: null,
    namespace: 'default',
    cliPath: process.env.TEMPORAL_CLI_PATH,
    log: () => {},
  });
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
  const temporal = await startBenchTemporal();
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

/** A Pro plan without a throttle or a monthly cap: a benchmark measures the service, not its limits. */
export const UNLIMITED_PRO = JSON.stringify({ pro: { requests_per_minute: 100_000_000, videos_per_month: null } });

/** The stack with a job worker on `queue` and an API server (requests not recorded) over it; `close` stops all of it. */
export async function startBenchService(queue: string) {
  const stack = await startBenchStack({ TEMPORAL_TASK_QUEUE: queue, PLAN_LIMITS: UNLIMITED_PRO });
  const worker = await startJobWorker(stack.config, stack.infra, stack.logger);
  const api = await startApiServer(stack.config, stack.infra, stack.logger, { recordRequests: false });
  return {
    ...stack,
    worker,
    api,
    db: stack.infra.database.db,
    close: async () => {
      await api.close();
      await worker.shutdown();
      await stack.close();
    },
  };
}

/** A running `npm start` for a benchmark, with its key; close() stops it and removes its DATA_DIR. */
export interface NpmStartBench {
  service: NpmStart;
  key: string;
  /** The embedded Temporal dev server's port, for reading workflow histories. */
  temporalPort: number;
  close(): Promise<void>;
}

/**
 * A plain `npm start` on a fresh DATA_DIR, as a new user runs it (no DATABASE_URL, REDIS_URL or
 * TEMPORAL_ADDRESS), with the fake YouTube in a process of its own, as the real one is elsewhere,
 * and one pro key made with the CLI. Throttling stays on (every request pays for it) but never
 * refuses the load.
 */
export async function startNpmStartBench(name: string): Promise<NpmStartBench> {
  const youtube = spawnEntry('test/fake-youtube/main.ts', { LOG_LEVEL: 'warn' }, ['--port', String(await freePort())]);
  const youtubeUrl = await waitFor('the local YouTube server', async () => youtube.output().match(/http:\/\/\S+/)?.[0]);
  const dataDir = tempDir(`vd-bench-${name}-`);
  fs.chmodSync(dataDir, 0o755); // as root, the embedded Postgres runs as the postgres user
  const temporalPort = await freePort();
  const env = {
    DATA_DIR: dataDir,
    TEMPORAL_DEV_PORT: String(temporalPort),
    YOUTUBE_BASE_URL: youtubeUrl,
    LOG_LEVEL: 'warn',
    PLAN_LIMITS: JSON.stringify({ pro: { requests_per_minute: 100_000_000 } }),
    ...(process.env.TEMPORAL_CLI_PATH ? { TEMPORAL_CLI_PATH: process.env.TEMPORAL_CLI_PATH } : {}),
  };
  const service = npmStart(await freePort(), env);
  const close = async () => {
    service.signal('SIGTERM');
    await service.exited;
    await youtube.kill('SIGTERM');
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await service.waitHealthy();
    const created = await npmCli(env, ['users', 'create', '--email', `bench-${name}@example.com`, '--plan', 'pro']);
    if (created.code !== 0) throw new Error(`cli users create failed: ${created.stderr}`);
    const key = (JSON.parse(created.stdout.trim().split('\n').pop()!) as { api_key: string }).api_key;
    return { service, key, temporalPort, close };
  } catch (error) {
    await close();
    throw error;
  }
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
