/**
 * The access matrix (docs/api-behaviour.md#error-codes,
 * docs/api-behaviour.md#permissions-and-key-management): every route against every kind of caller —
 * no key, a malformed key, a revoked key, a key in the query string, a key without the route's
 * permission, the free, pro and admin plans, and another user's id — each cell with the code it
 * must give. The table must name every route the service serves: a new route without a row fails
 * here.
 */
import { VIDEO_MANUAL_AND_AUTO, startFakeYouTube, type FakeYouTube } from '../fake-youtube';
import { call, startTestService, waitForJob, type TestService } from '../support/test-service';
import type { Permission, Plan } from '../../src/domain/access';

type Param = 'job_id' | 'batch_id' | 'key_id' | 'proxy_id';

interface Caller {
  plan: Plan;
  key: string;
  userId: string;
  jobId: string;
  batchId: string;
}

interface RouteRow {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  path: string;
  /** What the key must hold; null: any valid key. */
  permission: Permission | null;
  /** Plan-gated route. */
  feature?: 'pdf_export' | 'batch';
  /** The status an allowed caller gets. */
  ok: number;
  /** The error code with it, when `ok` is an error status. */
  okCode?: string;
  body?: (caller: Caller) => unknown;
  /** The route's id parameter, filled with the caller's own resource (or another user's in that cell). */
  param?: Param;
}

const VIDEO = `https://www.youtube.com/watch?v=${VIDEO_MANUAL_AND_AUTO}`;

const ROUTES: RouteRow[] = [
  { method: 'POST', path: '/api/v1/videos/process', permission: 'process', ok: 202, body: () => ({ url: VIDEO }) },
  { method: 'POST', path: '/api/v1/videos/process-sync', permission: 'admin', ok: 200, body: () => ({ url: VIDEO }) },
  { method: 'GET', path: '/api/v1/videos/status/:job_id', permission: 'read', ok: 200, param: 'job_id' },
  { method: 'GET', path: '/api/v1/videos/result/:job_id', permission: 'read', ok: 200, param: 'job_id' },
  { method: 'GET', path: '/api/v1/videos/export/:job_id/pdf', permission: 'read', feature: 'pdf_export', ok: 200, param: 'job_id' },
  // The matrix's jobs draw no infographic, so an allowed caller gets 404 too; owner vs other user is in test/e2e/infographic.test.ts.
  { method: 'GET', path: '/api/v1/videos/infographic/:job_id', permission: 'read', ok: 404, okCode: 'NOT_FOUND', param: 'job_id' },
  { method: 'GET', path: '/api/v1/videos/webhooks/:job_id', permission: 'read', ok: 200, param: 'job_id' },
  { method: 'GET', path: '/api/v1/videos/transcript/:job_id', permission: 'read', ok: 200, param: 'job_id' },
  { method: 'GET', path: '/api/v1/videos/export/:job_id/markdown', permission: 'read', ok: 200, param: 'job_id' },
  { method: 'GET', path: '/api/v1/videos/', permission: 'read', ok: 200 },
  { method: 'GET', path: '/api/v1/videos/thumbnails?url=dQw4w9WgXcQ', permission: 'read', ok: 200 },
  { method: 'POST', path: '/api/v1/batch/process', permission: 'process', feature: 'batch', ok: 202, body: () => ({ videos: [{ url: VIDEO }] }) },
  { method: 'GET', path: '/api/v1/batch/status/:batch_id', permission: 'read', feature: 'batch', ok: 200, param: 'batch_id' },
  { method: 'GET', path: '/api/v1/batch/results/:batch_id', permission: 'read', feature: 'batch', ok: 200, param: 'batch_id' },
  { method: 'GET', path: '/api/v1/batch/webhooks/:batch_id', permission: 'read', feature: 'batch', ok: 200, param: 'batch_id' },
  { method: 'GET', path: '/api/v1/batch/', permission: 'read', feature: 'batch', ok: 200 },
  { method: 'GET', path: '/api/v1/usage/current', permission: 'read', ok: 200 },
  { method: 'GET', path: '/api/v1/usage/history', permission: 'read', ok: 200 },
  { method: 'GET', path: '/api/v1/usage/analytics', permission: 'read', ok: 200 },
  { method: 'GET', path: '/api/v1/usage/limits', permission: 'read', ok: 200 },
  { method: 'POST', path: '/api/v1/auth/keys', permission: 'process', ok: 201, body: () => ({ name: 'matrix' }) },
  { method: 'GET', path: '/api/v1/auth/keys', permission: null, ok: 200 },
  { method: 'GET', path: '/api/v1/auth/keys/:key_id', permission: null, ok: 200, param: 'key_id' },
  { method: 'PATCH', path: '/api/v1/auth/keys/:key_id', permission: 'process', ok: 200, param: 'key_id', body: () => ({ name: 'renamed' }) },
  { method: 'DELETE', path: '/api/v1/auth/keys/:key_id', permission: 'process', ok: 200, param: 'key_id' },
  { method: 'GET', path: '/api/v1/auth/validate', permission: null, ok: 200 },
  { method: 'GET', path: '/api/v1/auth/webhook-secret', permission: 'process', ok: 200 },
  { method: 'POST', path: '/api/v1/auth/webhook-secret/rotate', permission: 'process', ok: 200 },
  { method: 'GET', path: '/api/v1/account/notifications', permission: 'read', ok: 200 },
  { method: 'PATCH', path: '/api/v1/account/notifications', permission: 'process', ok: 200, body: () => ({ email_notifications: false }) },
  { method: 'GET', path: '/api/v1/proxies', permission: 'admin', ok: 200 },
  { method: 'POST', path: '/api/v1/proxies', permission: 'admin', ok: 201, body: () => ({ url: freshProxyUrl() }) },
  { method: 'GET', path: '/api/v1/proxies/:proxy_id', permission: 'admin', ok: 200, param: 'proxy_id' },
  { method: 'PATCH', path: '/api/v1/proxies/:proxy_id', permission: 'admin', ok: 200, param: 'proxy_id', body: () => ({ label: 'renamed' }) },
  { method: 'DELETE', path: '/api/v1/proxies/:proxy_id', permission: 'admin', ok: 200, param: 'proxy_id' },
  { method: 'POST', path: '/api/v1/proxies/:proxy_id/test', permission: 'admin', ok: 200, param: 'proxy_id' },
];

let youtube: FakeYouTube;
let service: TestService;
const callers = {} as Record<Plan, Caller>;

beforeAll(async () => {
  youtube = await startFakeYouTube();
  service = await startTestService({ youtubeBaseUrl: youtube.baseUrl, env: { PROCESS_SYNC_TIMEOUT_SECONDS: '60' } });
  for (const plan of ['free', 'pro', 'admin'] as const) {
    const user = await service.createUser(plan);
    const job = await call(service, 'POST', '/api/v1/videos/process', { key: user.key, body: { url: VIDEO } });
    await waitForJob(service, user.key, job.json.job_id);
    // Free accounts cannot make batches; their cells never get as far as the id.
    const batch = plan === 'free' ? null : await call(service, 'POST', '/api/v1/batch/process', { key: user.key, body: { videos: [{ url: VIDEO }] } });
    callers[plan] = { plan, key: user.key, userId: user.userId, jobId: job.json.job_id, batchId: batch?.json.batch_id ?? 'bat_none' };
  }
}, 120_000);

afterAll(async () => {
  await service?.stop();
  await youtube?.close();
});

/** The pool refuses a URL it already holds, so every proxy a cell adds gets a port of its own. */
let proxyPort = 20000;
function freshProxyUrl(): string {
  proxyPort += 1;
  return `http://127.0.0.1:${proxyPort}`;
}

/** Resources some cells use up (a key that gets deleted, a proxy that gets removed) are made fresh. */
async function paramValue(param: Param, owner: Caller): Promise<string> {
  switch (param) {
    case 'job_id':
      return owner.jobId;
    case 'batch_id':
      return owner.batchId;
    case 'key_id': {
      const created = await call(service, 'POST', '/api/v1/auth/keys', { key: owner.key, body: { name: 'target' } });
      return created.json.key_id;
    }
    case 'proxy_id': {
      const admin = callers.admin;
      const created = await call(service, 'POST', '/api/v1/proxies', { key: admin.key, body: { url: freshProxyUrl() } });
      expect(created.status).toBe(201);
      return created.json.proxy_id;
    }
  }
}

async function send(route: RouteRow, options: { key?: string; headers?: Record<string, string>; owner?: Caller; query?: string }) {
  const owner = options.owner ?? callers.admin;
  let path = route.path;
  if (route.param) path = path.replace(`:${route.param}`, await paramValue(route.param, owner));
  if (options.query) path += (path.includes('?') ? '&' : '?') + options.query;
  return call(service, route.method, path, { key: options.key, headers: options.headers, body: route.body?.(owner) });
}

const label = (route: RouteRow) => `${route.method} ${route.path}`;

function expectCode(res: { status: number; json: any }, status: number, code?: string) {
  expect({ status: res.status, code: res.json?.error?.code }).toEqual({ status, code });
}

it('names every route the service serves', async () => {
  const { json } = await call(service, 'GET', '/openapi.json');
  const served = Object.entries(json.paths as Record<string, Record<string, unknown>>)
    .flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`))
    .filter((route) => !['GET /health', 'GET /openapi.json'].includes(route))
    .sort();
  const named = ROUTES.map((r) => `${r.method} ${r.path.split('?')[0]!.replace(/:([a-z_]+)/g, '{$1}')}`).sort();
  expect(named).toEqual(served);
});

describe.each(ROUTES.map((route) => [label(route), route] as const))('%s', (_label, route) => {
  it('no key: 401 AUTHENTICATION_REQUIRED', async () => {
    expectCode(await send(route, {}), 401, 'AUTHENTICATION_REQUIRED');
  });

  it('malformed key: 401 INVALID_API_KEY', async () => {
    expectCode(await send(route, { key: 'sk_not-a-key' }), 401, 'INVALID_API_KEY');
  });

  it('revoked key: 401 INVALID_API_KEY', async () => {
    const created = await call(service, 'POST', '/api/v1/auth/keys', { key: callers.admin.key, body: { name: 'to revoke' } });
    await call(service, 'DELETE', `/api/v1/auth/keys/${created.json.key_id}`, { key: callers.admin.key });
    expectCode(await send(route, { key: created.json.key }), 401, 'INVALID_API_KEY');
  });

  it('key in the query string: ignored, 401 AUTHENTICATION_REQUIRED', async () => {
    expectCode(await send(route, { query: `api_key=${callers.admin.key}` }), 401, 'AUTHENTICATION_REQUIRED');
  });

  if (route.permission) {
    it(`key without "${route.permission}": 403 INSUFFICIENT_PERMISSIONS`, async () => {
      const others = (['read', 'process'] as const).filter((p) => p !== route.permission);
      const created = await call(service, 'POST', '/api/v1/auth/keys', { key: callers.admin.key, body: { name: 'narrow', permissions: others } });
      const res = await send(route, { key: created.json.key });
      expectCode(res, 403, 'INSUFFICIENT_PERMISSIONS');
      expect(res.json.error.details.required).toBe(route.permission);
    });
  }

  it.each(['free', 'pro', 'admin'] as const)('%s plan', async (plan) => {
    const caller = callers[plan];
    const res = await send(route, { key: caller.key, owner: caller });
    if (route.permission === 'admin' && plan !== 'admin') expectCode(res, 403, 'INSUFFICIENT_PERMISSIONS');
    else if (route.feature && plan === 'free') {
      expectCode(res, 403, 'PLAN_UPGRADE_REQUIRED');
      expect(res.json.error.details.feature).toBe(route.feature);
    } else expectCode(res, route.ok, route.okCode);
  });

  if (route.param && route.param !== 'proxy_id') {
    it("another user's id: 404 NOT_FOUND", async () => {
      const res = await send(route, { key: callers.admin.key, owner: callers.pro });
      expectCode(res, 404, 'NOT_FOUND');
    });
  }
});

/**
 * A leaked read-only key must not take over the account: every route under /api/v1/auth (keys and
 * the webhook secret) with a key holding only read, read and process, or all three (admin plan).
 */
describe('key and secret routes by the permissions of the calling key', () => {
  const HOLDINGS: Record<'read' | 'process' | 'admin', Permission[]> = {
    read: ['read'],
    process: ['read', 'process'],
    admin: ['read', 'process', 'admin'],
  };
  const keyRoutes = ROUTES.filter((route) => route.path.startsWith('/api/v1/auth/'));

  it('covers every route under /api/v1/auth', () => {
    expect(keyRoutes.map(label)).toEqual(expect.arrayContaining([
      'POST /api/v1/auth/keys',
      'GET /api/v1/auth/keys',
      'GET /api/v1/auth/keys/:key_id',
      'PATCH /api/v1/auth/keys/:key_id',
      'DELETE /api/v1/auth/keys/:key_id',
      'GET /api/v1/auth/validate',
      'GET /api/v1/auth/webhook-secret',
      'POST /api/v1/auth/webhook-secret/rotate',
    ]));
    expect(keyRoutes).toHaveLength(8);
  });

  describe.each(keyRoutes.map((route) => [label(route), route] as const))('%s', (_label, route) => {
    it.each(Object.keys(HOLDINGS) as Array<keyof typeof HOLDINGS>)('a %s key', async (holding) => {
      const admin = callers.admin;
      const created = await call(service, 'POST', '/api/v1/auth/keys', { key: admin.key, body: { name: `${holding} key`, permissions: HOLDINGS[holding] } });
      expect(created.status).toBe(201);
      const res = await send(route, { key: created.json.key, owner: admin });
      if (route.permission && !HOLDINGS[holding].includes(route.permission)) {
        expectCode(res, 403, 'INSUFFICIENT_PERMISSIONS');
        expect(res.json.error.details.required).toBe(route.permission);
      } else expectCode(res, route.ok, route.okCode);
    });
  });

  it('leaves the account as it was after a read-only key tried everything', async () => {
    const owner = await service.createUser('pro');
    const readOnly = await call(service, 'POST', '/api/v1/auth/keys', { key: owner.key, body: { name: 'leaked', permissions: ['read'] } });
    const secretBefore = (await call(service, 'GET', '/api/v1/auth/webhook-secret', { key: owner.key })).json.secret;
    const ownerKeyId = (await call(service, 'GET', '/api/v1/auth/validate', { key: owner.key })).json.key_id;
    const leaked = { key: readOnly.json.key };

    await call(service, 'PATCH', `/api/v1/auth/keys/${ownerKeyId}`, { ...leaked, body: { permissions: ['read'] } });
    await call(service, 'DELETE', `/api/v1/auth/keys/${ownerKeyId}`, leaked);
    await call(service, 'POST', '/api/v1/auth/webhook-secret/rotate', leaked);
    await call(service, 'POST', '/api/v1/auth/keys', { ...leaked, body: { name: 'backdoor', permissions: ['read'] } });

    const validated = await call(service, 'GET', '/api/v1/auth/validate', { key: owner.key });
    expect(validated.json).toMatchObject({ valid: true, permissions: ['read', 'process'] });
    expect((await call(service, 'GET', '/api/v1/auth/webhook-secret', { key: owner.key })).json.secret).toBe(secretBefore);
    const names = (await call(service, 'GET', '/api/v1/auth/keys', { key: owner.key })).json.keys.map((k: any) => k.name);
    expect(names.sort()).toEqual(['leaked', 'test']);
  });
});
