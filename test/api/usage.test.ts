/**
 * Usage recording and the usage endpoints (docs/api-behaviour.md#usage-reports): requests are
 * recorded with their route template; each endpoint's figures after a known sequence of requests
 * and jobs; history validation; quota warnings; isolation between users; the OpenAPI document. Real
 * API, Postgres, Redis and Temporal (no worker: jobs either stay queued or are written directly).
 */
import { sql } from 'kysely';
import { quotaPeriod } from '../../src/domain/plans';
import { call, startTestService, type TestService } from '../support/test-service';
import { waitFor } from '../support/processes';
import { insertJobRow } from '../support/job-rows';
import { createUsageRecorder, type ApiRequestRow } from '../../src/usage/recorder';
import { insertApiRequests } from '../../src/storage/repositories/api-requests';

let service: TestService;
const DAY = 86_400_000;
const QUOTA = 5;

beforeAll(async () => {
  service = await startTestService({
    withWorker: false,
    env: {
      PLAN_LIMITS: JSON.stringify({
        free: { videos_per_month: QUOTA, requests_per_minute: 1_000_000 },
        pro: { requests_per_minute: 1_000_000 },
        admin: { requests_per_minute: 1_000_000 },
      }),
    },
  });
});

afterAll(async () => {
  await service?.stop();
});

const VIDEO = 'dQw4w9WgXcQ';

async function keyIdOf(userId: string): Promise<string> {
  const row = await service.db.selectFrom('api_keys').select('id').where('user_id', '=', userId).executeTakeFirstOrThrow();
  return row.id;
}

async function requestRows(userId: string) {
  return service.db.selectFrom('api_requests').selectAll().where('user_id', '=', userId).orderBy('created_at').execute();
}

/** The requests recorded for a user, one entry per request: a row counts request_count of them. */
async function recordedRequests(userId: string) {
  const rows = await requestRows(userId);
  return rows.flatMap((row) => Array.from({ length: row.request_count }, () => row));
}

interface JobSeed {
  videoId?: string;
  modes?: string[];
  status: 'queued' | 'processing' | 'completed' | 'failed';
  createdAt: Date;
  completedAt?: Date;
  processingTime?: number;
  errorCode?: string;
}

async function insertJob(userId: string, seed: JobSeed): Promise<string> {
  const terminal = seed.status === 'completed' || seed.status === 'failed';
  const completedAt = terminal ? (seed.completedAt ?? seed.createdAt) : null;
  const job = await insertJobRow(service.db, userId, {
    videoId: seed.videoId ?? VIDEO,
    summaryModes: seed.modes ?? ['tldr'],
    row: {
      status: seed.status,
      current_step: seed.status === 'completed' ? 'completed' : seed.status === 'failed' ? 'failed' : 'queued',
      progress_percentage: seed.status === 'completed' ? 100 : 0,
      error_code: (seed.status === 'failed' ? (seed.errorCode ?? 'VIDEO_UNAVAILABLE') : null) as never,
      error_message: seed.status === 'failed' ? 'failed' : null,
      processing_time: seed.status === 'completed' ? (seed.processingTime ?? 1) : null,
      created_at: seed.createdAt,
      started_at: seed.createdAt,
      updated_at: completedAt ?? seed.createdAt,
      completed_at: completedAt,
    },
  });
  return job.id;
}

async function insertRequests(userId: string, rows: Array<{ method?: string; endpoint: string; status: number; at: Date; durationMs?: number; count?: number }>) {
  const values = rows.map((r) => ({
    user_id: userId,
    key_id: null,
    method: r.method ?? 'GET',
    endpoint: r.endpoint,
    status_code: r.status,
    duration_ms: r.durationMs ?? 10,
    created_at: r.at,
    request_count: r.count ?? 1,
  }));
  await service.db.insertInto('api_requests').values(values).execute();
}

const submit = (key: string) => call(service, 'POST', '/api/v1/videos/process', { key, body: { url: VIDEO } });

describe('request recording', () => {
  it('records authenticated requests with the route template, status, key and duration, in the background', async () => {
    const user = await service.createUser('pro');
    const keyId = await keyIdOf(user.userId);
    const unknownJob = 'job_AAAAAAAAAAAAAAAAAAAAAA';
    expect((await call(service, 'GET', `/api/v1/videos/status/${unknownJob}`, { key: user.key })).status).toBe(404);
    expect((await call(service, 'GET', '/api/v1/videos/?limit=5', { key: user.key })).status).toBe(200);
    expect((await call(service, 'GET', '/api/v1/videos', { key: user.key })).status).toBe(200); // alias
    expect((await call(service, 'POST', '/api/v1/videos/process', { key: user.key, body: { url: 'https://vimeo.com/1' } })).status).toBe(422);
    // Neither an anonymous request, a bad key nor an unknown route belongs to anyone.
    await call(service, 'GET', '/api/v1/videos/');
    await call(service, 'GET', '/api/v1/videos/', { key: `sk_${'0'.repeat(64)}` });
    await call(service, 'GET', '/api/v1/nope', { key: user.key });

    // No usage endpoint is called: the batch writer's timer writes them on its own.
    const rows = await waitFor('recorded requests', async () => {
      const found = await recordedRequests(user.userId);
      return found.length >= 4 ? found : null;
    }, 5_000);
    // Requests of the same second share a row, so the order within a second is not kept.
    expect(rows.map((r) => [r.method, r.endpoint, r.status_code]).sort()).toEqual(
      [
        ['GET', '/api/v1/videos/status/:job_id', 404],
        ['GET', '/api/v1/videos/', 200],
        ['GET', '/api/v1/videos/', 200],
        ['POST', '/api/v1/videos/process', 422],
      ].sort(),
    );
    for (const row of rows) {
      expect(row.key_id).toBe(keyId);
      expect(row.duration_ms).toBeGreaterThanOrEqual(0);
      expect(row.duration_ms).toBeLessThan(10_000);
      expect(Math.abs(row.created_at.getTime() - Date.now())).toBeLessThan(60_000);
    }
    const all = await service.db.selectFrom('api_requests').select('endpoint').execute();
    expect(all.some((r) => r.endpoint.includes(unknownJob) || r.endpoint.includes('?'))).toBe(false);
  });

  it('records requests refused for their permission, under the caller', async () => {
    const readOnly = await service.createUser('pro', ['read']);
    expect((await submit(readOnly.key)).status).toBe(403);
    const rows = await waitFor('recorded 403', async () => {
      const found = await recordedRequests(readOnly.userId);
      return found.length >= 1 ? found : null;
    }, 5_000);
    expect(rows.map((r) => [r.method, r.endpoint, r.status_code])).toEqual([['POST', '/api/v1/videos/process', 403]]);
  });

  it('counts the requests of one key, route and status in one second in one row, which the reports weigh by its count', async () => {
    const user = await service.createUser('pro');
    const keyId = await keyIdOf(user.userId);
    const { start } = quotaPeriod(new Date());
    // A whole second about a minute ago (this month's), and the one after it.
    const second = Math.ceil(Math.max(start.getTime(), Date.now() - 60_000) / 1000) * 1000;
    const request = (at: number, statusCode: number, durationMs: number, endpoint = '/api/v1/videos/status/:job_id'): ApiRequestRow => ({
      userId: user.userId,
      keyId,
      method: 'GET',
      endpoint,
      statusCode,
      durationMs,
      at,
    });
    await insertApiRequests(service.db, [
      ...Array.from({ length: 1000 }, (_, i) => request(second + i, 200, i + 1)), // 1..1000 ms: a mean of 500.5
      ...Array.from({ length: 3 }, (_, i) => request(second + 10 * i, 429, 2)),
      request(second + 5, 404, 3, '/api/v1/videos/result/:job_id'),
      ...Array.from({ length: 2 }, (_, i) => request(second + 1000 + i, 200, 7)),
    ]);

    const rows = await requestRows(user.userId);
    const summary = rows
      .map((r) => ({ at: r.created_at.getTime() - second, endpoint: r.endpoint, status: r.status_code, requests: r.request_count, ms: r.duration_ms, key: r.key_id }))
      .sort((a, b) => a.at - b.at || a.status - b.status);
    expect(summary).toEqual([
      { at: 0, endpoint: '/api/v1/videos/status/:job_id', status: 200, requests: 1000, ms: 500.5, key: keyId },
      { at: 0, endpoint: '/api/v1/videos/result/:job_id', status: 404, requests: 1, ms: 3, key: keyId },
      { at: 0, endpoint: '/api/v1/videos/status/:job_id', status: 429, requests: 3, ms: 2, key: keyId },
      { at: 1000, endpoint: '/api/v1/videos/status/:job_id', status: 200, requests: 2, ms: 7, key: keyId },
    ]);

    const res = await call(service, 'GET', '/api/v1/usage/current', { key: user.key });
    expect(res.status).toBe(200);
    expect(res.json.current_period.requests).toBe(1006);
    const byEndpoint = new Map(res.json.endpoint_breakdown.map((e: { endpoint: string }) => [e.endpoint, e]));
    expect(byEndpoint.get('/api/v1/videos/status/:job_id')).toEqual({
      method: 'GET',
      endpoint: '/api/v1/videos/status/:job_id',
      requests: 1005,
      errors: 3,
      error_rate_percent: 0.3,
      // (1000 × 500.5 + 3 × 2 + 2 × 7) / 1005 ms
      average_duration_seconds: 0.498,
    });
    expect(byEndpoint.get('/api/v1/videos/result/:job_id')).toMatchObject({ requests: 1, errors: 1 });
  });

  it('needs a key with the read permission on every usage route', async () => {
    const processOnly = await service.createUser('pro', ['process']);
    for (const path of ['/api/v1/usage/current', '/api/v1/usage/history', '/api/v1/usage/analytics', '/api/v1/usage/limits']) {
      expect((await call(service, 'GET', path)).json.error.code).toBe('AUTHENTICATION_REQUIRED');
      const res = await call(service, 'GET', path, { key: processOnly.key });
      expect(res.status).toBe(403);
      expect(res.json.error).toMatchObject({ code: 'INSUFFICIENT_PERMISSIONS', details: { required: 'read' } });
    }
  });
});

describe('GET /api/v1/usage/current', () => {
  it('reports the period, quota, jobs, requests, throttle, breakdown and projection', async () => {
    const user = await service.createUser('free');
    const keyId = await keyIdOf(user.userId);
    const now = new Date();
    const { start, resetAt } = quotaPeriod(now);

    // 2 accepted videos (quota counter 2, two queued jobs) and one refused request.
    expect((await submit(user.key)).status).toBe(202);
    expect((await submit(user.key)).status).toBe(202);
    expect((await call(service, 'POST', '/api/v1/videos/process', { key: user.key, body: { url: 'https://vimeo.com/1' } })).status).toBe(422);
    // Jobs written directly: one completed and one failed this month, one last month (not counted).
    await insertJob(user.userId, { status: 'completed', createdAt: new Date(Math.max(start.getTime(), now.getTime() - 60_000)) });
    await insertJob(user.userId, { status: 'failed', createdAt: new Date(Math.max(start.getTime(), now.getTime() - 60_000)) });
    await insertJob(user.userId, { status: 'completed', createdAt: new Date(start.getTime() - DAY) });
    // A request last month is not this period's.
    await insertRequests(user.userId, [{ endpoint: '/api/v1/videos/', status: 200, at: new Date(start.getTime() - 1000) }]);

    const res = await call(service, 'GET', '/api/v1/usage/current', { key: user.key });
    expect(res.status).toBe(200);
    expect(Object.keys(res.json).sort()).toEqual(['cost_projection', 'current_period', 'endpoint_breakdown', 'rate_limits', 'success']);
    expect(res.json.current_period).toEqual({
      plan: 'free',
      start: start.toISOString(),
      end: new Date(resetAt.getTime() - 1).toISOString(),
      reset_at: resetAt.toISOString(),
      videos_used: 2,
      videos_limit: QUOTA,
      videos_remaining: 3,
      percent_used: 40,
      jobs: { queued: 2, processing: 0, completed: 1, failed: 1, total: 4 },
      requests: 3,
      // Only the built-in engine here: no model tokens, nothing to price.
      model_usage: { input_tokens: 0, output_tokens: 0, estimated_cost_usd: 0, unpriced_models: [], by_model: [] },
    });
    expect(res.json.rate_limits).toMatchObject({
      requests_per_minute: 1_000_000,
      remaining: 1_000_000 - 4, // three submissions and this request
      window_seconds: 60,
      per: 'key',
      key_id: keyId,
      videos_per_month: { limit: QUOTA, used: 2, remaining: 3, percent_used: 40, reset_at: resetAt.toISOString(), per: 'account' },
    });
    expect(res.json.rate_limits.reset_seconds).toBeGreaterThanOrEqual(1);
    expect(res.json.rate_limits.reset_seconds).toBeLessThanOrEqual(60);
    expect(res.json.endpoint_breakdown).toHaveLength(1);
    expect(res.json.endpoint_breakdown[0]).toMatchObject({ method: 'POST', endpoint: '/api/v1/videos/process', requests: 3, errors: 1, error_rate_percent: 33.33 });
    expect(res.json.endpoint_breakdown[0].average_duration_seconds).toBeGreaterThan(0);

    const daysInPeriod = Math.round((resetAt.getTime() - start.getTime()) / DAY);
    const daysElapsed = now.getUTCDate();
    const projected = Math.round((2 / daysElapsed) * daysInPeriod);
    expect(res.json.cost_projection).toEqual({
      days_elapsed: daysElapsed,
      days_in_period: daysInPeriod,
      daily_average_videos: Math.round((2 / daysElapsed) * 100) / 100,
      projected_videos: projected,
      videos_limit: QUOTA,
      projected_percent_of_quota: Math.round((projected / QUOTA) * 100 * 100) / 100,
      on_track_to_exceed: projected > QUOTA,
    });

    // The usage request itself is counted from then on.
    const again = await call(service, 'GET', '/api/v1/usage/current', { key: user.key });
    expect(again.json.current_period.requests).toBe(4);
    expect(again.json.endpoint_breakdown).toEqual(
      expect.arrayContaining([expect.objectContaining({ method: 'GET', endpoint: '/api/v1/usage/current', requests: 1, errors: 0 })]),
    );
  });

  it('reports no cap as null on the admin plan', async () => {
    const admin = await service.createUser('admin');
    const res = await call(service, 'GET', '/api/v1/usage/current', { key: admin.key });
    expect(res.json.current_period).toMatchObject({ videos_limit: null, videos_remaining: null, percent_used: null });
    expect(res.json.cost_projection).toMatchObject({ projected_percent_of_quota: null, on_track_to_exceed: false });
  });
});

describe('GET /api/v1/usage/history', () => {
  let user: { key: string; userId: string };

  beforeAll(async () => {
    user = await service.createUser('pro');
    const at = (iso: string) => new Date(iso);
    // Week of Mon 2025-02-24 (only 03-01 and 03-02 are in range), of 03-03 and of 03-10.
    await insertJob(user.userId, { status: 'completed', createdAt: at('2025-02-27T10:00:00Z'), completedAt: at('2025-02-27T10:01:00Z'), processingTime: 99 }); // out of range
    await insertJob(user.userId, { status: 'completed', createdAt: at('2025-03-01T10:00:00Z'), completedAt: at('2025-03-01T10:00:30Z'), processingTime: 30 });
    await insertJob(user.userId, { status: 'completed', createdAt: at('2025-03-03T08:00:00Z'), completedAt: at('2025-03-03T08:00:10Z'), processingTime: 10 });
    await insertJob(user.userId, { status: 'completed', createdAt: at('2025-03-03T09:00:00Z'), completedAt: at('2025-03-03T09:00:20Z'), processingTime: 20 });
    await insertJob(user.userId, { status: 'failed', createdAt: at('2025-03-09T23:59:00Z'), completedAt: at('2025-03-10T00:01:00Z') }); // created week 2, failed week 3
    await insertJob(user.userId, { status: 'queued', createdAt: at('2025-03-16T12:00:00Z') });
    await insertRequests(user.userId, [
      { endpoint: '/api/v1/videos/process', method: 'POST', status: 202, at: at('2025-03-02T10:00:00Z'), count: 2 },
      { endpoint: '/api/v1/videos/status/:job_id', status: 200, at: at('2025-03-04T10:00:00Z'), count: 5 },
      { endpoint: '/api/v1/videos/status/:job_id', status: 200, at: at('2025-03-16T23:59:59Z'), count: 1 },
      { endpoint: '/api/v1/videos/status/:job_id', status: 200, at: at('2025-03-17T00:00:00Z'), count: 1 }, // out of range
    ]);
  });

  it('buckets by ISO week, clipped to the range, with totals and the query echoed', async () => {
    const res = await call(service, 'GET', '/api/v1/usage/history?start_date=2025-03-01&end_date=2025-03-16&granularity=week&limit=10', { key: user.key });
    expect(res.status).toBe(200);
    expect(Object.keys(res.json).sort()).toEqual(['periods', 'query_info', 'success', 'summary']);
    expect(res.json.periods).toEqual([
      { period_start: '2025-03-01T00:00:00.000Z', period_end: '2025-03-03T00:00:00.000Z', videos_submitted: 1, jobs_completed: 1, jobs_failed: 0, requests: 2, average_processing_time: 30 },
      { period_start: '2025-03-03T00:00:00.000Z', period_end: '2025-03-10T00:00:00.000Z', videos_submitted: 3, jobs_completed: 2, jobs_failed: 0, requests: 5, average_processing_time: 15 },
      { period_start: '2025-03-10T00:00:00.000Z', period_end: '2025-03-17T00:00:00.000Z', videos_submitted: 1, jobs_completed: 0, jobs_failed: 1, requests: 1, average_processing_time: null },
    ]);
    expect(res.json.summary).toEqual({
      periods: 3,
      from: '2025-03-01T00:00:00.000Z',
      to: '2025-03-17T00:00:00.000Z',
      total_videos_submitted: 5,
      total_jobs_completed: 3,
      total_jobs_failed: 1,
      total_requests: 8,
      success_rate_percent: 75,
      average_processing_time: 20,
      average_videos_per_period: 1.67,
      busiest_period_start: '2025-03-03T00:00:00.000Z',
    });
    expect(res.json.query_info).toEqual({ start_date: '2025-03-01', end_date: '2025-03-16', granularity: 'week', limit: 10, total_periods: 3, truncated: false });
  });

  it('returns the most recent `limit` days when the range holds more', async () => {
    const res = await call(service, 'GET', '/api/v1/usage/history?start_date=2025-03-01&end_date=2025-03-16&limit=3', { key: user.key });
    expect(res.json.periods.map((p: any) => [p.period_start.slice(0, 10), p.videos_submitted, p.requests])).toEqual([
      ['2025-03-14', 0, 0],
      ['2025-03-15', 0, 0],
      ['2025-03-16', 1, 1],
    ]);
    expect(res.json.query_info).toEqual({ start_date: '2025-03-01', end_date: '2025-03-16', granularity: 'day', limit: 3, total_periods: 16, truncated: true });
    expect(res.json.summary).toMatchObject({ periods: 3, total_videos_submitted: 1, total_requests: 1 });
  });

  it('buckets by month', async () => {
    const res = await call(service, 'GET', '/api/v1/usage/history?start_date=2025-01-15&end_date=2025-03-16&granularity=month', { key: user.key });
    expect(res.json.periods.map((p: any) => [p.period_start, p.period_end, p.videos_submitted, p.jobs_completed, p.jobs_failed, p.requests])).toEqual([
      ['2025-01-15T00:00:00.000Z', '2025-02-01T00:00:00.000Z', 0, 0, 0, 0],
      ['2025-02-01T00:00:00.000Z', '2025-03-01T00:00:00.000Z', 1, 1, 0, 0],
      ['2025-03-01T00:00:00.000Z', '2025-03-17T00:00:00.000Z', 5, 3, 1, 8],
    ]);
    expect(res.json.query_info).toMatchObject({ granularity: 'month', limit: 30, total_periods: 3, truncated: false });
  });

  it('defaults to the last 30 days by day', async () => {
    const res = await call(service, 'GET', '/api/v1/usage/history', { key: user.key });
    expect(res.status).toBe(200);
    const today = new Date().toISOString().slice(0, 10);
    const start = new Date(Date.parse(today) - 29 * DAY).toISOString().slice(0, 10);
    expect(res.json.query_info).toEqual({ start_date: start, end_date: today, granularity: 'day', limit: 30, total_periods: 30, truncated: false });
    expect(res.json.periods).toHaveLength(30);
    expect(res.json.periods[29].period_start).toBe(`${today}T00:00:00.000Z`);
  });

  it.each([
    ['start_date=2025-02-30', 'start_date'],
    ['end_date=2025-13-01', 'end_date'],
    ['start_date=2025-3-1', 'start_date'],
    ['start_date=yesterday', 'start_date'],
    ['start_date=2025-03-10&end_date=2025-03-09', 'start_date'],
    ['granularity=year', 'granularity'],
    ['limit=0', 'limit'],
    ['limit=367', 'limit'],
    ['limit=ten', 'limit'],
    ['limit=1&limit=2', 'limit'],
  ])('refuses %s with VALIDATION_ERROR', async (query, path) => {
    const res = await call(service, 'GET', `/api/v1/usage/history?${query}`, { key: user.key });
    expect(res.status).toBe(422);
    expect(res.json.success).toBe(false);
    expect(res.json.error.code).toBe('VALIDATION_ERROR');
    expect(res.json.error.details.issues).toEqual(expect.arrayContaining([expect.objectContaining({ path })]));
  });

  it.each([
    ['start_date=0001-01-01&end_date=0001-12-31&granularity=month', 12],
    ['start_date=9999-12-01&end_date=9999-12-31&granularity=week', 5],
    ['start_date=1900-01-01&end_date=2100-12-31&limit=366', 366],
    ['start_date=0099-12-30&end_date=0100-01-02', 4],
    ['start_date=0050-01-01&end_date=0050-01-03', 3],
  ])('answers the edges of the calendar: %s', async (query, periods) => {
    const res = await call(service, 'GET', `/api/v1/usage/history?${query}`, { key: user.key });
    expect(res.status).toBe(200);
    expect(res.json.periods).toHaveLength(periods);
    // Each period within the dates asked, in order: years 0..99 are not taken for 1900..1999.
    const from = `${new URLSearchParams(query).get('start_date')}T00:00:00.000Z`;
    expect(res.json.periods[0].period_start >= from || res.json.query_info.truncated).toBe(true);
    for (const period of res.json.periods) expect(Date.parse(period.period_start)).toBeLessThan(Date.parse(period.period_end));
  });

  it('counts the periods of a range in the first centuries right', async () => {
    const res = await call(service, 'GET', '/api/v1/usage/history?start_date=0001-01-01&end_date=0001-03-31&granularity=month', { key: user.key });
    expect(res.json.periods.map((p: any) => p.period_start)).toEqual(['0001-01-01T00:00:00.000Z', '0001-02-01T00:00:00.000Z', '0001-03-01T00:00:00.000Z']);
    const days = await call(service, 'GET', '/api/v1/usage/history?start_date=0050-01-01&end_date=0050-12-31', { key: user.key });
    expect(days.json.query_info).toMatchObject({ total_periods: 365, truncated: true });
  });

  it('accepts 2024-02-29, a one-day range and limit 366', async () => {
    const res = await call(service, 'GET', '/api/v1/usage/history?start_date=2024-02-29&end_date=2024-02-29&limit=366', { key: user.key });
    expect(res.status).toBe(200);
    expect(res.json.periods).toHaveLength(1);
    expect(res.json.query_info).toMatchObject({ start_date: '2024-02-29', end_date: '2024-02-29', limit: 366 });
  });
});

describe('GET /api/v1/usage/analytics', () => {
  it('reports trends, patterns, predictions, suggestions and top endpoints', async () => {
    const user = await service.createUser('pro');
    const now = new Date();
    const dayStart = (daysAgo: number) => Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - daysAgo * DAY;
    const at = (daysAgo: number, hour: number) => new Date(dayStart(daysAgo) + hour * 3_600_000);
    const seeds: Array<[number, number, JobSeed]> = [
      [1, 14, { videoId: 'aaaaaaaaaaa', modes: ['tldr'], status: 'completed', createdAt: at(1, 14), processingTime: 10 }],
      [2, 14, { videoId: 'aaaaaaaaaaa', modes: ['detailed'], status: 'completed', createdAt: at(2, 14), processingTime: 20 }],
      [3, 14, { videoId: 'aaaaaaaaaaa', modes: ['tldr'], status: 'completed', createdAt: at(3, 14), processingTime: 30 }],
      [4, 9, { videoId: 'bbbbbbbbbbb', modes: ['tldr', 'key_insights'], status: 'failed', createdAt: at(4, 9), errorCode: 'VIDEO_UNAVAILABLE' }],
      [5, 9, { videoId: 'ccccccccccc', modes: ['tldr'], status: 'failed', createdAt: at(5, 9), errorCode: 'VIDEO_UNAVAILABLE' }],
      [6, 20, { videoId: 'ddddddddddd', modes: ['tldr'], status: 'completed', createdAt: at(6, 20), processingTime: 40 }],
      [10, 14, { videoId: 'eeeeeeeeeee', modes: ['tldr'], status: 'completed', createdAt: at(10, 14), processingTime: 50 }],
    ];
    for (const [, , seed] of seeds) await insertJob(user.userId, seed);
    await insertRequests(user.userId, [
      { endpoint: '/api/v1/videos/result/:job_id', status: 409, at: at(2, 14), count: 12, durationMs: 4 },
      { endpoint: '/api/v1/videos/result/:job_id', status: 200, at: at(2, 14), count: 3, durationMs: 8 },
      { endpoint: '/api/v1/videos/', status: 200, at: at(12, 14), count: 2 },
    ]);

    const res = await call(service, 'GET', '/api/v1/usage/analytics', { key: user.key });
    expect(res.status).toBe(200);
    expect(Object.keys(res.json).sort()).toEqual(['optimization_suggestions', 'patterns', 'predictions', 'success', 'top_endpoints', 'trends']);

    const { week_over_week: week, month_over_month: month } = res.json.trends;
    expect(week.window_days).toBe(7);
    expect(week.videos_submitted).toEqual({ current: 6, previous: 1, change_percent: 500, direction: 'up' });
    expect(week.jobs_completed).toEqual({ current: 4, previous: 1, change_percent: 300, direction: 'up' });
    expect(week.jobs_failed).toEqual({ current: 2, previous: 0, change_percent: null, direction: 'up' });
    expect(week.requests).toEqual({ current: 15, previous: 2, change_percent: 650, direction: 'up' });
    expect(month.window_days).toBe(30);
    expect(month.videos_submitted).toEqual({ current: 7, previous: 0, change_percent: null, direction: 'up' });

    const { patterns } = res.json;
    expect(patterns.window_days).toBe(30);
    expect(patterns.busiest_hours).toEqual([
      { hour: 14, videos_submitted: 4, requests: 17 },
      { hour: 9, videos_submitted: 2, requests: 0 },
      { hour: 20, videos_submitted: 1, requests: 0 },
    ]);
    // Weekdays: count the seeds' ISO weekdays the same way.
    const names = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
    const expectedDays = new Map<number, { videos: number; requests: number }>();
    const bump = (date: Date, videos: number, requests: number) => {
      const iso = ((date.getUTCDay() + 6) % 7) + 1;
      const entry = expectedDays.get(iso) ?? { videos: 0, requests: 0 };
      entry.videos += videos;
      entry.requests += requests;
      expectedDays.set(iso, entry);
    };
    for (const [, , seed] of seeds) bump(seed.createdAt, 1, 0);
    bump(at(2, 14), 0, 15);
    bump(at(12, 14), 0, 2);
    const weekdaySum = patterns.busiest_weekdays.reduce((sum: number, d: any) => sum + d.videos_submitted, 0);
    expect(weekdaySum).toBe(7);
    for (const day of patterns.busiest_weekdays) {
      expect(day.weekday).toBe(names[day.iso_weekday - 1]);
      expect({ videos: day.videos_submitted, requests: day.requests }).toEqual(expectedDays.get(day.iso_weekday));
    }
    expect(patterns.mode_popularity).toEqual([
      { mode: 'tldr', jobs: 6, percent_of_jobs: 85.71 },
      { mode: 'detailed', jobs: 1, percent_of_jobs: 14.29 },
      { mode: 'key_insights', jobs: 1, percent_of_jobs: 14.29 },
    ]);
    expect(patterns.success_rate).toEqual({
      completed: 5,
      failed: 2,
      success_rate_percent: 71.43,
      average_processing_time: 30,
      failure_reasons: [{ code: 'VIDEO_UNAVAILABLE', jobs: 2 }],
    });

    const { predictions } = res.json;
    const nextStart = quotaPeriod(now).resetAt;
    const nextEnd = new Date(Date.UTC(nextStart.getUTCFullYear(), nextStart.getUTCMonth() + 1, 1));
    expect(predictions).toMatchObject({
      basis_days: 30,
      daily_average_videos: 0.23,
      active_days: 7,
      confidence: 'medium',
      next_period: {
        period_start: nextStart.toISOString(),
        period_end: nextEnd.toISOString(),
        projected_videos: Math.round((7 / 30) * Math.round((nextEnd.getTime() - nextStart.getTime()) / DAY)),
        videos_limit: 2000,
        would_exceed_quota: false,
      },
    });
    expect(predictions.current_period).toMatchObject({ videos_used: 0, projected_videos: 0, videos_limit: 2000, on_track_to_exceed: false });

    const codes = res.json.optimization_suggestions.map((s: any) => s.code);
    expect(codes).toEqual(expect.arrayContaining(['COMBINE_SUMMARY_MODES', 'REUSE_RESULTS', 'HIGH_JOB_FAILURE_RATE', 'HIGH_ENDPOINT_ERROR_RATE']));
    for (const s of res.json.optimization_suggestions) {
      expect(typeof s.suggestion).toBe('string');
      expect(typeof s.reason).toBe('string');
    }
    const endpoint = res.json.optimization_suggestions.find((s: any) => s.code === 'HIGH_ENDPOINT_ERROR_RATE');
    expect(endpoint.reason).toContain('GET /api/v1/videos/result/:job_id');
    expect(endpoint.reason).toContain('12 of 15');
    expect(res.json.optimization_suggestions.find((s: any) => s.code === 'HIGH_JOB_FAILURE_RATE').reason).toContain('VIDEO_UNAVAILABLE');

    expect(res.json.top_endpoints).toEqual([
      { method: 'GET', endpoint: '/api/v1/videos/result/:job_id', requests: 15, errors: 12, error_rate_percent: 80, average_duration_seconds: 0.0048 },
      { method: 'GET', endpoint: '/api/v1/videos/', requests: 2, errors: 0, error_rate_percent: 0, average_duration_seconds: 0.01 },
    ]);
  });

  it('has nothing to say about a new account', async () => {
    const user = await service.createUser('free');
    const res = await call(service, 'GET', '/api/v1/usage/analytics', { key: user.key });
    expect(res.status).toBe(200);
    expect(res.json.optimization_suggestions).toEqual([]);
    expect(res.json.top_endpoints).toEqual([]);
    expect(res.json.patterns).toMatchObject({ busiest_hours: [], busiest_weekdays: [], mode_popularity: [] });
    expect(res.json.patterns.success_rate).toMatchObject({ completed: 0, failed: 0, success_rate_percent: null });
    expect(res.json.trends.week_over_week.videos_submitted).toEqual({ current: 0, previous: 0, change_percent: null, direction: 'flat' });
  });
});

describe('GET /api/v1/usage/limits', () => {
  it('warns at 80% and 100% of the monthly quota and recommends an upgrade on the free plan', async () => {
    const user = await service.createUser('free');
    const resetAt = quotaPeriod().resetAt.toISOString();
    const limits = async () => {
      const res = await call(service, 'GET', '/api/v1/usage/limits', { key: user.key });
      expect(res.status).toBe(200);
      expect(Object.keys(res.json).sort()).toEqual(['rate_limits', 'recommendations', 'success', 'warnings']);
      return res.json;
    };

    for (let i = 0; i < 3; i++) expect((await submit(user.key)).status).toBe(202);
    let body = await limits();
    expect(body.warnings).toEqual([]);
    expect(body.rate_limits).toMatchObject({ requests_per_minute: 1_000_000, per: 'key', videos_per_month: { limit: QUOTA, used: 3, remaining: 2, percent_used: 60 } });
    // At 60% an upgrade is recommended only if this month's pace would exceed the quota.
    const projection = (await call(service, 'GET', '/api/v1/usage/current', { key: user.key })).json.cost_projection;
    expect(body.recommendations.some((r: any) => r.code === 'UPGRADE_PLAN')).toBe(projection.on_track_to_exceed);

    expect((await submit(user.key)).status).toBe(202);
    body = await limits();
    expect(body.warnings).toEqual([
      { level: 'warning', code: 'QUOTA_80', message: expect.any(String), threshold: 80, percent_used: 80, videos_used: 4, videos_limit: QUOTA, reset_at: resetAt },
    ]);
    expect(body.recommendations).toEqual(
      expect.arrayContaining([expect.objectContaining({ code: 'UPGRADE_PLAN', suggested_plan: 'pro', message: expect.any(String), reason: expect.stringContaining('80%') })]),
    );

    expect((await submit(user.key)).status).toBe(202);
    body = await limits();
    expect(body.warnings).toEqual([
      { level: 'critical', code: 'QUOTA_100', message: expect.stringContaining('QUOTA_EXCEEDED'), threshold: 100, percent_used: 100, videos_used: 5, videos_limit: QUOTA, reset_at: resetAt },
    ]);
    expect(body.rate_limits.videos_per_month).toMatchObject({ used: 5, remaining: 0, percent_used: 100 });

    // A refused submission (429) shows up as advice to spread requests out.
    const refused = await submit(user.key);
    expect(refused.json.error.code).toBe('QUOTA_EXCEEDED');
    body = await limits();
    expect(body.recommendations.map((r: any) => r.code)).toEqual(expect.arrayContaining(['UPGRADE_PLAN', 'SPREAD_REQUESTS']));
    const spread = body.recommendations.find((r: any) => r.code === 'SPREAD_REQUESTS');
    // The per-key limit and the account's, both as configured.
    expect(spread.message).toContain(`${body.rate_limits.requests_per_minute} requests a minute per key, and ${body.rate_limits.account.requests_per_minute} for all of the account's keys together`);
  });

  it('does not recommend an upgrade to a quiet free account or a paid one', async () => {
    const free = await service.createUser('free');
    expect((await call(service, 'GET', '/api/v1/usage/limits', { key: free.key })).json).toMatchObject({ warnings: [], recommendations: [] });
    const pro = await service.createUser('pro');
    const body = (await call(service, 'GET', '/api/v1/usage/limits', { key: pro.key })).json;
    expect(body.warnings).toEqual([]);
    expect(body.recommendations).toEqual([]);
    expect(body.rate_limits.videos_per_month).toMatchObject({ limit: 2000, used: 0, percent_used: 0 });
  });
});

describe('isolation', () => {
  it("never counts another user's requests or jobs", async () => {
    const busy = await service.createUser('free');
    const quiet = await service.createUser('free');
    for (let i = 0; i < 2; i++) expect((await submit(busy.key)).status).toBe(202);
    await call(service, 'GET', '/api/v1/videos/', { key: busy.key });
    await insertJob(busy.userId, { status: 'completed', createdAt: new Date(Date.now() - 3_600_000) });
    await insertRequests(busy.userId, [{ endpoint: '/api/v1/videos/', status: 500, at: new Date(Date.now() - 3_600_000), count: 20 }]);
    // The busy user sees their own usage...
    const busyCurrent = (await call(service, 'GET', '/api/v1/usage/current', { key: busy.key })).json;
    expect(busyCurrent.current_period.videos_used).toBe(2);
    expect(busyCurrent.current_period.requests).toBeGreaterThanOrEqual(23);

    // ...and the quiet one sees none of it.
    const current = (await call(service, 'GET', '/api/v1/usage/current', { key: quiet.key })).json;
    expect(current.current_period).toMatchObject({ videos_used: 0, requests: 0, jobs: { queued: 0, processing: 0, completed: 0, failed: 0, total: 0 } });
    expect(current.endpoint_breakdown).toEqual([]);
    const history = (await call(service, 'GET', '/api/v1/usage/history', { key: quiet.key })).json;
    expect(history.summary).toMatchObject({ total_videos_submitted: 0, total_jobs_completed: 0, total_requests: 1 }); // its own usage/current call
    const analytics = (await call(service, 'GET', '/api/v1/usage/analytics', { key: quiet.key })).json;
    expect(analytics.top_endpoints.map((e: any) => e.endpoint).sort()).toEqual(['/api/v1/usage/current', '/api/v1/usage/history']);
    expect(analytics.trends.week_over_week.videos_submitted.current).toBe(0);
    expect(analytics.optimization_suggestions).toEqual([]);
    const limits = (await call(service, 'GET', '/api/v1/usage/limits', { key: quiet.key })).json;
    expect(limits.rate_limits.videos_per_month.used).toBe(0);
    expect(limits.warnings).toEqual([]);
  });
});

describe('OpenAPI', () => {
  it('documents every usage route with its response schema, every inner field described', async () => {
    const doc = (await call(service, 'GET', '/openapi.json')).json;
    const resolve = (schema: any): any => {
      if (schema?.$ref) return resolve(doc.components.schemas[schema.$ref.split('/').pop()]);
      if (schema?.allOf?.length === 1) return { ...resolve(schema.allOf[0]), ...schema, allOf: undefined };
      return schema;
    };
    const undocumented: string[] = [];
    const walk = (schema: any, where: string) => {
      const s = resolve(schema);
      if (!s) return;
      for (const variant of [...(s.anyOf ?? []), ...(s.oneOf ?? [])]) walk(variant, where);
      if (s.items) walk(s.items, `${where}[]`);
      for (const [name, property] of Object.entries<any>(s.properties ?? {})) {
        if (where === '' && name === 'success') continue;
        const described = property.description ?? resolve(property)?.description;
        if (!described) undocumented.push(`${where}.${name}`);
        walk(property, `${where}.${name}`);
      }
    };
    const expected: Record<string, string[]> = {
      '/api/v1/usage/current': ['current_period', 'rate_limits', 'endpoint_breakdown', 'cost_projection'],
      '/api/v1/usage/history': ['periods', 'summary', 'query_info'],
      '/api/v1/usage/analytics': ['trends', 'patterns', 'predictions', 'optimization_suggestions', 'top_endpoints'],
      '/api/v1/usage/limits': ['rate_limits', 'warnings', 'recommendations'],
    };
    for (const [path, fields] of Object.entries(expected)) {
      const operation = doc.paths[path]?.get;
      expect(operation).toBeDefined();
      const schema = resolve(operation.responses['200'].content['application/json'].schema);
      expect(Object.keys(schema.properties).sort()).toEqual(['success', ...fields].sort());
      walk(schema, '');
    }
    expect(undocumented).toEqual([]);
    const params = doc.paths['/api/v1/usage/history'].get.parameters.map((p: any) => p.name).sort();
    expect(params).toEqual(['end_date', 'granularity', 'limit', 'start_date']);
  });
});

describe('the recorder', () => {
  const row = (i: number): ApiRequestRow => ({ userId: `u${i}`, keyId: null, method: 'GET', endpoint: '/x', statusCode: 200, durationMs: 1, at: Date.now() });
  const fakeLogger = () => ({ error: jest.fn(), warn: jest.fn() }) as any;
  const db = null as never;

  it('writes full batches at once and the rest on its timer', async () => {
    const batches: number[] = [];
    const recorder = createUsageRecorder(db, fakeLogger(), { batchSize: 3, flushIntervalMs: 30, write: async (rows) => void batches.push(rows.length) });
    for (let i = 0; i < 7; i++) recorder.record(row(i));
    expect(batches).toEqual([3, 3]); // two full batches started synchronously
    await waitFor('the timer', async () => batches.length === 3, 2_000);
    expect(batches).toEqual([3, 3, 1]);
    expect(recorder.stats()).toMatchObject({ recorded: 7, written: 7, dropped: 0, failed: 0, buffered: 0, inFlight: 0 });
    await recorder.close();
  });

  it('holds at most maxBuffered rows while the database is slow, dropping and counting the rest', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const written: string[] = [];
    const logger = fakeLogger();
    const recorder = createUsageRecorder(db, logger, {
      batchSize: 2,
      maxBuffered: 4,
      maxConcurrentFlushes: 1,
      flushIntervalMs: 10_000,
      write: async (rows) => {
        await gate;
        written.push(...rows.map((r) => r.userId));
      },
    });
    for (let i = 0; i < 10; i++) recorder.record(row(i)); // u0,u1 go to the one writer; u2..u5 wait; u6..u9 dropped
    expect(recorder.stats()).toMatchObject({ recorded: 6, dropped: 4, buffered: 4, inFlight: 2 });
    expect(logger.warn).toHaveBeenCalledTimes(1); // rate-limited, not once per row
    release();
    await recorder.flush();
    expect(written).toEqual(['u0', 'u1', 'u2', 'u3', 'u4', 'u5']);
    expect(recorder.stats()).toMatchObject({ written: 6, dropped: 4, buffered: 0, inFlight: 0 });
    await recorder.close();
  });

  it('logs a failed write, drops its rows and carries on', async () => {
    let fail = true;
    const written: string[] = [];
    const logger = fakeLogger();
    const recorder = createUsageRecorder(db, logger, {
      flushIntervalMs: 10_000,
      write: (rows) => {
        if (fail) throw new Error('database down'); // even a synchronous throw
        written.push(...rows.map((r) => r.userId));
        return Promise.resolve();
      },
    });
    recorder.record(row(1));
    recorder.record(row(2));
    await expect(recorder.flush()).resolves.toBeUndefined();
    expect(recorder.stats()).toMatchObject({ failed: 2, failedFlushes: 1, written: 0 });
    expect(logger.error).toHaveBeenCalledTimes(1);
    fail = false;
    recorder.record(row(3));
    await recorder.flush();
    expect(written).toEqual(['u3']);
    await recorder.close();
    recorder.record(row(4)); // after close: dropped, not written, no throw
    expect(recorder.stats()).toMatchObject({ recorded: 3, written: 1, failed: 2, dropped: 1 });
  });

  it('never fails a request when the table cannot be written', async () => {
    const user = await service.createUser('pro');
    await sql`ALTER TABLE api_requests RENAME TO api_requests_away`.execute(service.db);
    try {
      for (let i = 0; i < 3; i++) expect((await call(service, 'GET', '/api/v1/videos/', { key: user.key })).status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 800)); // the timer's write fails meanwhile
    } finally {
      await sql`ALTER TABLE api_requests_away RENAME TO api_requests`.execute(service.db);
    }
    expect((await call(service, 'GET', '/api/v1/videos/', { key: user.key })).status).toBe(200);
    const rows = await waitFor('later requests recorded', async () => {
      const found = await recordedRequests(user.userId);
      return found.length >= 1 ? found : null;
    }, 5_000);
    expect(rows).toHaveLength(1); // the three from the outage were dropped, not retried forever
  });
});
