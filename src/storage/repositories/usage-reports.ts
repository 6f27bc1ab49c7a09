/**
 * Read-only figures for the usage endpoints, always for one user and a half-open time range
 * [from, to). Jobs count by created_at (videos submitted) or completed_at (jobs that ended, both
 * completed and failed); requests by their arrival time. Buckets are UTC.
 *
 * A row of api_requests counts `request_count` requests of one second (migrations/0013), so
 * requests are summed, never counted as rows.
 */
import { sql } from 'kysely';
import type { JobStatus } from '../../domain/job';
import type { Db } from '../database';

export type Bucket = 'day' | 'week' | 'month';

const count = (value: unknown): number => Number(value ?? 0);
const maybeNumber = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value));

/** Jobs created in the range, by their status now. */
export async function jobStatusCounts(db: Db, userId: string, from: Date, to: Date): Promise<Record<JobStatus, number>> {
  const rows = await db
    .selectFrom('jobs')
    .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
    .where('user_id', '=', userId)
    .where('created_at', '>=', from)
    .where('created_at', '<', to)
    .groupBy('status')
    .execute();
  const counts: Record<JobStatus, number> = { queued: 0, processing: 0, completed: 0, failed: 0 };
  for (const row of rows) counts[row.status] = count(row.n);
  return counts;
}

export async function requestCount(db: Db, userId: string, from: Date, to: Date): Promise<number> {
  const row = await db
    .selectFrom('api_requests')
    .select((eb) => eb.fn.sum<number>('request_count').as('n'))
    .where('user_id', '=', userId)
    .where('created_at', '>=', from)
    .where('created_at', '<', to)
    .executeTakeFirst();
  return count(row?.n);
}

export interface EndpointFigures {
  method: string;
  endpoint: string;
  requests: number;
  /** Responses with status >= 400. */
  errors: number;
  /** Responses with status 429 (throttle or quota). */
  throttled: number;
  averageDurationMs: number;
  /** The most frequent error status, or null without errors. */
  commonErrorStatus: number | null;
}

export async function endpointBreakdown(db: Db, userId: string, from: Date, to: Date): Promise<EndpointFigures[]> {
  const { rows } = await sql<{ method: string; endpoint: string; requests: number; errors: number; throttled: number; avg_ms: number; common_error: number | null }>`
    WITH by_status AS (
      SELECT method, endpoint, status_code,
             sum(request_count) AS n,
             sum(duration_ms::float8 * request_count) AS total_ms
      FROM api_requests
      WHERE user_id = ${userId} AND created_at >= ${from} AND created_at < ${to}
      GROUP BY method, endpoint, status_code
    )
    SELECT method, endpoint,
           sum(n) AS requests,
           sum(n) FILTER (WHERE status_code >= 400) AS errors,
           sum(n) FILTER (WHERE status_code = 429) AS throttled,
           sum(total_ms) / sum(n) AS avg_ms,
           -- The commonest error status; on a tie the lowest, as mode() would pick.
           (array_agg(status_code ORDER BY n DESC, status_code) FILTER (WHERE status_code >= 400))[1] AS common_error
    FROM by_status
    GROUP BY method, endpoint
    ORDER BY requests DESC, endpoint, method`.execute(db);
  return rows.map((r) => ({
    method: r.method,
    endpoint: r.endpoint,
    requests: count(r.requests),
    errors: count(r.errors),
    throttled: count(r.throttled),
    averageDurationMs: Number(r.avg_ms ?? 0),
    commonErrorStatus: maybeNumber(r.common_error),
  }));
}

export interface BucketFigures {
  videosSubmitted: number;
  jobsCompleted: number;
  jobsFailed: number;
  requests: number;
  /** Sum of processing_time (seconds) over the completed jobs, for averages. */
  processingTimeSum: number;
  processingTimeCount: number;
}

const emptyBucket = (): BucketFigures => ({ videosSubmitted: 0, jobsCompleted: 0, jobsFailed: 0, requests: 0, processingTimeSum: 0, processingTimeCount: 0 });

/** Figures per bucket (keyed by the bucket's start date, YYYY-MM-DD) over [from, to). */
export async function bucketFigures(db: Db, userId: string, bucket: Bucket, from: Date, to: Date): Promise<Map<string, BucketFigures>> {
  const key = (column: string) => sql<string>`to_char(date_trunc(${bucket}::text, ${sql.ref(column)} AT TIME ZONE 'UTC'), 'YYYY-MM-DD')`;
  const [created, ended, requests] = await Promise.all([
    sql<{ k: string; n: number }>`
      SELECT ${key('created_at')} AS k, count(*) AS n FROM jobs
      WHERE user_id = ${userId} AND created_at >= ${from} AND created_at < ${to}
      GROUP BY 1`.execute(db),
    sql<{ k: string; completed: number; failed: number; pt_sum: number | null; pt_count: number }>`
      SELECT ${key('completed_at')} AS k,
             count(*) FILTER (WHERE status = 'completed') AS completed,
             count(*) FILTER (WHERE status = 'failed') AS failed,
             sum(processing_time) FILTER (WHERE status = 'completed') AS pt_sum,
             count(processing_time) FILTER (WHERE status = 'completed') AS pt_count
      FROM jobs
      WHERE user_id = ${userId} AND completed_at >= ${from} AND completed_at < ${to}
      GROUP BY 1`.execute(db),
    sql<{ k: string; n: number }>`
      SELECT ${key('created_at')} AS k, sum(request_count) AS n FROM api_requests
      WHERE user_id = ${userId} AND created_at >= ${from} AND created_at < ${to}
      GROUP BY 1`.execute(db),
  ]);
  const buckets = new Map<string, BucketFigures>();
  const at = (k: string) => {
    let figures = buckets.get(k);
    if (!figures) buckets.set(k, (figures = emptyBucket()));
    return figures;
  };
  for (const r of created.rows) at(r.k).videosSubmitted = count(r.n);
  for (const r of ended.rows) {
    const figures = at(r.k);
    figures.jobsCompleted = count(r.completed);
    figures.jobsFailed = count(r.failed);
    figures.processingTimeSum = Number(r.pt_sum ?? 0);
    figures.processingTimeCount = count(r.pt_count);
  }
  for (const r of requests.rows) at(r.k).requests = count(r.n);
  return buckets;
}

export interface WindowTotals {
  videosSubmitted: number;
  jobsCompleted: number;
  jobsFailed: number;
  requests: number;
}

/** Totals for several windows [from, to) at once (one scan per table over their union). */
export async function windowTotals(db: Db, userId: string, windows: ReadonlyArray<{ from: Date; to: Date }>): Promise<WindowTotals[]> {
  if (windows.length === 0) return [];
  const from = new Date(Math.min(...windows.map((w) => w.from.getTime())));
  const to = new Date(Math.max(...windows.map((w) => w.to.getTime())));
  const filters = (column: string, extra = sql`TRUE`, measure = sql`count(*)`) =>
    sql.join(
      windows.map((w, i) => sql`${measure} FILTER (WHERE ${sql.ref(column)} >= ${w.from} AND ${sql.ref(column)} < ${w.to} AND ${extra}) AS ${sql.ref(`w${i}`)}`),
    );
  const [created, completed, failed, requests] = await Promise.all([
    sql<Record<string, number>>`SELECT ${filters('created_at')} FROM jobs WHERE user_id = ${userId} AND created_at >= ${from} AND created_at < ${to}`.execute(db),
    sql<Record<string, number>>`SELECT ${filters('completed_at', sql`status = 'completed'`)} FROM jobs WHERE user_id = ${userId} AND completed_at >= ${from} AND completed_at < ${to}`.execute(db),
    sql<Record<string, number>>`SELECT ${filters('completed_at', sql`status = 'failed'`)} FROM jobs WHERE user_id = ${userId} AND completed_at >= ${from} AND completed_at < ${to}`.execute(db),
    sql<Record<string, number>>`SELECT ${filters('created_at', sql`TRUE`, sql`sum(request_count)`)} FROM api_requests WHERE user_id = ${userId} AND created_at >= ${from} AND created_at < ${to}`.execute(db),
  ]);
  return windows.map((_, i) => ({
    videosSubmitted: count(created.rows[0]?.[`w${i}`]),
    jobsCompleted: count(completed.rows[0]?.[`w${i}`]),
    jobsFailed: count(failed.rows[0]?.[`w${i}`]),
    requests: count(requests.rows[0]?.[`w${i}`]),
  }));
}

export interface ActivityByTime {
  /** 0..23 (UTC) or 1..7 (ISO weekday, Monday = 1). */
  slot: number;
  videosSubmitted: number;
  requests: number;
}

/** Activity by hour of day and by weekday (UTC) over [from, to). */
export async function activityPatterns(db: Db, userId: string, from: Date, to: Date): Promise<{ hours: ActivityByTime[]; weekdays: ActivityByTime[] }> {
  const byField = async (field: 'hour' | 'isodow') => {
    const part = sql.lit(field);
    const [jobs, requests] = await Promise.all([
      sql<{ slot: number; n: number }>`
        SELECT extract(${part} FROM created_at AT TIME ZONE 'UTC')::int AS slot, count(*) AS n FROM jobs
        WHERE user_id = ${userId} AND created_at >= ${from} AND created_at < ${to} GROUP BY 1`.execute(db),
      sql<{ slot: number; n: number }>`
        SELECT extract(${part} FROM created_at AT TIME ZONE 'UTC')::int AS slot, sum(request_count) AS n FROM api_requests
        WHERE user_id = ${userId} AND created_at >= ${from} AND created_at < ${to} GROUP BY 1`.execute(db),
    ]);
    const slots = new Map<number, ActivityByTime>();
    const at = (slot: number) => {
      let entry = slots.get(slot);
      if (!entry) slots.set(slot, (entry = { slot, videosSubmitted: 0, requests: 0 }));
      return entry;
    };
    for (const r of jobs.rows) at(Number(r.slot)).videosSubmitted = count(r.n);
    for (const r of requests.rows) at(Number(r.slot)).requests = count(r.n);
    return [...slots.values()];
  };
  const [hours, weekdays] = await Promise.all([byField('hour'), byField('isodow')]);
  return { hours, weekdays };
}

/** How many jobs created in [from, to) asked for each summary mode. */
export async function modePopularity(db: Db, userId: string, from: Date, to: Date): Promise<Array<{ mode: string; jobs: number }>> {
  const { rows } = await sql<{ mode: string; n: number }>`
    SELECT m.mode, count(*) AS n
    FROM jobs, jsonb_array_elements_text(COALESCE(jobs.request -> 'summaryModes', '[]'::jsonb)) AS m(mode)
    WHERE jobs.user_id = ${userId} AND jobs.created_at >= ${from} AND jobs.created_at < ${to}
    GROUP BY m.mode
    ORDER BY n DESC, m.mode`.execute(db);
  return rows.map((r) => ({ mode: r.mode, jobs: count(r.n) }));
}

/** Jobs that ended in [from, to): outcome counts, average processing time and failure codes. */
export async function outcomeFigures(db: Db, userId: string, from: Date, to: Date) {
  const [totals, codes] = await Promise.all([
    sql<{ completed: number; failed: number; avg_pt: number | null }>`
      SELECT count(*) FILTER (WHERE status = 'completed') AS completed,
             count(*) FILTER (WHERE status = 'failed') AS failed,
             avg(processing_time) FILTER (WHERE status = 'completed') AS avg_pt
      FROM jobs WHERE user_id = ${userId} AND completed_at >= ${from} AND completed_at < ${to}`.execute(db),
    sql<{ code: string | null; n: number }>`
      SELECT error_code AS code, count(*) AS n FROM jobs
      WHERE user_id = ${userId} AND status = 'failed' AND completed_at >= ${from} AND completed_at < ${to}
      GROUP BY error_code ORDER BY n DESC, error_code`.execute(db),
  ]);
  const row = totals.rows[0];
  return {
    completed: count(row?.completed),
    failed: count(row?.failed),
    averageProcessingTime: maybeNumber(row?.avg_pt),
    failureCodes: codes.rows.map((r) => ({ code: r.code ?? 'UNKNOWN', jobs: count(r.n) })),
  };
}

/**
 * Videos submitted more than once in [from, to): how many extra jobs repeated the same mode set,
 * and how many split one video's modes over several jobs.
 */
export async function repeatedVideos(db: Db, userId: string, from: Date, to: Date) {
  const { rows } = await sql<{ videos: number; extra_jobs: number; split_videos: number; split_extra_jobs: number }>`
    WITH per_video AS (
      SELECT video_id, count(*) AS jobs, count(DISTINCT request -> 'summaryModes') AS mode_sets
      FROM jobs
      WHERE user_id = ${userId} AND created_at >= ${from} AND created_at < ${to}
      GROUP BY video_id
      HAVING count(*) > 1
    )
    SELECT count(*) AS videos,
           COALESCE(sum(jobs - mode_sets), 0) AS extra_jobs,
           count(*) FILTER (WHERE mode_sets > 1) AS split_videos,
           COALESCE(sum(mode_sets - 1) FILTER (WHERE mode_sets > 1), 0) AS split_extra_jobs
    FROM per_video`.execute(db);
  const row = rows[0];
  return {
    /** Videos with more than one job. */
    videos: count(row?.videos),
    /** Jobs that repeated a mode set already asked for the same video. */
    repeatedJobs: count(row?.extra_jobs),
    /** Videos whose modes were asked in several jobs with different mode sets. */
    splitVideos: count(row?.split_videos),
    /** Jobs that one request with all the modes would have saved. */
    splitExtraJobs: count(row?.split_extra_jobs),
  };
}

/** Days in [from, to) on which the user submitted at least one video. */
export async function activeDays(db: Db, userId: string, from: Date, to: Date): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    SELECT count(DISTINCT (created_at AT TIME ZONE 'UTC')::date) AS n FROM jobs
    WHERE user_id = ${userId} AND created_at >= ${from} AND created_at < ${to}`.execute(db);
  return count(rows[0]?.n);
}

export interface ModelTokenFigures {
  model: string;
  /** Summary entries the model wrote. */
  summaries: number;
  inputTokens: number;
  outputTokens: number;
}

/**
 * By model, for the user's jobs in the range: the summary entries a language model wrote, and
 * the tokens of every call made to it (the ledger, model_usage: each call once, when it was made;
 * calls served from the model call cache are not in it). A model with calls but no entry (every
 * mode fell back to the built-in engine) is listed with 0 summaries.
 */
export async function modelTokenFigures(db: Db, userId: string, from: Date, to: Date): Promise<ModelTokenFigures[]> {
  const [written, used] = await Promise.all([
    db
      .selectFrom('job_summaries')
      .innerJoin('jobs', 'jobs.id', 'job_summaries.job_id')
      .select((eb) => ['job_summaries.model', eb.fn.countAll<string>().as('summaries')])
      .where('jobs.user_id', '=', userId)
      .where('job_summaries.engine', '=', 'llm')
      .where('job_summaries.created_at', '>=', from)
      .where('job_summaries.created_at', '<', to)
      .groupBy('job_summaries.model')
      .execute(),
    db
      .selectFrom('model_usage')
      .select((eb) => ['model', eb.fn.sum<string>('input_tokens').as('input_tokens'), eb.fn.sum<string>('output_tokens').as('output_tokens')])
      .where('user_id', '=', userId)
      .where('created_at', '>=', from)
      .where('created_at', '<', to)
      .groupBy('model')
      .execute(),
  ]);
  const byModel = new Map<string, ModelTokenFigures>();
  const figuresOf = (model: string) => {
    let figures = byModel.get(model);
    if (!figures) byModel.set(model, (figures = { model, summaries: 0, inputTokens: 0, outputTokens: 0 }));
    return figures;
  };
  for (const row of written) figuresOf(row.model ?? '').summaries = count(row.summaries);
  for (const row of used) {
    const figures = figuresOf(row.model);
    figures.inputTokens = count(row.input_tokens);
    figures.outputTokens = count(row.output_tokens);
  }
  return [...byModel.values()].sort((a, b) => (a.model < b.model ? -1 : a.model > b.model ? 1 : 0));
}
