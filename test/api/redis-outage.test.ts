/**
 * Redis is not needed to serve (docs/api-behaviour.md#redis-down): while it
 * is down, the API keeps answering with the same limits counted per process, /health says
 * "degraded", and once it is back the limits are shared again without a restart. Against a Redis
 * server of this file's own, really stopped and started again; real Postgres and Temporal.
 */
import Redis from 'ioredis';
import pino from 'pino';
import { Writable } from 'node:stream';
import { issueApiKey } from '../../src/auth/api-key-format';
import { createServiceMetrics } from '../../src/metrics/service-metrics';
import { startApiServer } from '../../src/runtime/api-server';
import { openSharedCache } from '../../src/storage/shared-cache';
import { watchStoreOutages } from '../../src/storage/store-outage';
import { waitFor } from '../support/processes';
import { privateLoopbackAddress, rawCall } from '../support/raw-http';
import { startOwnRedis, type OwnRedis } from '../support/redis-server';
import { call, startTestService, type TestService } from '../support/test-service';

const FREE_PER_MINUTE = 3;
const FAILURES_PER_ADDRESS = 3;
const VIDEO = { url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' };

let redis: OwnRedis;
let service: TestService;

beforeAll(async () => {
  redis = await startOwnRedis();
  service = await startTestService({
    withWorker: false,
    env: {
      REDIS_URL: redis.url,
      PLAN_LIMITS: JSON.stringify({ free: { requests_per_minute: FREE_PER_MINUTE }, pro: { requests_per_minute: 1_000_000 } }),
      AUTH_FAILURES_PER_IP_PER_MINUTE: String(FAILURES_PER_ADDRESS),
    },
  });
});

afterAll(async () => {
  await service?.stop();
  await redis?.stop();
});

type Res = { status: number; json: any };
const outcome = (res: Res) => ({ status: res.status, code: res.json?.error?.code });
const health = () => call(service, 'GET', '/health');
const metric = async (name: string) => (await service.infra.metrics.registry.getSingleMetricAsString(name)).split('\n').filter((line) => !line.startsWith('#'));

describe('while Redis is down', () => {
  beforeAll(async () => {
    expect((await health()).json.status).toBe('ok');
    await redis.stop();
    await waitFor('the API to see Redis gone', async () => (await health()).json.checks.redis.status === 'error', 10_000);
  });

  afterAll(async () => {
    await redis.start();
  });

  it('/health answers 200 "degraded", with checks.redis down and the others ok', async () => {
    const res = await health();
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      success: true,
      status: 'degraded',
      checks: { database: { status: 'ok' }, temporal: { status: 'ok' }, redis: { status: 'error', detail: 'unreachable' } },
    });
    expect(await metric('video_digest_shared_store_up')).toContain('video_digest_shared_store_up 0');
  });

  it('serves reads and submissions of a throttled plan, and throttles per process with the same limit', async () => {
    const user = await service.createUser('free');
    const submitted = await call(service, 'POST', '/api/v1/videos/process', { key: user.key, body: VIDEO });
    expect(submitted.status).toBe(202);
    const status = await call(service, 'GET', `/api/v1/videos/status/${submitted.json.job_id}`, { key: user.key });
    expect(status.status).toBe(200);
    const usage = await call(service, 'GET', '/api/v1/usage/current', { key: user.key });
    expect(usage.status).toBe(200);
    // The submission and the status read were the key's first two requests; the usage read its third.
    expect(usage.headers.get('ratelimit-remaining')).toBe('0');

    const refused = await call(service, 'GET', '/api/v1/auth/validate', { key: user.key });
    expect(outcome(refused)).toEqual({ status: 429, code: 'RATE_LIMITED' });
    expect(refused.json.error.details).toMatchObject({ limit: FREE_PER_MINUTE, scope: 'key' });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);

    const counted = await metric('video_digest_limiter_fallback_total');
    expect(counted.find((line) => line.includes('window="key"'))).toMatch(/ [1-9]\d*$/);
  });

  it('lets an API process start and serve keys while Redis is down', async () => {
    // Before, start-up waited on the subscription to key changes until Redis came back.
    const started = await startApiServer(service.config, service.infra, service.logger);
    try {
      const user = await service.createUser('pro');
      const validate = () => call(started, 'GET', '/api/v1/auth/validate', { key: user.key });
      expect((await validate()).status).toBe(200);
      expect((await validate()).status).toBe(200);
    } finally {
      await started.close();
    }
  });

  it('still limits failed authentications per address, per process', async () => {
    const address = privateLoopbackAddress();
    const validate = (key: string) => rawCall(service, 'GET', '/api/v1/auth/validate', { localAddress: address, headers: { authorization: `Bearer ${key}` } });
    for (let i = 0; i < FAILURES_PER_ADDRESS; i++) expect(outcome(await validate(issueApiKey().key))).toEqual({ status: 401, code: 'INVALID_API_KEY' });
    expect(outcome(await validate(issueApiKey().key))).toEqual({ status: 429, code: 'RATE_LIMITED' });
    // Failures only: a valid key from that address is served.
    const user = await service.createUser('pro');
    expect((await validate(user.key)).status).toBe(200);
    const counted = await metric('video_digest_limiter_fallback_total');
    expect(counted.find((line) => line.includes('window="address"'))).toMatch(/ [1-9]\d*$/);
  });
});

describe('once Redis is back', () => {
  beforeAll(async () => {
    await waitFor('the API to see Redis back', async () => (await health()).json.status === 'ok', 15_000);
  });

  it('/health answers "ok" and the limits are shared across API processes again, without a restart', async () => {
    expect(await metric('video_digest_shared_store_up')).toContain('video_digest_shared_store_up 1');
    // A second API process on the same infrastructure: its per-process windows are its own, so
    // only a count kept in Redis makes the two refuse together.
    const second = await startApiServer(service.config, service.infra, service.logger);
    try {
      const user = await service.createUser('free');
      const validate = (on: { url: string }) => call(on, 'GET', '/api/v1/auth/validate', { key: user.key });
      expect((await validate(service)).status).toBe(200);
      expect((await validate(second)).status).toBe(200);
      expect((await validate(service)).status).toBe(200);
      expect(outcome(await validate(second))).toEqual({ status: 429, code: 'RATE_LIMITED' });

      const direct = new Redis(redis.url);
      try {
        expect((await direct.keys('throttle:free:*')).length).toBeGreaterThan(0);
      } finally {
        direct.disconnect();
      }
    } finally {
      await second.close();
    }
  });
});

describe('outage logging', () => {
  it('warns once when Redis goes and tells once when it is back, however many reconnections fail between', async () => {
    const lines: Array<{ level: number; msg: string }> = [];
    const logger = pino({ level: 'info' }, new Writable({ write: (chunk, _encoding, done) => (lines.push(JSON.parse(String(chunk))), done()) }));
    const store = openSharedCache(redis.url);
    const metrics = createServiceMetrics();
    watchStoreOutages(store, logger, metrics);
    try {
      await waitFor('the connection', async () => store.redis!.status === 'ready', 10_000);
      let reconnections = 0;
      store.redis!.on('reconnecting', () => (reconnections += 1));
      await redis.stop();
      for (let i = 0; i < 5; i++) await expect(store.get('anything')).rejects.toThrow();
      await waitFor('several failed reconnections', async () => reconnections >= 3, 20_000);
      await redis.start();
      await waitFor('the connection again', async () => store.redis!.status === 'ready', 15_000);
      await store.get('anything');
      expect(lines.map(({ level, msg }) => ({ level, msg }))).toEqual([
        { level: 40, msg: expect.stringContaining('Redis is unreachable') },
        { level: 30, msg: expect.stringContaining('Redis answers again') },
      ]);
    } finally {
      await store.close();
    }
  });
});
