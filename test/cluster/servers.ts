/**
 * The servers the cluster suite owns, apart from the ones the rest of the suite shares, so it can
 * stop and start them under the service: a real Postgres (the embedded default's own server code
 * and binaries, on a cluster of ours), a Redis, and a Temporal dev server. Each stops and comes
 * back on the same address and the same data, as a restarted server in a deployment does.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Client } from 'pg';
import { startPostgresServer, type RunningPostgresServer } from '../../src/embedded/postgres-server';
import { startDevServer, type RunningDevServer } from '../../src/embedded/temporal-dev-server';
import { freePort } from '../support/ports';
import { startOwnRedis, type OwnRedis } from '../support/redis-server';

export interface RestartableServer {
  /** Stops the server and resolves once it has gone. */
  stop(): Promise<void>;
  /** Starts it again on the same address and data; resolves once it answers. */
  start(): Promise<void>;
}

export interface SuitePostgres extends RestartableServer {
  /** DATABASE_URL of the service's database: its Unix socket directory rides in the `host` parameter. */
  url: string;
}

export interface SuiteTemporal extends RestartableServer {
  address: string;
}

export interface SuiteServers {
  postgres: SuitePostgres;
  redis: OwnRedis;
  temporal: SuiteTemporal;
  close(): Promise<void>;
}

const DATABASE = 'video_digest';

export async function startSuiteServers(dir: string): Promise<SuiteServers> {
  // As root, Postgres runs as the postgres user (src/embedded/postgres-server.ts), which must reach
  // its cluster under this directory.
  fs.chmodSync(dir, 0o755);
  const [postgres, redis, temporal] = await Promise.all([startSuitePostgres(path.join(dir, 'postgres')), startOwnRedis(), startSuiteTemporal(path.join(dir, 'temporal'))]);
  return {
    postgres,
    redis,
    temporal,
    async close() {
      await Promise.allSettled([postgres.stop(), redis.stop(), temporal.stop()]);
    },
  };
}

/**
 * Postgres as the embedded default runs it: a server process on a cluster directory, reached only
 * through a Unix socket. stop() is a fast shutdown (sessions ended, a checkpoint written), as
 * `pg_ctl stop -m fast` or an orchestrator's restart does.
 */
async function startSuitePostgres(dir: string): Promise<SuitePostgres> {
  const options = {
    clusterDir: path.join(dir, 'cluster'),
    socketDir: path.join(dir, 'socket'),
    logFile: path.join(dir, 'server.log'),
    log: () => {},
  };
  fs.mkdirSync(dir, { recursive: true });
  const server: RunningPostgresServer = await startPostgresServer(options);
  const admin = new Client(server.connection);
  await admin.connect();
  await admin.query(`CREATE DATABASE ${DATABASE}`);
  await admin.end();
  return {
    url: `postgres://postgres@localhost/${DATABASE}?host=${encodeURIComponent(options.socketDir)}`,
    ...restartable(server, () => startPostgresServer({ ...options, initIfMissing: false })),
  };
}

/**
 * The dev server the embedded default runs, with its state in a SQLite file: started again on the
 * same port and file, it carries on every workflow it had. stop() is its own graceful stop.
 */
async function startSuiteTemporal(dir: string): Promise<SuiteTemporal> {
  const options = {
    dataDir: dir,
    port: await freePort(),
    uiPort: null,
    namespace: 'default',
    cliPath: process.env.TEMPORAL_CLI_PATH,
    log: () => {},
  };
  const server: RunningDevServer = await startDevServer(options);
  return { address: server.address, ...restartable(server, () => startDevServer(options)) };
}

/** stop() and start() of a server started again the same way, each doing nothing when already so. */
function restartable(first: { stop(): Promise<void> }, startAgain: () => Promise<{ stop(): Promise<void> }>) {
  let server: { stop(): Promise<void> } | null = first;
  return {
    async stop() {
      const running = server;
      server = null;
      await running?.stop();
    },
    async start() {
      if (server) return;
      server = await startAgain();
    },
  };
}
