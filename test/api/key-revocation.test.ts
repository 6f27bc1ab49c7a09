/**
 * Key changes across API processes: each process caches keys in memory, so a revocation or a
 * narrowing made on one process must reach every other one before its next request. Two API
 * processes on the same Postgres and Redis: the test service, and `npm run start:api` as a real
 * child process.
 */
import { freePort } from '../support/ports';
import { requireEnv } from '../support/infrastructure';
import { spawnEntry, waitFor, type ServiceProcess } from '../support/processes';
import { call, startTestService, type TestService } from '../support/test-service';

let service: TestService;
let second: ServiceProcess;
let apiB: { url: string };

beforeAll(async () => {
  service = await startTestService({ withWorker: false });
  const port = await freePort();
  second = spawnEntry('src/api-main.ts', {
    DATABASE_URL: service.database.url,
    REDIS_URL: requireEnv('TEST_REDIS_URL'),
    TEMPORAL_ADDRESS: service.config.temporal.address!,
    TEMPORAL_TASK_QUEUE: service.config.temporal.taskQueue,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    // As the test service: no throttling in the way, nor other tests' bad keys from 127.0.0.1.
    PLAN_LIMITS: JSON.stringify({
      free: { requests_per_minute: 1_000_000 },
      pro: { requests_per_minute: 1_000_000 },
      admin: { requests_per_minute: 1_000_000 },
    }),
    AUTH_FAILURES_PER_IP_PER_MINUTE: '1000000',
  });
  apiB = { url: `http://127.0.0.1:${port}` };
  await Promise.race([
    waitFor('the second API process', async () => (await call(apiB, 'GET', '/health')).status === 200, 90_000),
    second.exited.then((code) => {
      throw new Error(`the second API process exited (${code}): ${second.output()}`);
    }),
  ]);
}, 120_000);

afterAll(async () => {
  await second?.kill('SIGTERM');
  await service?.stop();
});

const apiA = () => service;

function expectInvalidKey(res: { status: number; json: any }) {
  expect({ status: res.status, code: res.json?.error?.code }).toEqual({ status: 401, code: 'INVALID_API_KEY' });
}

async function createKey(owner: string, body: Record<string, unknown>) {
  const res = await call(apiA(), 'POST', '/api/v1/auth/keys', { key: owner, body });
  expect(res.status).toBe(201);
  return res.json as { key: string; key_id: string };
}

it('runs two API processes on the same database', async () => {
  const user = await service.createUser('pro');
  const created = await createKey(user.key, { name: 'seen by both' });
  // A key made on one process works on the other, and both list it.
  const listed = await call(apiB, 'GET', '/api/v1/auth/keys', { key: created.key });
  expect(listed.status).toBe(200);
  expect(listed.json.keys.map((k: any) => k.key_id)).toContain(created.key_id);
});

it('a key revoked on one process is refused by the other on its very next request', async () => {
  const user = await service.createUser('pro');
  // Both directions, several times: a race would show up as an occasional 200.
  for (let round = 0; round < 6; round++) {
    const [revoker, bystander] = round % 2 === 0 ? [apiA(), apiB] : [apiB, apiA()];
    const created = await createKey(user.key, { name: `round ${round}` });
    // Both processes have now authenticated the key, so both hold it in their caches.
    for (const api of [apiA(), apiB]) {
      for (let i = 0; i < 2; i++) expect((await call(api, 'GET', '/api/v1/auth/validate', { key: created.key })).status).toBe(200);
    }

    const revoked = await call(revoker, 'DELETE', `/api/v1/auth/keys/${created.key_id}`, { key: user.key });
    expect(revoked.json).toMatchObject({ success: true, key_id: created.key_id, revoked: true });

    expectInvalidKey(await call(bystander, 'GET', '/api/v1/videos/', { key: created.key }));
    expectInvalidKey(await call(revoker, 'GET', '/api/v1/videos/', { key: created.key }));
    expectInvalidKey(await call(bystander, 'GET', '/api/v1/auth/validate', { key: created.key }));
  }
  // The revoking user's own key is untouched on both.
  expect((await call(apiB, 'GET', '/api/v1/auth/validate', { key: user.key })).status).toBe(200);
  expect((await call(apiA(), 'GET', '/api/v1/auth/validate', { key: user.key })).status).toBe(200);
});

it('a key that revokes itself is refused everywhere at once', async () => {
  const user = await service.createUser('pro');
  const created = await createKey(user.key, { name: 'self' });
  expect((await call(apiA(), 'GET', '/api/v1/auth/validate', { key: created.key })).status).toBe(200);
  expect((await call(apiB, 'GET', '/api/v1/auth/validate', { key: created.key })).status).toBe(200);
  expect((await call(apiB, 'DELETE', `/api/v1/auth/keys/${created.key_id}`, { key: created.key })).status).toBe(200);
  expectInvalidKey(await call(apiA(), 'GET', '/api/v1/auth/validate', { key: created.key }));
});

it('narrowed permissions apply on the other process on its next request', async () => {
  const user = await service.createUser('pro');
  const created = await createKey(user.key, { name: 'narrowed' });
  // POST process with an empty body: 422 with the process permission, 403 without, and no job made.
  const tryProcess = (api: { url: string }) => call(api, 'POST', '/api/v1/videos/process', { key: created.key, body: {} });
  expect((await tryProcess(apiA())).status).toBe(422);
  expect((await tryProcess(apiB)).status).toBe(422);

  const patched = await call(apiA(), 'PATCH', `/api/v1/auth/keys/${created.key_id}`, { key: user.key, body: { permissions: ['read'] } });
  expect(patched.json.permissions).toEqual(['read']);

  const refused = await tryProcess(apiB);
  expect({ status: refused.status, code: refused.json?.error?.code }).toEqual({ status: 403, code: 'INSUFFICIENT_PERMISSIONS' });
  expect((await call(apiB, 'GET', '/api/v1/auth/validate', { key: created.key })).json.permissions).toEqual(['read']);
  expect((await tryProcess(apiA())).status).toBe(403);
});
