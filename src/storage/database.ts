/**
 * Opens the system of record: Postgres at DATABASE_URL, or the embedded Postgres server under
 * DATA_DIR. Either way the service gets a Kysely over `pg`, and migrations have run.
 */
import { Kysely, Migrator, PostgresDialect } from 'kysely';
import { Pool, types, type PoolConfig } from 'pg';
import { migrationProvider } from './migrations';
import { openEmbeddedPostgres, type EmbeddedMode } from './embedded-postgres';
import type { Database } from './schema';
import { databaseDeadlines } from './pg-deadlines';
import { connectingThroughRestarts } from './pg-restarts';

// BIGINT counts (count(*)) fit comfortably in a JS number for this service's volumes.
types.setTypeParser(types.builtins.INT8, (value) => Number.parseInt(value, 10));

export type Db = Kysely<Database>;

/**
 * How long a connection to the embedded server stays open unused. Each one is a server process of
 * its own on the user's machine, and the idle service touches the database every few seconds
 * (the email sender every EMAIL_SEND_INTERVAL_MS, the reconciler every 10 s): with pg's default
 * of 10 s one of them would never close. Opening one on the local socket is cheap, and under load
 * connections never sit idle this long. A server elsewhere keeps pg's 10 s.
 */
const EMBEDDED_IDLE_CLOSE_MS = 2_000;

export interface DatabaseHandle {
  db: Db;
  /** 'postgres' for DATABASE_URL, 'embedded' for the server under DATA_DIR. */
  kind: 'postgres' | 'embedded';
  close(): Promise<void>;
}

export interface DatabaseOptions {
  databaseUrl?: string;
  dataDir: string;
  poolSize: number;
  /** How to share the embedded database with other local processes. */
  embeddedMode?: EmbeddedMode;
  migrate?: boolean;
  /** DATABASE_QUERY_TIMEOUT_MS: bound on getting a connection and on each statement. */
  queryTimeoutMs?: number;
  /** Start-up messages of the embedded server (first start, leftovers). */
  log?: (message: string) => void;
  /** The embedded server stopping unexpectedly, and its restart. Default: log. */
  warn?: (message: string) => void;
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  const embedded = options.databaseUrl
    ? null
    : await openEmbeddedPostgres(options.dataDir, { mode: options.embeddedMode ?? 'host', log: options.log, warn: options.warn });
  const timeoutMs = options.queryTimeoutMs ?? 10_000;
  const connection: PoolConfig = {
    ...(options.databaseUrl ? { connectionString: options.databaseUrl } : embedded!.poolConfig),
    ...databaseDeadlines(timeoutMs),
  };
  const pool = new Pool({ ...connection, max: options.poolSize, idleTimeoutMillis: embedded ? EMBEDDED_IDLE_CLOSE_MS : 10_000 });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});

  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: connectingThroughRestarts(pool, timeoutMs) }) });
  const handle: DatabaseHandle = {
    db,
    kind: embedded ? 'embedded' : 'postgres',
    close: async () => {
      await db.destroy();
      await embedded?.close();
    },
  };
  try {
    if (options.migrate !== false) await migrateOnItsOwnConnection(connection);
  } catch (error) {
    await handle.close();
    throw error;
  }
  return handle;
}

/**
 * Migrations run on a connection of their own, closed after them: the server process that ran
 * them keeps what they read in its caches, larger than a fresh one, and a pooled one would stay
 * that way for as long as the service keeps it busy.
 */
async function migrateOnItsOwnConnection(connection: PoolConfig): Promise<void> {
  const pool = new Pool({ ...connection, max: 1 });
  pool.on('error', () => {}); // as the service's pool: a failing query rejects, that is enough
  const migrating = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  try {
    await migrateToLatest(migrating);
  } finally {
    await migrating.destroy();
  }
}

export async function migrateToLatest(db: Db): Promise<void> {
  const migrator = new Migrator({ db, provider: migrationProvider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`database migration failed${failed ? ` at ${failed.migrationName}` : ''}: ${String(error)}`);
  }
}
