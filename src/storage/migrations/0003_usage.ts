import { type Kysely, sql } from 'kysely';

/**
 * The request log behind the usage endpoints, and an index for their job queries.
 *
 * api_requests is append-only, written in batches by src/usage/recorder.ts. It has no foreign
 * keys on purpose: a batch must never fail because one user or key was deleted meanwhile, and a
 * log row outliving its user is harmless (retention removes it; docs/api-guide.md#usage).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('api_requests')
    .addColumn('user_id', 'uuid', (c) => c.notNull())
    .addColumn('key_id', 'uuid')
    .addColumn('method', 'text', (c) => c.notNull())
    // The route template (/api/v1/videos/status/:job_id), never the raw URL.
    .addColumn('endpoint', 'text', (c) => c.notNull())
    .addColumn('status_code', 'smallint', (c) => c.notNull())
    .addColumn('duration_ms', 'real', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  // Every usage query is "this user's requests in [from, to)". The INCLUDE columns make the
  // breakdowns index-only scans, so the heap is never read for a report.
  await sql`CREATE INDEX api_requests_user_created_idx ON api_requests (user_id, created_at) INCLUDE (method, endpoint, status_code, duration_ms)`.execute(db);
  // Rows arrive in time order: a tiny BRIN index serves retention deletes by age.
  await sql`CREATE INDEX api_requests_created_brin ON api_requests USING brin (created_at)`.execute(db);

  // Jobs that ended (completed or failed) in a period, per user: history and analytics.
  await sql`CREATE INDEX jobs_user_completed_idx ON jobs (user_id, completed_at) WHERE completed_at IS NOT NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS jobs_user_completed_idx`.execute(db);
  await db.schema.dropTable('api_requests').ifExists().execute();
}
