/**
 * Earlier versions kept the embedded database in PGlite (Postgres compiled to WebAssembly) under
 * DATA_DIR/postgres/data. The first start on the embedded Postgres server imports those rows once,
 * so nobody's users, keys or jobs vanish on upgrade, then moves the old directory aside (kept, not
 * deleted) so the import never runs twice.
 *
 * The source is brought to the current schema with the same migrations first, so both sides have
 * the same tables and columns and each row travels as JSON (row_to_json → json_populate_recordset),
 * whatever its column types.
 */
import fs from 'node:fs';
import {
  CompiledQuery,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  sql,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type QueryResult,
} from 'kysely';
import type { PGlite as PGliteInstance } from '@electric-sql/pglite';
import type { Database } from './schema';

type Db = Kysely<Database>;

export interface PgliteImportOutcome {
  status: 'imported' | 'skipped';
  rows: number;
  /** Where the PGlite files are now. */
  keptAt: string;
}

const ROWS_PER_BATCH = 200;

export async function importLegacyPglite(options: {
  pgliteDir: string;
  target: Db;
  migrate: (db: Db) => Promise<void>;
  log: (message: string) => void;
}): Promise<PgliteImportOutcome> {
  const { pgliteDir, target, log } = options;
  const { count } = await target
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  if (Number(count) > 0) {
    // Merging two populated databases could mix accounts: leave that to a person, and say how.
    log(
      `a PGlite database from an earlier version is in ${pgliteDir}, but the embedded Postgres already has users, ` +
        'so it was not imported. To import it instead, stop the service, move DATA_DIR/postgres/cluster aside and start again.',
    );
    return { status: 'skipped', rows: 0, keptAt: pgliteDir };
  }

  log(`importing the PGlite database of an earlier version from ${pgliteDir} (once)`);
  const { PGlite } = await import('@electric-sql/pglite');
  const pglite = await PGlite.create(pgliteDir);
  let rows = 0;
  try {
    const source = new Kysely<Database>({ dialect: pgliteDialect(pglite) });
    await options.migrate(source);
    const tables = await userTables(source);
    await target.transaction().execute(async (trx) => {
      // Rows arrive table by table; foreign keys are whole again once every table is in.
      await sql`SET LOCAL session_replication_role = replica`.execute(trx);
      for (const table of tables) rows += await copyTable(pglite, trx, table);
    });
  } finally {
    await pglite.close();
  }

  const keptAt = `${pgliteDir}-imported-${new Date().toISOString().replace(/[:.]/g, '-')}`;
  fs.renameSync(pgliteDir, keptAt);
  log(`imported ${rows} rows from PGlite; its files are kept in ${keptAt} and can be deleted`);
  return { status: 'imported', rows, keptAt };
}

async function userTables(db: Db): Promise<string[]> {
  const result = await sql<{ table_name: string }>`
    SELECT table_name FROM information_schema.tables
    WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND table_name NOT LIKE 'kysely\\_%'
    ORDER BY table_name`.execute(db);
  return result.rows.map((row) => row.table_name);
}


/** Pages through the source with a cursor: a table of 10 MB transcripts never sits in memory whole. */
async function copyTable(pglite: PGliteInstance, target: Kysely<Database>, table: string): Promise<number> {
  const quoted = `"${table.replace(/"/g, '""')}"`;
  let copied = 0;
  await pglite.transaction(async (tx) => {
    await tx.exec(`DECLARE import_rows NO SCROLL CURSOR FOR SELECT row_to_json(t)::text AS row FROM ${quoted} t`);
    for (;;) {
      const page = await tx.query<{ row: string }>(`FETCH ${ROWS_PER_BATCH} FROM import_rows`);
      if (page.rows.length === 0) break;
      const json = `[${page.rows.map((r) => r.row).join(',')}]`;
      await sql`INSERT INTO ${sql.raw(quoted)} SELECT * FROM json_populate_recordset(NULL::${sql.raw(quoted)}, ${json}::json)`.execute(target);
      copied += page.rows.length;
    }
    await tx.exec('CLOSE import_rows');
  });
  return copied;
}

/** Kysely over PGlite: one session, used by one caller at a time (the migrator, then the import). */
export function pgliteDialect(pglite: PGliteInstance): Dialect {
  const connection: DatabaseConnection = {
    async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
      const result = await pglite.query<R>(query.sql, query.parameters as unknown[]);
      return {
        rows: result.rows,
        ...(result.affectedRows !== undefined ? { numAffectedRows: BigInt(result.affectedRows) } : {}),
      };
    },
    // eslint-disable-next-line require-yield
    async *streamQuery() {
      throw new Error('streaming is not supported over PGlite');
    },
  };
  const driver: Driver = {
    init: async () => {},
    acquireConnection: async () => connection,
    beginTransaction: async (conn) => void (await conn.executeQuery(CompiledQuery.raw('BEGIN'))),
    commitTransaction: async (conn) => void (await conn.executeQuery(CompiledQuery.raw('COMMIT'))),
    rollbackTransaction: async (conn) => void (await conn.executeQuery(CompiledQuery.raw('ROLLBACK'))),
    releaseConnection: async () => {},
    destroy: async () => {},
  };
  return {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => driver,
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  };
}
