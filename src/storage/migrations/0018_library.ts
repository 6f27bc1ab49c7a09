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
  await sql`
    CREATE TABLE library_jobs (
      job_id text PRIMARY KEY REFERENCES jobs (id) ON DELETE CASCADE,
      user_id text NOT NULL,
      search_config text NOT NULL,
      passages integer NOT NULL,
      embedding_model text,
      indexed_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX library_jobs_user_idx ON library_jobs (user_id, indexed_at)`.execute(db);
  await sql`
    CREATE TABLE library_passages (
      id bigserial PRIMARY KEY,
      job_id text NOT NULL REFERENCES jobs (id) ON DELETE CASCADE,
      user_id text NOT NULL,
      seq integer NOT NULL,
      start_seconds real NOT NULL,
      end_seconds real NOT NULL,
      text text NOT NULL,
      search_config regconfig NOT NULL,
      tsv tsvector NOT NULL,
      embedding real[],
      embedding_model text
    )`.execute(db);
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
  await sql`DROP TABLE library_passages, library_jobs`.execute(db);
}
