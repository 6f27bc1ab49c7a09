/** The request log (table api_requests): batched writes. Reports live in usage-reports.ts. */
import { sql } from 'kysely';
import type { Db } from '../database';

export interface ApiRequestRow {
  userId: string;
  keyId: string | null;
  method: string;
  /** Route template, never the raw URL. */
  endpoint: string;
  statusCode: number;
  durationMs: number;
  /** When the request arrived, epoch milliseconds (a number: cheaper to keep and send than a Date). */
  at: number;
}

/**
 * Writes many rows in one statement. The columns travel as seven arrays (unnest), so the
 * statement has seven parameters whatever the batch size: no 65535-parameter ceiling, and one
 * small plan for Postgres to parse.
 */
export async function insertApiRequests(db: Db, rows: readonly ApiRequestRow[]): Promise<void> {
  if (rows.length === 0) return;
  const userIds: string[] = [];
  const keyIds: (string | null)[] = [];
  const methods: string[] = [];
  const endpoints: string[] = [];
  const statuses: number[] = [];
  const durations: number[] = [];
  const times: number[] = [];
  for (const row of rows) {
    userIds.push(row.userId);
    keyIds.push(row.keyId);
    methods.push(row.method);
    endpoints.push(row.endpoint);
    statuses.push(row.statusCode);
    durations.push(row.durationMs);
    times.push(row.at);
  }
  await sql`
    INSERT INTO api_requests (user_id, key_id, method, endpoint, status_code, duration_ms, created_at)
    SELECT r.user_id, r.key_id, r.method, r.endpoint, r.status_code, r.duration_ms, to_timestamp(r.at_ms / 1000.0)
    FROM unnest(
      ${userIds}::uuid[], ${keyIds}::uuid[], ${methods}::text[], ${endpoints}::text[],
      ${statuses}::smallint[], ${durations}::real[], ${times}::float8[]
    ) AS r(user_id, key_id, method, endpoint, status_code, duration_ms, at_ms)`.execute(db);
}
