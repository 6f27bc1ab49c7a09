/**
 * The embedded default database: a real PostgreSQL server (src/embedded/postgres-server.ts) whose
 * cluster lives under DATA_DIR/postgres, so the service talks to it with the same `pg` driver,
 * SQL and concurrency as to any Postgres.
 *
 * One process is the host: it holds a pid lock and runs the server for as long as it runs. Others
 * (the CLI while the service runs) connect to the host's socket; with no host, the CLI becomes the
 * host for the length of its command.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PoolConfig } from 'pg';
import { acquirePidLock, readLiveLockHolder } from '../embedded/pid-lock';
import { SOCKET_PORT, startPostgresServer, type PostgresServerOptions } from '../embedded/postgres-server';
import { superviseServer } from '../embedded/supervise-server';

export interface EmbeddedPostgres {
  /** How `pg` reaches it. */
  poolConfig: PoolConfig;
  role: 'host' | 'client';
  close(): Promise<void>;
}

export type EmbeddedMode =
  /** Become the host; wait for a current host to go away first. */
  | 'host'
  /** Use the running host if there is one, otherwise become the host. */
  | 'host-or-client';

export interface EmbeddedPostgresOptions {
  mode: EmbeddedMode;
  log?: (message: string) => void;
  /** The server stopping unexpectedly, and its restart (src/embedded/supervise-server.ts). Default: log. */
  warn?: (message: string) => void;
  waitForHostMs?: number;
}

// Postgres clients cannot use a socket path longer than the kernel's sun_path (108 bytes).
const MAX_SOCKET_PATH = 100;

/** The clusters (their `postgres` directories) whose server this process runs. */
const hostedHere = new Set<string>();

export async function openEmbeddedPostgres(dataDir: string, options: EmbeddedPostgresOptions): Promise<EmbeddedPostgres> {
  const root = path.join(dataDir, 'postgres');
  fs.mkdirSync(root, { recursive: true });
  const lockPath = path.join(root, 'host.pid');
  const socketDir = socketDirectoryFor(root);
  const poolConfig: PoolConfig = { host: socketDir, port: SOCKET_PORT, user: 'postgres', database: 'postgres' };

  // This process's own server is shared, never taken over: the lock reads our pid as stale (a pid
  // reused after a restart), and a second server on the cluster would stop the first.
  if (hostedHere.has(root) || (options.mode === 'host-or-client' && readLiveLockHolder(lockPath) !== null)) {
    return { poolConfig, role: 'client', close: async () => {} };
  }

  const lock = await acquirePidLock(lockPath, options.waitForHostMs ?? 15_000, 'the embedded database');
  try {
    const serverOptions: PostgresServerOptions = {
      clusterDir: path.join(root, 'cluster'),
      socketDir,
      logFile: path.join(root, 'server.log'),
      log: options.log ?? (() => {}),
    };
    const first = await startPostgresServer(serverOptions);
    // The host keeps its server up: one that dies is started again on the same cluster and socket.
    const server = superviseServer(first, () => startPostgresServer({ ...serverOptions, initIfMissing: false }), {
      name: 'Postgres',
      warn: options.warn ?? serverOptions.log,
    });
    hostedHere.add(root);
    let closed = false;
    return {
      poolConfig: first.connection,
      role: 'host',
      close: async () => {
        if (closed) return;
        closed = true;
        try {
          await server.stop();
        } finally {
          hostedHere.delete(root);
          lock.release();
        }
      },
    };
  } catch (error) {
    lock.release();
    throw error;
  }
}

function socketDirectoryFor(root: string): string {
  const candidate = path.join(root, 'socket');
  if (path.join(candidate, `.s.PGSQL.${SOCKET_PORT}`).length <= MAX_SOCKET_PATH) return candidate;
  const digest = createHash('sha256').update(root).digest('hex').slice(0, 16);
  return path.join(os.tmpdir(), `video-digest-pg-${digest}`);
}
