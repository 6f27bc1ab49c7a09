import { type Kysely, sql } from 'kysely';

/**
 * The request log keeps a count per second instead of a row per request: a row now stands for
 * the requests of one key to one route template with one status in one second, `request_count`
 * of them, and `duration_ms` is their mean. A client polling a status at thousands of requests a
 * second wrote as many rows (and kept a Postgres backend busy inserting them); it now writes one
 * row a second per route and status. Rows written before this count one request each, which the
 * default says. The usage reports read sums, means and the commonest error status, which the
 * counts keep; a request's time is kept to its second, far finer than any report looks.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE api_requests ADD COLUMN request_count integer NOT NULL DEFAULT 1 CHECK (request_count > 0)`.execute(db);
  // The reports stay index-only scans: the count joins the covered columns.
  await sql`DROP INDEX api_requests_user_created_idx`.execute(db);
  await sql`CREATE INDEX api_requests_user_created_idx ON api_requests (user_id, created_at) INCLUDE (method, endpoint, status_code, duration_ms, request_count)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX api_requests_user_created_idx`.execute(db);
  await sql`CREATE INDEX api_requests_user_created_idx ON api_requests (user_id, created_at) INCLUDE (method, endpoint, status_code, duration_ms)`.execute(db);
  await sql`ALTER TABLE api_requests DROP COLUMN request_count`.execute(db);
}
