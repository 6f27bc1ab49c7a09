/**
 * The request log (table api_requests): batched writes. Reports live in usage-reports.ts.
 *
 * A row counts the requests of one key to one route template with one status in one second
 * (migrations/0013): a batch of a busy second's requests becomes a few rows, not one per request.
 */
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

/** The requests of one key, route and status in one second. */
interface SecondCount {
  first: ApiRequestRow;
  second: number;
  requests: number;
  totalDurationMs: number;
}

/**
 * Writes a batch of requests in one statement, counted per key, route, status and second. The
 * columns travel as eight arrays (unnest), so the statement has eight parameters whatever the
 * batch size: no 65535-parameter ceiling, and one small plan for Postgres to parse. A second
 * split across two batches gets two rows; the reports add them up.
 */
export async function insertApiRequests(db: Db, rows: readonly ApiRequestRow[]): Promise<void> {
  if (rows.length === 0) return;
  const counts = new Map<string, SecondCount>();
  for (const row of rows) {
    const second = Math.floor(row.at / 1000);
    const id = `${row.userId} ${row.keyId} ${row.statusCode} ${second} ${row.method} ${row.endpoint}`;
    const count = counts.get(id);
    if (count) {
      count.requests += 1;
      count.totalDurationMs += row.durationMs;
    } else {
      counts.set(id, { first: row, second, requests: 1, totalDurationMs: row.durationMs });
    }
  }
  const userIds: string[] = [];
  const keyIds: (string | null)[] = [];
  const methods: string[] = [];
  const endpoints: string[] = [];
  const statuses: number[] = [];
  const meanDurations: number[] = [];
  const seconds: number[] = [];
  const requestCounts: number[] = [];
  for (const { first, second, requests, totalDurationMs } of counts.values()) {
    userIds.push(first.userId);
    keyIds.push(first.keyId);
    methods.push(first.method);
    endpoints.push(first.endpoint);
    statuses.push(first.statusCode);
    meanDurations.push(totalDurationMs / requests);
    seconds.push(second);
    requestCounts.push(requests);
  }
  await sql`
    INSERT INTO api_requests (user_id, key_id, method, endpoint, status_code, duration_ms, created_at, request_count)
    SELECT r.user_id, r.key_id, r.method, r.endpoint, r.status_code, r.duration_ms, to_timestamp(r.at_s), r.request_count
    FROM unnest(
      ${userIds}::uuid[], ${keyIds}::uuid[], ${methods}::text[], ${endpoints}::text[],
      ${statuses}::smallint[], ${meanDurations}::real[], ${seconds}::float8[], ${requestCounts}::int[]
    ) AS r(user_id, key_id, method, endpoint, status_code, duration_ms, at_s, request_count)`.execute(db);
}
