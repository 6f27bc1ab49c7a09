/**
 * /api/v1/proxies through the real API: admin keys only, passwords never echoed, and the test
 * route making a real request to the (fake) YouTube through the proxy.
 */
import { PROBE_VIDEO_ID } from '../../src/youtube';
import { startFakeYouTube, type FakeYouTube } from '../fake-youtube';
import { deadPort, startHttpProxy, type TestHttpProxy } from '../support/http-proxy';
import { call, startTestService, type TestService } from '../support/test-service';

let youtube: FakeYouTube;
let proxy: TestHttpProxy;
let guarded: TestHttpProxy;
let service: TestService;
let admin: string;
let pro: string;
let adminWithoutAdminPermission: string;

const SECRET = 'hunter2-s3cret';

beforeAll(async () => {
  [youtube, proxy, guarded] = await Promise.all([
    startFakeYouTube(),
    startHttpProxy({ egressAddress: '127.0.0.2' }),
    startHttpProxy({ egressAddress: '127.0.0.3', credentials: { username: 'ops', password: SECRET } }),
  ]);
  service = await startTestService({ youtubeBaseUrl: youtube.baseUrl, withWorker: false });
  ({ key: admin } = await service.createUser('admin'));
  ({ key: pro } = await service.createUser('pro'));
  ({ key: adminWithoutAdminPermission } = await service.createUser('admin', ['read', 'process']));
});

afterAll(async () => {
  await service?.stop();
  await Promise.all([youtube?.close(), proxy?.close(), guarded?.close()]);
});

beforeEach(async () => {
  await service.db.deleteFrom('proxies').execute();
  youtube.clearBehaviour();
  youtube.requests.length = 0;
});

async function add(body: Record<string, unknown>) {
  const res = await call(service, 'POST', '/api/v1/proxies', { key: admin, body });
  expect(res.status).toBe(201);
  return res.json;
}

describe('access', () => {
  it.each([
    ['GET', '/api/v1/proxies'],
    ['POST', '/api/v1/proxies'],
    ['GET', '/api/v1/proxies/00000000-0000-4000-8000-000000000000'],
    ['PATCH', '/api/v1/proxies/00000000-0000-4000-8000-000000000000'],
    ['DELETE', '/api/v1/proxies/00000000-0000-4000-8000-000000000000'],
    ['POST', '/api/v1/proxies/00000000-0000-4000-8000-000000000000/test'],
  ])('%s %s needs the admin permission', async (method, path) => {
    const body = method === 'GET' ? undefined : { url: proxy.url };
    for (const key of [pro, adminWithoutAdminPermission]) {
      const res = await call(service, method, path, { key, body });
      expect(res.status).toBe(403);
      expect(res.json).toMatchObject({ success: false, error: { code: 'INSUFFICIENT_PERMISSIONS', details: { required: 'admin' } } });
    }
    const anonymous = await call(service, method, path, { body });
    expect(anonymous.status).toBe(401);
    expect(anonymous.json.error.code).toBe('AUTHENTICATION_REQUIRED');
  });
});

describe('list, add, remove', () => {
  it('adds a proxy and lists it, never echoing the password', async () => {
    const created = await add({ url: `http://ops:${SECRET}@127.0.0.1:${guarded.port}`, label: 'office' });
    expect(created).toMatchObject({
      success: true,
      proxy_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      url: `http://ops:****@127.0.0.1:${guarded.port}`,
      scheme: 'http',
      has_credentials: true,
      label: 'office',
      enabled: true,
      state: 'untested',
      last_checked_at: null,
      last_ok: null,
      last_error: null,
      consecutive_failures: 0,
      cooldown_until: null,
      created_at: expect.stringMatching(/Z$/),
    });
    expect(JSON.stringify(created)).not.toContain(SECRET);

    const plain = await add({ url: `https://proxy.example.net`, label: null });
    expect(plain).toMatchObject({ url: 'https://proxy.example.net:443', has_credentials: false, label: null });

    const viaFields = await add({ url: `http://127.0.0.1:${guarded.port}`, username: 'second', password: SECRET });
    expect(viaFields.url).toBe(`http://second:****@127.0.0.1:${guarded.port}`);

    const list = await call(service, 'GET', '/api/v1/proxies', { key: admin });
    expect(list.status).toBe(200);
    expect(list.json.success).toBe(true);
    expect(list.json.proxies.map((p: { proxy_id: string }) => p.proxy_id)).toEqual([created.proxy_id, plain.proxy_id, viaFields.proxy_id]);
    expect(list.text).not.toContain(SECRET);

    const one = await call(service, 'GET', `/api/v1/proxies/${created.proxy_id}`, { key: admin });
    expect(one.json).toMatchObject({ proxy_id: created.proxy_id, url: created.url });
    expect(one.text).not.toContain(SECRET);
  });

  it.each([
    ['socks5://127.0.0.1:1080', /SOCKS/],
    ['ftp://127.0.0.1:21', /http/],
    ['not a url', /absolute URL/],
    ['http://127.0.0.1:8080/some/path', /without a path/],
  ])('refuses %s with VALIDATION_ERROR', async (url, message) => {
    const res = await call(service, 'POST', '/api/v1/proxies', { key: admin, body: { url } });
    expect(res.status).toBe(422);
    expect(res.json.error).toMatchObject({ code: 'VALIDATION_ERROR', details: { issues: [{ path: 'url', message: expect.stringMatching(message) }] } });
  });

  it('refuses a body without url, and the same proxy twice', async () => {
    const missing = await call(service, 'POST', '/api/v1/proxies', { key: admin, body: { label: 'x' } });
    expect(missing.status).toBe(422);
    expect(missing.json.error.details.issues[0].path).toBe('url');

    await add({ url: proxy.url });
    const again = await call(service, 'POST', '/api/v1/proxies', { key: admin, body: { url: `${proxy.url}/` } });
    expect(again.status).toBe(422);
    expect(again.json.error.message).toMatch(/already in the pool/);
  });

  it('refuses fields it does not know, as every body does, creating and changing nothing', async () => {
    const added = await call(service, 'POST', '/api/v1/proxies', { key: admin, body: { url: proxy.url, lable: 'typo' } });
    expect(added.status).toBe(422);
    expect(added.json.error).toMatchObject({ code: 'VALIDATION_ERROR', details: { issues: [{ path: '(root)', message: expect.stringMatching(/lable/) }] } });
    expect((await call(service, 'GET', '/api/v1/proxies', { key: admin })).json.proxies).toEqual([]);

    const created = await add({ url: proxy.url });
    const patched = await call(service, 'PATCH', `/api/v1/proxies/${created.proxy_id}`, { key: admin, body: { enable: false } });
    expect(patched.status).toBe(422);
    expect((await call(service, 'GET', `/api/v1/proxies/${created.proxy_id}`, { key: admin })).json.enabled).toBe(true);
    await call(service, 'DELETE', `/api/v1/proxies/${created.proxy_id}`, { key: admin });
  });

  it('disables, renames and removes a proxy; unknown ids are 404', async () => {
    const created = await add({ url: proxy.url });
    const patched = await call(service, 'PATCH', `/api/v1/proxies/${created.proxy_id}`, { key: admin, body: { enabled: false, label: 'spare' } });
    expect(patched.status).toBe(200);
    expect(patched.json).toMatchObject({ enabled: false, label: 'spare', state: 'disabled' });

    const removed = await call(service, 'DELETE', `/api/v1/proxies/${created.proxy_id}`, { key: admin });
    expect(removed.status).toBe(200);
    expect(removed.json).toEqual({ success: true, proxy_id: created.proxy_id, removed: true });

    for (const [method, path] of [
      ['DELETE', `/api/v1/proxies/${created.proxy_id}`],
      ['GET', `/api/v1/proxies/${created.proxy_id}`],
      ['POST', `/api/v1/proxies/${created.proxy_id}/test`],
      ['PATCH', `/api/v1/proxies/${created.proxy_id}`],
      ['GET', '/api/v1/proxies/not-a-uuid'],
    ] as const) {
      const res = await call(service, method, path, { key: admin, body: method === 'GET' ? undefined : {} });
      expect(res.status).toBe(404);
      expect(res.json.error.code).toBe('NOT_FOUND');
    }
    expect((await call(service, 'GET', '/api/v1/proxies', { key: admin })).json.proxies).toEqual([]);
  });
});

describe('test', () => {
  it('makes a real request to YouTube through the proxy and records the success', async () => {
    const created = await add({ url: proxy.url });
    const res = await call(service, 'POST', `/api/v1/proxies/${created.proxy_id}/test`, { key: admin });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ success: true, proxy_id: created.proxy_id, ok: true, outcome: 'ok', latency_seconds: expect.any(Number) });
    expect(res.json.error).toBeUndefined();
    expect(res.json.proxy).toMatchObject({ state: 'ok', last_ok: true, consecutive_failures: 0 });
    expect(res.json.proxy.last_checked_at).not.toBeNull();
    // The fake YouTube saw the watch page request arrive from the proxy's address.
    expect(youtube.requests).toEqual([
      expect.objectContaining({ path: '/watch', videoId: PROBE_VIDEO_ID, remoteAddress: '127.0.0.2', status: 200 }),
    ]);
    expect(proxy.tunnels.length).toBeGreaterThan(0);
  });

  it('presents the stored credentials, and reports a refusal of them', async () => {
    const good = await add({ url: `http://ops:${SECRET}@127.0.0.1:${guarded.port}` });
    const bad = await add({ url: `http://intruder:nope@127.0.0.1:${guarded.port}` });
    const ok = await call(service, 'POST', `/api/v1/proxies/${good.proxy_id}/test`, { key: admin });
    expect(ok.json).toMatchObject({ ok: true });
    const refused = await call(service, 'POST', `/api/v1/proxies/${bad.proxy_id}/test`, { key: admin });
    expect(refused.json).toMatchObject({ ok: false, outcome: 'unreachable', error: expect.stringMatching(/HTTP 407/) });
    expect(refused.text).not.toMatch(/nope|127\.0\.0\.1:\d+\/|hunter/);
  });

  it('cools down a proxy that refuses connections, and a later good test brings it back', async () => {
    const port = await deadPort();
    const created = await add({ url: `http://127.0.0.1:${port}`, label: 'flaky' });
    const res = await call(service, 'POST', `/api/v1/proxies/${created.proxy_id}/test`, { key: admin });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ ok: false, outcome: 'unreachable', error: expect.stringMatching(/ECONNREFUSED/) });
    expect(res.json.proxy).toMatchObject({ state: 'cooling_down', last_ok: false, consecutive_failures: 1 });
    expect(Date.parse(res.json.proxy.cooldown_until)).toBeGreaterThan(Date.now());
    expect(res.json.error).not.toMatch(/127\.0\.0\.1|http:/);

    const revived = await startHttpProxy({ port, egressAddress: '127.0.0.4' });
    try {
      const again = await call(service, 'POST', `/api/v1/proxies/${created.proxy_id}/test`, { key: admin });
      expect(again.json).toMatchObject({ ok: true, proxy: { state: 'ok', consecutive_failures: 0, cooldown_until: null } });
    } finally {
      await revived.close();
    }
  });

  it('reports a proxy YouTube refuses as blocked, without cooling it down', async () => {
    youtube.setBehaviour(PROBE_VIDEO_ID, { refuseFrom: { addresses: ['127.0.0.2'], with: 429 } });
    const created = await add({ url: proxy.url });
    const res = await call(service, 'POST', `/api/v1/proxies/${created.proxy_id}/test`, { key: admin });
    expect(res.json).toMatchObject({ ok: false, outcome: 'blocked', error: expect.stringMatching(/429/) });
    expect(res.json.proxy).toMatchObject({ state: 'failing', consecutive_failures: 0, cooldown_until: null });
  });
});

it('documents the routes in the OpenAPI document', async () => {
  const res = await call(service, 'GET', '/openapi.json');
  expect(Object.keys(res.json.paths)).toEqual(
    expect.arrayContaining(['/api/v1/proxies', '/api/v1/proxies/{proxy_id}', '/api/v1/proxies/{proxy_id}/test']),
  );
});
