/**
 * Who may do what, and how much (docs/api-behaviour.md#plans-and-feature-gates,
 * docs/api-behaviour.md#throttling): plan gates, throttling, monthly quotas, the admin-only
 * synchronous route and thumbnails. Real API, Postgres, Redis and Temporal.
 */
import { VIDEO_MANUAL_AND_AUTO, startFakeYouTube, type FakeYouTube } from '../fake-youtube';
import { startApiServer, type RunningApi } from '../../src/runtime/api-server';
import { call, startTestService, type TestService } from '../support/test-service';

let youtube: FakeYouTube;
let service: TestService;

const VIDEO = { url: `https://www.youtube.com/watch?v=${VIDEO_MANUAL_AND_AUTO}` };

beforeAll(async () => {
  youtube = await startFakeYouTube();
  service = await startTestService({
    youtubeBaseUrl: youtube.baseUrl,
    env: {
      PLAN_LIMITS: JSON.stringify({
        free: { requests_per_minute: 1_000_000, videos_per_month: 3 },
        pro: { requests_per_minute: 5, videos_per_month: 10 },
        admin: { requests_per_minute: 1_000_000 },
      }),
      PROCESS_SYNC_TIMEOUT_SECONDS: '60',
    },
  });
});

afterAll(async () => {
  await service?.stop();
  await youtube?.close();
});

describe('plan gates', () => {
  it.each([
    [{ ...VIDEO, options: { summary_modes: ['tldr', 'detailed'] } }, 'summary_modes'],
    [{ ...VIDEO, summary_type: 'study_notes' }, 'summary_modes'],
    [{ ...VIDEO, priority: 'high' }, 'priority'],
    [{ ...VIDEO, webhook_url: 'https://93.184.215.14/hooks/x' }, 'webhook_url'],
    [{ ...VIDEO, custom_instructions: 'be brief' }, 'custom_instructions'],
    [{ ...VIDEO, options: { generate_infographic: true } }, 'generate_infographic'],
  ])('refuses %j on the free plan with feature %s', async (body, feature) => {
    const free = await service.createUser('free');
    const res = await call(service, 'POST', '/api/v1/videos/process', { key: free.key, body });
    expect(res.status).toBe(403);
    expect(res.json.error).toMatchObject({ code: 'PLAN_UPGRADE_REQUIRED', details: { feature } });
    const pro = await service.createUser('pro');
    expect((await call(service, 'POST', '/api/v1/videos/process', { key: pro.key, body })).status).toBe(202);
  });

  it('lets the free plan submit tldr, and keeps the gate even for an admin-permission key', async () => {
    const free = await service.createUser('free', ['read', 'process', 'admin']);
    expect((await call(service, 'POST', '/api/v1/videos/process', { key: free.key, body: VIDEO })).status).toBe(202);
    const gated = await call(service, 'POST', '/api/v1/videos/process', { key: free.key, body: { ...VIDEO, priority: 'high' } });
    expect(gated.json.error).toMatchObject({ code: 'PLAN_UPGRADE_REQUIRED', details: { feature: 'priority' } });
  });
});

describe('per-key throttling', () => {
  it('sends RateLimit headers and refuses past the limit with 429 and Retry-After', async () => {
    const pro = await service.createUser('pro');
    const first = await call(service, 'GET', '/api/v1/videos/', { key: pro.key });
    expect(first.status).toBe(200);
    expect(first.headers.get('ratelimit-limit')).toBe('5');
    expect(first.headers.get('ratelimit-remaining')).toBe('4');
    expect(Number(first.headers.get('ratelimit-reset'))).toBeGreaterThan(0);
    for (let i = 0; i < 4; i++) expect((await call(service, 'GET', '/api/v1/videos/', { key: pro.key })).status).toBe(200);
    const refused = await call(service, 'GET', '/api/v1/videos/', { key: pro.key });
    expect(refused.status).toBe(429);
    expect(refused.json.error.code).toBe('RATE_LIMITED');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused.headers.get('ratelimit-remaining')).toBe('0');
    // Another key of another user is not affected.
    const other = await service.createUser('pro');
    expect((await call(service, 'GET', '/api/v1/videos/', { key: other.key })).status).toBe(200);
  });

  it('holds across two API processes sharing Redis', async () => {
    const second: RunningApi = await startApiServer(service.config, service.infra, service.logger);
    try {
      const pro = await service.createUser('pro');
      const statuses: number[] = [];
      for (let i = 0; i < 8; i++) {
        const target = i % 2 === 0 ? service : { url: second.url };
        statuses.push((await call(target, 'GET', '/api/v1/videos/', { key: pro.key })).status);
      }
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
    } finally {
      await second.close();
    }
  });
});

describe('POST /api/v1/videos/process-sync', () => {
  it('answers an admin with the result record once the job has completed', async () => {
    const admin = await service.createUser('admin');
    const res = await call(service, 'POST', '/api/v1/videos/process-sync', { key: admin.key, body: { ...VIDEO, options: { summary_modes: ['tldr', 'timestamped'] } } });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ success: true, status: 'completed', video_info: { video_id: VIDEO_MANUAL_AND_AUTO } });
    expect(Object.keys(res.json.summaries).sort()).toEqual(['timestamped', 'tldr']);
  });

  it('answers JOB_FAILED when the job failed', async () => {
    const admin = await service.createUser('admin');
    const res = await call(service, 'POST', '/api/v1/videos/process-sync', { key: admin.key, body: { url: 'Unavailable' } });
    expect(res.status).toBe(409);
    expect(res.json.error).toMatchObject({ code: 'JOB_FAILED', details: { error: { code: 'VIDEO_UNAVAILABLE' } } });
  });

  it('needs the admin permission', async () => {
    const pro = await service.createUser('pro');
    const res = await call(service, 'POST', '/api/v1/videos/process-sync', { key: pro.key, body: VIDEO });
    expect(res.status).toBe(403);
    expect(res.json.error).toMatchObject({ code: 'INSUFFICIENT_PERMISSIONS', details: { required: 'admin' } });
  });
});

describe('GET /api/v1/videos/thumbnails', () => {
  it('lists every size from the video id', async () => {
    const pro = await service.createUser('pro');
    const res = await call(service, 'GET', `/api/v1/videos/thumbnails?url=${encodeURIComponent('https://youtu.be/dQw4w9WgXcQ')}`, { key: pro.key });
    expect(res.status).toBe(200);
    expect(res.json.video_id).toBe('dQw4w9WgXcQ');
    const jpgs = res.json.thumbnails.filter((t: { format: string }) => t.format === 'jpg').map((t: { quality: string }) => t.quality);
    expect(jpgs).toEqual(expect.arrayContaining(['default', 'mqdefault', 'hqdefault', 'sddefault', 'maxresdefault']));
    expect(res.json.default_url).toBe('https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg');
  });

  it('needs a key while REQUIRE_API_AUTH is on, and refuses other addresses', async () => {
    expect((await call(service, 'GET', '/api/v1/videos/thumbnails?url=dQw4w9WgXcQ')).json.error.code).toBe('AUTHENTICATION_REQUIRED');
    const pro = await service.createUser('pro');
    expect((await call(service, 'GET', '/api/v1/videos/thumbnails?url=https://vimeo.com/1', { key: pro.key })).json.error.code).toBe('UNSUPPORTED_URL');
    expect((await call(service, 'GET', '/api/v1/videos/thumbnails', { key: pro.key })).json.error.code).toBe('VALIDATION_ERROR');
  });
});

describe('REQUIRE_API_AUTH=false (local development)', () => {
  let open: RunningApi;

  beforeAll(async () => {
    open = await startApiServer({ ...service.config, auth: { ...service.config.auth, required: false } }, service.infra, service.logger);
  });

  afterAll(async () => {
    await open?.close();
  });

  it('lets the thumbnails route be called without a key', async () => {
    const res = await call({ url: open.url }, 'GET', '/api/v1/videos/thumbnails?url=dQw4w9WgXcQ');
    expect(res.status).toBe(200);
    expect(res.json.video_id).toBe('dQw4w9WgXcQ');
  });

  it('still checks a key that is presented, and still guards every other route', async () => {
    expect((await call({ url: open.url }, 'GET', '/api/v1/videos/thumbnails?url=dQw4w9WgXcQ', { key: 'sk_bad' })).json.error.code).toBe('INVALID_API_KEY');
    expect((await call({ url: open.url }, 'GET', '/api/v1/videos/')).json.error.code).toBe('AUTHENTICATION_REQUIRED');
    expect((await call({ url: open.url }, 'POST', '/api/v1/videos/process', { body: VIDEO })).json.error.code).toBe('AUTHENTICATION_REQUIRED');
  });
});
