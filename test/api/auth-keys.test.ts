/**
 * Key management, key validation and the webhook secret as an API client sees them
 * (docs/api-behaviour.md#permissions-and-key-management, docs/api-behaviour.md#signing): the
 * full key shown once, no escalation, owner checks, revocation and expiry, legacy keys imported
 * through the CLI. Real Postgres, Redis and Temporal; no worker needed.
 */
import { randomBytes } from 'node:crypto';
import { hashApiKey } from '../../src/auth/api-key-format';
import { runEntry } from '../support/processes';
import { call, startTestService, type TestService } from '../support/test-service';

let service: TestService;
let pro: { key: string; userId: string; email: string };
let other: { key: string; userId: string; email: string };

beforeAll(async () => {
  service = await startTestService({ withWorker: false });
  pro = await service.createUser('pro');
  other = await service.createUser('pro');
});

afterAll(async () => {
  await service?.stop();
});

type Res = { status: number; json: any; headers: Headers };

function expectError(res: Res, status: number, code: string) {
  expect({ status: res.status, code: res.json?.error?.code }).toEqual({ status, code });
  expect(res.json.success).toBe(false);
  expect(typeof res.json.error.message).toBe('string');
  expect(res.json.request_id).toBe(res.headers.get('x-request-id'));
}

const KEY_RECORD_FIELDS = ['key_id', 'name', 'prefix', 'last_four', 'permissions', 'created_at', 'expires_at', 'last_used_at'].sort();

async function createKey(key: string, body: Record<string, unknown>) {
  const res = await call(service, 'POST', '/api/v1/auth/keys', { key, body });
  expect(res.status).toBe(201);
  return res.json as { key: string; key_id: string; permissions: string[]; [field: string]: unknown };
}

/** A route that needs `process`, answered before any job is made: 422 with it, 403 without. */
const tryProcess = (key: string) => call(service, 'POST', '/api/v1/videos/process', { key, body: {} });

describe('creating keys', () => {
  it('shows the full key once, and the key works at once', async () => {
    const res = await call(service, 'POST', '/api/v1/auth/keys', { key: pro.key, body: { name: 'integration' } });
    expect(res.status).toBe(201);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const created = res.json;
    expect(Object.keys(created).sort()).toEqual(['success', 'key', ...KEY_RECORD_FIELDS].sort());
    expect(created).toMatchObject({
      success: true,
      key: expect.stringMatching(/^sk_[0-9a-f]{64}$/),
      key_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: 'integration',
      permissions: ['read', 'process'],
      expires_at: null,
      last_used_at: null,
    });
    expect(created.key.startsWith(created.prefix)).toBe(true);
    expect(created.key.endsWith(created.last_four)).toBe(true);
    expect(created.last_four).toHaveLength(4);
    expect(new Date(created.created_at).toISOString()).toBe(created.created_at);

    const jobs = await call(service, 'GET', '/api/v1/videos/', { key: created.key });
    expect(jobs.status).toBe(200);
    const validated = await call(service, 'GET', '/api/v1/auth/validate', { key: created.key });
    expect(validated.json).toMatchObject({ valid: true, key_id: created.key_id, user_id: pro.userId });

    // Only the hash is stored.
    const row = await service.db.selectFrom('api_keys').selectAll().where('id', '=', created.key_id).executeTakeFirstOrThrow();
    expect(row.key_hash).toBe(hashApiKey(created.key));
    expect(JSON.stringify(row)).not.toContain(created.key);
  });

  it('validates name and expires_at', async () => {
    const post = (body: unknown) => call(service, 'POST', '/api/v1/auth/keys', { key: pro.key, body });
    const missing = await post({});
    expectError(missing, 422, 'VALIDATION_ERROR');
    expect(missing.json.error.details.issues[0].path).toBe('name');
    expectError(await post({ name: '' }), 422, 'VALIDATION_ERROR');
    expectError(await post({ name: '   ' }), 422, 'VALIDATION_ERROR');
    expectError(await post({ name: 'x'.repeat(101) }), 422, 'VALIDATION_ERROR');
    expect((await post({ name: 'x'.repeat(100) })).status).toBe(201);
    expectError(await post({ name: 'k', permissions: [] }), 422, 'VALIDATION_ERROR');
    expectError(await post({ name: 'k', permissions: ['read', 'read'] }), 422, 'VALIDATION_ERROR');
    expectError(await post({ name: 'k', permissions: ['write'] }), 422, 'VALIDATION_ERROR');
    expectError(await post({ name: 'k', surprise: true }), 422, 'VALIDATION_ERROR');

    const past = await post({ name: 'k', expires_at: '2020-01-01T00:00:00Z' });
    expectError(past, 422, 'VALIDATION_ERROR');
    expect(past.json.error.details.issues).toEqual([{ path: 'expires_at', message: 'must be in the future' }]);
    expectError(await post({ name: 'k', expires_at: 'tomorrow' }), 422, 'VALIDATION_ERROR');
    expectError(await post({ name: 'k', expires_at: '2099-01-01T00:00:00' }), 422, 'VALIDATION_ERROR'); // no time zone
    expectError(await post({ name: 'k', expires_at: 1893456000 }), 422, 'VALIDATION_ERROR');

    const withOffset = await post({ name: 'k', expires_at: '2099-01-01T02:00:00+02:00' });
    expect(withOffset.status).toBe(201);
    expect(withOffset.json.expires_at).toBe('2099-01-01T00:00:00.000Z');
    expect((await post({ name: 'k', expires_at: null })).json.expires_at).toBeNull();

    expectError(await call(service, 'POST', '/api/v1/auth/keys', { key: pro.key, rawBody: '{"name":' }), 400, 'INVALID_JSON');
  });

  it('defaults to the plan defaults the calling key holds', async () => {
    const admin = await service.createUser('admin');
    expect((await createKey(admin.key, { name: 'all' })).permissions).toEqual(['read', 'process', 'admin']);
    const adminWithoutAdmin = await service.createUser('admin', ['read', 'process']);
    expect((await createKey(adminWithoutAdmin.key, { name: 'narrow' })).permissions).toEqual(['read', 'process']);
    expect((await createKey(pro.key, { name: 'pro default' })).permissions).toEqual(['read', 'process']);
    const free = await service.createUser('free');
    expect((await createKey(free.key, { name: 'free default' })).permissions).toEqual(['read', 'process']);
  });

  it('never grants more than the calling key holds', async () => {
    const processOnly = await service.createUser('admin', ['process']);
    const escalate = await call(service, 'POST', '/api/v1/auth/keys', { key: processOnly.key, body: { name: 'p', permissions: ['read', 'process'] } });
    expectError(escalate, 403, 'INSUFFICIENT_PERMISSIONS');
    expect(escalate.json.error.details).toEqual({ required: 'read', missing: ['read'], held: ['process'], plan: 'admin' });
    // A subset is fine, in canonical order whatever order was asked.
    expect((await createKey(processOnly.key, { name: 'p', permissions: ['process'] })).permissions).toEqual(['process']);
    expect((await createKey(pro.key, { name: 'pr', permissions: ['process', 'read'] })).permissions).toEqual(['read', 'process']);
    const keys = await call(service, 'GET', '/api/v1/auth/keys', { key: processOnly.key });
    expect(keys.json.keys.some((k: any) => k.permissions.includes('read') || k.permissions.includes('admin'))).toBe(false);
  });

  it('needs the process permission: a read-only key cannot make keys', async () => {
    const readOnly = await service.createUser('pro', ['read']);
    for (const body of [{ name: 'r', permissions: ['read'] }, { name: 'default' }]) {
      const refused = await call(service, 'POST', '/api/v1/auth/keys', { key: readOnly.key, body });
      expectError(refused, 403, 'INSUFFICIENT_PERMISSIONS');
      expect(refused.json.error.details.required).toBe('process');
    }
    const keys = await call(service, 'GET', '/api/v1/auth/keys', { key: readOnly.key });
    expect(keys.status).toBe(200);
    expect(keys.json.keys).toHaveLength(1);
  });

  it('gives admin only on the admin plan', async () => {
    const proAdmin = await call(service, 'POST', '/api/v1/auth/keys', { key: pro.key, body: { name: 'a', permissions: ['admin'] } });
    expectError(proAdmin, 403, 'INSUFFICIENT_PERMISSIONS');
    expect(proAdmin.json.error.details).toEqual({ required: 'admin', missing: ['admin'], held: ['read', 'process'], plan: 'pro' });
    // A pro user holding an admin key (say, after a downgrade) still cannot hand admin out.
    const downgraded = await service.createUser('pro', ['read', 'process', 'admin']);
    expectError(
      await call(service, 'POST', '/api/v1/auth/keys', { key: downgraded.key, body: { name: 'a', permissions: ['read', 'admin'] } }),
      403,
      'INSUFFICIENT_PERMISSIONS',
    );
    expect((await createKey(downgraded.key, { name: 'default' })).permissions).toEqual(['read', 'process']);

    const admin = await service.createUser('admin');
    expect((await createKey(admin.key, { name: 'a', permissions: ['admin'] })).permissions).toEqual(['admin']);
  });

  it('needs a valid key', async () => {
    expectError(await call(service, 'POST', '/api/v1/auth/keys', { body: { name: 'x' } }), 401, 'AUTHENTICATION_REQUIRED');
    expectError(await call(service, 'GET', '/api/v1/auth/keys'), 401, 'AUTHENTICATION_REQUIRED');
    expectError(await call(service, 'GET', '/api/v1/auth/validate', { key: `sk_${'b'.repeat(64)}` }), 401, 'INVALID_API_KEY');
    expectError(await call(service, 'GET', '/api/v1/auth/webhook-secret', { key: 'sk_nope' }), 401, 'INVALID_API_KEY');
  });
});

describe('listing keys', () => {
  it("lists the user's unrevoked keys, never a key or its hash", async () => {
    const user = await service.createUser('pro');
    const first = await createKey(user.key, { name: 'first' });
    const second = await createKey(user.key, { name: 'second', permissions: ['read'], expires_at: '2099-06-01T00:00:00.000Z' });
    await createKey(other.key, { name: 'someone else' });

    const res = await call(service, 'GET', '/api/v1/auth/keys', { key: user.key });
    expect(res.status).toBe(200);
    expect(res.json.success).toBe(true);
    const keys = res.json.keys as any[];
    expect(keys.map((k) => k.name)).toEqual(['second', 'first', 'test']); // newest first
    for (const key of keys) expect(Object.keys(key).sort()).toEqual(KEY_RECORD_FIELDS);
    expect(keys[0]).toMatchObject({ key_id: second.key_id, permissions: ['read'], expires_at: '2099-06-01T00:00:00.000Z' });
    for (const secret of [user.key, first.key, second.key]) {
      expect(res.text).not.toContain(secret);
      expect(res.text).not.toContain(hashApiKey(secret));
    }

    const one = await call(service, 'GET', `/api/v1/auth/keys/${first.key_id}`, { key: user.key });
    expect(one.status).toBe(200);
    expect(Object.keys(one.json).sort()).toEqual(['success', ...KEY_RECORD_FIELDS].sort());
    expect(one.text).not.toContain(first.key);
  });
});

describe('updating keys', () => {
  it('renames a key', async () => {
    const created = await createKey(pro.key, { name: 'old name' });
    const res = await call(service, 'PATCH', `/api/v1/auth/keys/${created.key_id}`, { key: pro.key, body: { name: 'new name' } });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ success: true, key_id: created.key_id, name: 'new name', permissions: ['read', 'process'] });
    expect(res.text).not.toContain(created.key);
    expect(Object.keys(res.json).sort()).toEqual(['success', ...KEY_RECORD_FIELDS].sort());
  });

  it('narrows permissions, effective on the next request', async () => {
    const created = await createKey(pro.key, { name: 'narrowing' });
    expectError(await tryProcess(created.key), 422, 'VALIDATION_ERROR'); // has process (and is now cached)
    expect((await call(service, 'GET', '/api/v1/videos/', { key: created.key })).status).toBe(200);

    const res = await call(service, 'PATCH', `/api/v1/auth/keys/${created.key_id}`, { key: pro.key, body: { permissions: ['read'] } });
    expect(res.status).toBe(200);
    expect(res.json.permissions).toEqual(['read']);
    const refused = await tryProcess(created.key);
    expectError(refused, 403, 'INSUFFICIENT_PERMISSIONS');
    expect(refused.json.error.details.required).toBe('process');
    expect((await call(service, 'GET', '/api/v1/videos/', { key: created.key })).status).toBe(200);

    // Read-only now, it cannot change itself or any other key...
    expectError(
      await call(service, 'PATCH', `/api/v1/auth/keys/${created.key_id}`, { key: created.key, body: { name: 'self' } }),
      403,
      'INSUFFICIENT_PERMISSIONS',
    );
    // ...but a key with process may narrow itself.
    const another = await createKey(pro.key, { name: 'narrowing itself' });
    const self = await call(service, 'PATCH', `/api/v1/auth/keys/${another.key_id}`, { key: another.key, body: { permissions: ['read'], name: 'self' } });
    expect(self.json).toMatchObject({ name: 'self', permissions: ['read'] });
  });

  it('never widens beyond the calling key', async () => {
    const readOnly = await createKey(pro.key, { name: 'ro', permissions: ['read'] });
    // Not itself...
    expectError(
      await call(service, 'PATCH', `/api/v1/auth/keys/${readOnly.key_id}`, { key: readOnly.key, body: { permissions: ['read', 'process'] } }),
      403,
      'INSUFFICIENT_PERMISSIONS',
    );
    // ...nor another key of the user, nor admin on a pro plan.
    const target = await createKey(pro.key, { name: 'target', permissions: ['read'] });
    expectError(
      await call(service, 'PATCH', `/api/v1/auth/keys/${target.key_id}`, { key: readOnly.key, body: { permissions: ['process'] } }),
      403,
      'INSUFFICIENT_PERMISSIONS',
    );
    expectError(
      await call(service, 'PATCH', `/api/v1/auth/keys/${target.key_id}`, { key: pro.key, body: { permissions: ['read', 'admin'] } }),
      403,
      'INSUFFICIENT_PERMISSIONS',
    );
    const unchanged = await call(service, 'GET', `/api/v1/auth/keys/${target.key_id}`, { key: pro.key });
    expect(unchanged.json.permissions).toEqual(['read']);
    // The full key may widen it again.
    const widened = await call(service, 'PATCH', `/api/v1/auth/keys/${target.key_id}`, { key: pro.key, body: { permissions: ['read', 'process'] } });
    expect(widened.json.permissions).toEqual(['read', 'process']);
    expectError(await tryProcess(target.key), 422, 'VALIDATION_ERROR');
  });

  it('validates the body', async () => {
    const created = await createKey(pro.key, { name: 'v' });
    const patch = (body: unknown) => call(service, 'PATCH', `/api/v1/auth/keys/${created.key_id}`, { key: pro.key, body });
    expectError(await patch({}), 422, 'VALIDATION_ERROR');
    expectError(await patch({ name: '' }), 422, 'VALIDATION_ERROR');
    expectError(await patch({ name: 'y'.repeat(101) }), 422, 'VALIDATION_ERROR');
    expectError(await patch({ permissions: [] }), 422, 'VALIDATION_ERROR');
    expectError(await patch({ permissions: 'read' }), 422, 'VALIDATION_ERROR');
    expectError(await patch({ expires_at: '2099-01-01T00:00:00Z' }), 422, 'VALIDATION_ERROR');
  });
});

describe('revoking keys', () => {
  it('revokes at once', async () => {
    const created = await createKey(pro.key, { name: 'doomed' });
    expect((await call(service, 'GET', '/api/v1/auth/validate', { key: created.key })).status).toBe(200);

    const res = await call(service, 'DELETE', `/api/v1/auth/keys/${created.key_id}`, { key: pro.key });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ success: true, key_id: created.key_id, revoked: true, revoked_at: expect.any(String) });

    expectError(await call(service, 'GET', '/api/v1/auth/validate', { key: created.key }), 401, 'INVALID_API_KEY');
    expectError(await call(service, 'GET', '/api/v1/videos/', { key: created.key }), 401, 'INVALID_API_KEY');
    const list = await call(service, 'GET', '/api/v1/auth/keys', { key: pro.key });
    expect(list.json.keys.map((k: any) => k.key_id)).not.toContain(created.key_id);
    // Gone: revoking or changing it again is "not found".
    expectError(await call(service, 'DELETE', `/api/v1/auth/keys/${created.key_id}`, { key: pro.key }), 404, 'NOT_FOUND');
    expectError(await call(service, 'PATCH', `/api/v1/auth/keys/${created.key_id}`, { key: pro.key, body: { name: 'x' } }), 404, 'NOT_FOUND');
    expectError(await call(service, 'GET', `/api/v1/auth/keys/${created.key_id}`, { key: pro.key }), 404, 'NOT_FOUND');
    const row = await service.db.selectFrom('api_keys').select('revoked_at').where('id', '=', created.key_id).executeTakeFirstOrThrow();
    expect(row.revoked_at).toBeInstanceOf(Date);
  });

  it('needs the process permission', async () => {
    const target = await createKey(pro.key, { name: 'kept' });
    const readOnly = await createKey(pro.key, { name: 'read only', permissions: ['read'] });
    for (const keyId of [target.key_id, readOnly.key_id]) {
      const refused = await call(service, 'DELETE', `/api/v1/auth/keys/${keyId}`, { key: readOnly.key });
      expectError(refused, 403, 'INSUFFICIENT_PERMISSIONS');
      expect(refused.json.error.details.required).toBe('process');
    }
    expect((await call(service, 'GET', '/api/v1/auth/validate', { key: target.key })).status).toBe(200);
    expect((await call(service, 'GET', `/api/v1/auth/keys/${target.key_id}`, { key: readOnly.key })).status).toBe(200);
  });

  it('lets a key revoke itself', async () => {
    const created = await createKey(pro.key, { name: 'self-revoking' });
    expect((await call(service, 'DELETE', `/api/v1/auth/keys/${created.key_id}`, { key: created.key })).status).toBe(200);
    expectError(await call(service, 'GET', '/api/v1/auth/keys', { key: created.key }), 401, 'INVALID_API_KEY');
  });
});

describe('owner checks', () => {
  it("treats another user's key like an unknown one", async () => {
    const theirs = await createKey(other.key, { name: 'theirs' });
    for (const [method, body] of [['GET', undefined], ['PATCH', { name: 'mine now' }], ['DELETE', undefined]] as const) {
      const res = await call(service, method, `/api/v1/auth/keys/${theirs.key_id}`, { key: pro.key, body });
      expectError(res, 404, 'NOT_FOUND');
    }
    const still = await call(service, 'GET', `/api/v1/auth/keys/${theirs.key_id}`, { key: other.key });
    expect(still.json).toMatchObject({ name: 'theirs', permissions: ['read', 'process'] });
    expect((await call(service, 'GET', '/api/v1/auth/validate', { key: theirs.key })).status).toBe(200);
  });

  it('answers malformed and unknown ids with NOT_FOUND', async () => {
    for (const id of ['nope', '12345', `${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}`]) {
      expectError(await call(service, 'GET', `/api/v1/auth/keys/${id}`, { key: pro.key }), 404, 'NOT_FOUND');
      expectError(await call(service, 'DELETE', `/api/v1/auth/keys/${id}`, { key: pro.key }), 404, 'NOT_FOUND');
      expectError(await call(service, 'PATCH', `/api/v1/auth/keys/${id}`, { key: pro.key, body: { name: 'x' } }), 404, 'NOT_FOUND');
    }
  });
});

describe('validate', () => {
  it('describes the calling key', async () => {
    const created = await createKey(pro.key, { name: 'v', permissions: ['read'], expires_at: '2099-01-01T00:00:00Z' });
    const res = await call(service, 'GET', '/api/v1/auth/validate', { headers: { 'x-api-key': created.key } });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      success: true,
      valid: true,
      key_id: created.key_id,
      user_id: pro.userId,
      plan: 'pro',
      permissions: ['read'],
      expires_at: '2099-01-01T00:00:00.000Z',
    });
    const plain = await call(service, 'GET', '/api/v1/auth/validate', { key: pro.key });
    expect(plain.json).toMatchObject({ valid: true, plan: 'pro', permissions: ['read', 'process'], expires_at: null });
  });
});

describe('expiry', () => {
  it('refuses a key once it has expired, cached or not', async () => {
    const expiresAt = new Date(Date.now() + 2_000);
    const created = await createKey(pro.key, { name: 'short-lived', expires_at: expiresAt.toISOString() });
    expect((await call(service, 'GET', '/api/v1/auth/validate', { key: created.key })).status).toBe(200); // cached now
    await new Promise((resolve) => setTimeout(resolve, expiresAt.getTime() - Date.now() + 100));
    expectError(await call(service, 'GET', '/api/v1/auth/validate', { key: created.key }), 401, 'INVALID_API_KEY');
    expectError(await call(service, 'GET', '/api/v1/videos/', { key: created.key }), 401, 'INVALID_API_KEY');
    // Expired keys are still listed (with their expires_at) until revoked.
    const list = await call(service, 'GET', '/api/v1/auth/keys', { key: pro.key });
    expect(list.json.keys.find((k: any) => k.key_id === created.key_id)).toMatchObject({ expires_at: expiresAt.toISOString() });
  });
});

describe('webhook secret', () => {
  it('is made on first read, stable, and changed by rotation', async () => {
    const user = await service.createUser('free');
    const first = await call(service, 'GET', '/api/v1/auth/webhook-secret', { key: user.key });
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('no-store');
    expect(Object.keys(first.json).sort()).toEqual(['secret', 'success']);
    const secret = first.json.secret as string;
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]+={0,2}$/);
    expect(Buffer.from(secret.slice('whsec_'.length), 'base64').length).toBeGreaterThanOrEqual(24);
    expect((await call(service, 'GET', '/api/v1/auth/webhook-secret', { key: user.key })).json.secret).toBe(secret);
    const stored = await service.db.selectFrom('users').select('webhook_secret').where('id', '=', user.userId).executeTakeFirstOrThrow();
    expect(stored.webhook_secret).toBe(secret);

    const rotated = await call(service, 'POST', '/api/v1/auth/webhook-secret/rotate', { key: user.key });
    expect(rotated.status).toBe(200);
    expect(rotated.json.success).toBe(true);
    expect(rotated.json.secret).toMatch(/^whsec_/);
    expect(rotated.json.secret).not.toBe(secret);
    expect((await call(service, 'GET', '/api/v1/auth/webhook-secret', { key: user.key })).json.secret).toBe(rotated.json.secret);

    const theirs = await call(service, 'GET', '/api/v1/auth/webhook-secret', { key: other.key });
    expect(theirs.json.secret).not.toBe(rotated.json.secret);
  });

  it('is neither shown to nor rotated by a read-only key', async () => {
    const user = await service.createUser('pro');
    const readOnly = await createKey(user.key, { name: 'read only', permissions: ['read'] });
    const secret = (await call(service, 'GET', '/api/v1/auth/webhook-secret', { key: user.key })).json.secret;
    for (const [method, path] of [['GET', '/api/v1/auth/webhook-secret'], ['POST', '/api/v1/auth/webhook-secret/rotate']] as const) {
      const refused = await call(service, method, path, { key: readOnly.key });
      expectError(refused, 403, 'INSUFFICIENT_PERMISSIONS');
      expect(refused.json.error.details.required).toBe('process');
      expect(JSON.stringify(refused.json)).not.toContain('whsec_');
    }
    expect((await call(service, 'GET', '/api/v1/auth/webhook-secret', { key: user.key })).json.secret).toBe(secret);
  });

  it('agrees on one secret under concurrent first reads', async () => {
    const user = await service.createUser('pro');
    const reads = await Promise.all(Array.from({ length: 8 }, () => call(service, 'GET', '/api/v1/auth/webhook-secret', { key: user.key })));
    expect(new Set(reads.map((r) => r.json.secret)).size).toBe(1);
  });
});

describe('command line', () => {
  const cli = (args: string[], env: Record<string, string> = {}) =>
    runEntry('src/cli/main.ts', { DATABASE_URL: service.database.url, LOG_LEVEL: 'silent', ...env }, args);

  it('imports a legacy key, which is then accepted', async () => {
    const legacyKey = `vds_${randomBytes(24).toString('base64url')}`;
    expectError(await call(service, 'GET', '/api/v1/auth/validate', { key: legacyKey }), 401, 'INVALID_API_KEY');

    const imported = await cli(['keys', 'import', '--email', pro.email.toUpperCase(), '--key', legacyKey, '--name', 'legacy']);
    expect(imported.code).toBe(0);
    const printed = JSON.parse(imported.output.trim());
    expect(printed).toEqual({ key_id: expect.any(String), user_id: pro.userId, email: pro.email, prefix: legacyKey.slice(0, 8) });

    const validated = await call(service, 'GET', '/api/v1/auth/validate', { key: legacyKey });
    expect(validated.status).toBe(200);
    expect(validated.json).toMatchObject({ key_id: printed.key_id, user_id: pro.userId, permissions: ['read', 'process'] });
    expect((await call(service, 'GET', '/api/v1/videos/', { headers: { 'x-api-key': legacyKey } })).status).toBe(200);

    const row = await service.db.selectFrom('api_keys').selectAll().where('id', '=', printed.key_id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ key_hash: hashApiKey(legacyKey), name: 'legacy', last_four: legacyKey.slice(-4) });
    expect(JSON.stringify(row)).not.toContain(legacyKey);
    const list = await call(service, 'GET', '/api/v1/auth/keys', { key: legacyKey });
    expect(list.text).not.toContain(legacyKey);

    // Twice is refused; so are malformed keys, unknown users and permissions beyond the plan.
    const again = await cli(['keys', 'import', '--email', pro.email, '--key', legacyKey]);
    expect(again.code).toBe(1);
    expect(again.output).toMatch(/already registered/);
    const malformed = await cli(['keys', 'import', '--email', pro.email, '--key', 'vds_short']);
    expect(malformed.code).toBe(64);
    const unknownUser = await cli(['keys', 'import', '--email', 'nobody@example.com', '--key', `vds_${randomBytes(24).toString('hex')}`]);
    expect(unknownUser.code).toBe(1);
    expect(unknownUser.output).toMatch(/no user/);
    const tooMuch = await cli(['keys', 'import', '--email', pro.email, '--key', `vds_${randomBytes(24).toString('hex')}`, '--permissions', 'read,admin']);
    expect(tooMuch.code).toBe(1);
  }, 120_000);

  it('names the configured legacy key prefix in its usage, even when other settings are invalid', async () => {
    const byDefault = await cli(['--help']);
    expect(byDefault.code).toBe(0);
    expect(byDefault.output).toContain('a legacy vds_... key');
    const configured = await cli(['--help'], { LEGACY_KEY_PREFIX: 'acme', PORT: 'not-a-port' });
    expect(configured.code).toBe(0);
    expect(configured.output).toContain('a legacy acme_... key');
    expect(configured.output).not.toContain('<LEGACY_KEY_PREFIX>');
    const misused = await cli(['keys', 'nonsense'], { LEGACY_KEY_PREFIX: 'acme' });
    expect(misused.code).toBe(64);
    expect(misused.output).toContain('a legacy acme_... key');
  }, 60_000);

  it('honours LEGACY_KEY_PREFIX when importing', async () => {
    const wrongPrefix = await cli(['keys', 'import', '--email', pro.email, '--key', `acme_${randomBytes(24).toString('hex')}`]);
    expect(wrongPrefix.code).toBe(64);
  }, 60_000);

  it('creates a key for an existing user', async () => {
    const created = await cli(['keys', 'create', '--email', other.email, '--name', 'from cli', '--permissions', 'read']);
    expect(created.code).toBe(0);
    const printed = JSON.parse(created.output.trim());
    expect(printed).toEqual({ key_id: expect.any(String), user_id: other.userId, api_key: expect.stringMatching(/^sk_[0-9a-f]{64}$/) });
    const validated = await call(service, 'GET', '/api/v1/auth/validate', { key: printed.api_key });
    expect(validated.json).toMatchObject({ key_id: printed.key_id, user_id: other.userId, permissions: ['read'] });
    const one = await call(service, 'GET', `/api/v1/auth/keys/${printed.key_id}`, { key: other.key });
    expect(one.json.name).toBe('from cli');

    const usage = await cli(['keys', 'create', '--email', other.email, '--permissions', 'write']);
    expect(usage.code).toBe(64);
  }, 60_000);
});

describe('OpenAPI', () => {
  it('documents every auth route with its schemas and errors', async () => {
    const doc = (await call(service, 'GET', '/openapi.json')).json;
    const paths = doc.paths;
    expect(Object.keys(paths['/api/v1/auth/keys']).sort()).toEqual(['get', 'post']);
    expect(Object.keys(paths['/api/v1/auth/keys/{key_id}']).sort()).toEqual(['delete', 'get', 'patch']);
    expect(paths['/api/v1/auth/validate'].get).toBeDefined();
    expect(paths['/api/v1/auth/webhook-secret'].get).toBeDefined();
    expect(paths['/api/v1/auth/webhook-secret/rotate'].post).toBeDefined();
    const create = paths['/api/v1/auth/keys'].post;
    expect(Object.keys(create.responses)).toEqual(expect.arrayContaining(['201', '401', '403', '409', '422']));
    expect(create.responses['409'].description).toContain('KEY_LIMIT_REACHED');
    for (const [path, method] of [['/api/v1/auth/keys/{key_id}', 'delete'], ['/api/v1/auth/webhook-secret', 'get'], ['/api/v1/auth/webhook-secret/rotate', 'post']]) {
      expect(paths[path!][method!].responses['403'].description).toContain('INSUFFICIENT_PERMISSIONS');
    }
    expect(create.requestBody.content['application/json'].schema).toBeDefined();
    expect(Object.keys(paths['/api/v1/auth/keys/{key_id}'].patch.responses)).toEqual(expect.arrayContaining(['200', '403', '404', '422']));
    expect(doc.components.schemas.CreatedApiKey.properties.key).toBeDefined();
    expect(doc.components.schemas.ApiKey.properties.key_hash).toBeUndefined();
  });
});
