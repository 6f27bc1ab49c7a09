import { type Kysely, sql } from 'kysely';

/**
 * The library: each completed job's transcript cut into passages, searchable by its owner.
 *
 * - library_passages: one row per passage with its times, its text, its full-text vector (built
 *   with the text search configuration of the transcript's language) under a GIN index, and its
 *   sentence embedding as `real[]` with the model that made it (semantic search compares only
 *   vectors of the configured model).
 * - library_jobs: the marker of an indexed job (the backfill indexes completed jobs without one).
 * - model_usage.job_id becomes optional: an answer from the library is a model call made for a
 *   user, not for one job, and the ledger keeps it with its user like any other call.
 *
 * Where the database has pgvector, the extension is created here; the HNSW index over the
 * embeddings is made at start for the configured model's dimension (src/library/vector-index.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('library_jobs')
    .addColumn('job_id', 'text', (col) => col.primaryKey().references('jobs.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (col) => col.notNull())
    .addColumn('search_config', 'text', (col) => col.notNull())
    .addColumn('passages', 'integer', (col) => col.notNull())
    .addColumn('embedding_model', 'text')
    .addColumn('indexed_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`CREATE INDEX library_jobs_user_idx ON library_jobs (user_id, indexed_at)`.execute(db);

  await db.schema
    .createTable('library_passages')
    .addColumn('id', 'bigserial', (col) => col.primaryKey())
    .addColumn('job_id', 'text', (col) => col.notNull().references('jobs.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (col) => col.notNull())
    .addColumn('seq', 'integer', (col) => col.notNull())
    .addColumn('start_seconds', 'real', (col) => col.notNull())
    .addColumn('end_seconds', 'real', (col) => col.notNull())
    .addColumn('text', 'text', (col) => col.notNull())
    .addColumn('search_config', sql`regconfig`, (col) => col.notNull())
    .addColumn('tsv', sql`tsvector`, (col) => col.notNull())
    .addColumn('embedding', sql`real[]`)
    .addColumn('embedding_model', 'text')
    .execute();
  await sql`CREATE UNIQUE INDEX library_passages_job_seq_idx ON library_passages (job_id, seq)`.execute(db);
  await sql`CREATE INDEX library_passages_user_idx ON library_passages (user_id, embedding_model)`.execute(db);
  await sql`CREATE INDEX library_passages_tsv_idx ON library_passages USING gin (tsv)`.execute(db);

  await sql`ALTER TABLE model_usage ALTER COLUMN job_id DROP NOT NULL`.execute(db);
  await sql`ALTER TABLE model_usage ADD COLUMN purpose text NOT NULL DEFAULT 'summary'`.execute(db);

  // pgvector where the server has it; a failure leaves the cosine over real[] in the service.
  const available = await sql<{ available: boolean }>`SELECT exists (SELECT 1 FROM pg_available_extensions WHERE name = 'vector') AS available`.execute(db);
  if (available.rows[0]?.available) {
    await sql`SAVEPOINT library_vector`.execute(db);
    try {
      await sql`CREATE EXTENSION IF NOT EXISTS vector`.execute(db);
      await sql`RELEASE SAVEPOINT library_vector`.execute(db);
    } catch {
      await sql`ROLLBACK TO SAVEPOINT library_vector`.execute(db);
    }
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM model_usage WHERE job_id IS NULL`.execute(db);
  await sql`ALTER TABLE model_usage DROP COLUMN purpose`.execute(db);
  await sql`ALTER TABLE model_usage ALTER COLUMN job_id SET NOT NULL`.execute(db);
  await db.schema.dropTable('library_passages').execute();
  await db.schema.dropTable('library_jobs').execute();
}
