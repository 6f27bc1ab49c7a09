/**
 * The embedded default database: PGlite (Postgres compiled to WebAssembly) keeping its files under
 * DATA_DIR, served over a Unix socket by pglite-socket so the rest of the service talks to it with
 * the same `pg` driver and SQL as a real Postgres.
 *
 * PGlite allows one process per data directory. The process that opens it is the host and holds a
 * pid lock; others (the CLI while the service runs) connect to the host's socket instead.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PoolConfig } from 'pg';
import { acquirePidLock, readLiveLockHolder, type PidLock } from '../infra/pid-lock';

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

const SOCKET_PORT = 5432;
// Postgres clients cannot use a socket path longer than the kernel's sun_path (108 bytes).
const MAX_SOCKET_PATH = 100;

export async function openEmbeddedPostgres(
  dataDir: string,
  mode: EmbeddedMode,
  waitForHostMs = 15_000,
): Promise<EmbeddedPostgres> {
  const root = path.join(dataDir, 'postgres');
  fs.mkdirSync(root, { recursive: true });
  const lockPath = path.join(root, 'host.pid');
  const socketDir = socketDirectoryFor(root);
  const poolConfig: PoolConfig = { host: socketDir, port: SOCKET_PORT, user: 'postgres', database: 'postgres' };

  if (mode === 'host-or-client' && readLiveLockHolder(lockPath) !== null) {
    return { poolConfig, role: 'client', close: async () => {} };
  }

  const lock = await acquirePidLock(lockPath, waitForHostMs, 'the embedded database');
  try {
    return await startHost(root, socketDir, poolConfig, lock);
  } catch (error) {
    lock.release();
    throw error;
  }
}

async function startHost(root: string, socketDir: string, poolConfig: PoolConfig, lock: PidLock): Promise<EmbeddedPostgres> {
  // Loaded lazily: deployments with DATABASE_URL never pay for the WebAssembly module.
  const { PGlite } = await import('@electric-sql/pglite');
  const { PGLiteSocketServer } = await import('@electric-sql/pglite-socket');

  const db = await PGlite.create(path.join(root, 'data'));
  fs.mkdirSync(socketDir, { recursive: true });
  const socketPath = path.join(socketDir, `.s.PGSQL.${SOCKET_PORT}`);
  fs.rmSync(socketPath, { force: true }); // left behind by a host that was killed
  // The multiplexer keeps each transaction on its own connection; 64 leaves room for a pool per process.
  const server = new PGLiteSocketServer({ db, path: socketPath, maxConnections: 64 });
  await server.start();

  let closed = false;
  return {
    poolConfig,
    role: 'host',
    close: async () => {
      if (closed) return;
      closed = true;
      await server.stop();
      await db.close();
      fs.rmSync(socketPath, { force: true });
      lock.release();
    },
  };
}

function socketDirectoryFor(root: string): string {
  const candidate = path.join(root, 'socket');
  if (path.join(candidate, `.s.PGSQL.${SOCKET_PORT}`).length <= MAX_SOCKET_PATH) return candidate;
  const digest = createHash('sha256').update(root).digest('hex').slice(0, 16);
  return path.join(os.tmpdir(), `video-digest-pg-${digest}`);
}
