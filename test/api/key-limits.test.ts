/**
 * Keys cannot be used to multiply what an account may do, nor guessed for free
 * (docs/api-behaviour.md#throttling, docs/api-behaviour.md#failed-authentications-per-address):
 * at most KEYS_PER_USER_MAX active keys per user, even under concurrent creation; all of a user's
 * keys together held to twice the plan's per-minute limit; a per-address limit on failed
 * authentications; unknown keys remembered for a few seconds. Real API, Postgres
 * and Redis; no worker needed.
 */
import { issueApiKey } from '../../src/auth/api-key-format';
import { UNKNOWN_KEY_MEMORY_MS } from '../../src/auth/key-resolver';
import type { Permission } from '../../src/domain/access';
import { startApiServer } from '../../src/runtime/api-server';
import { insertKey } from '../../src/storage/repositories/api-key-admin';
import { privateLoopbackAddress, rawCall } from '../support/raw-http';
import { call, startTestService, type TestService } from '../support/test-service';

const KEY_CAP = 3;
const FREE_PER_KEY_PER_MINUTE = 3;
const FAILURES_PER_ADDRESS = 5;

let service: TestService;
let guarded: TestService;

beforeAll(async () => {
  [service, guarded] = await Promise.all([
    startTestService({
      withWorker: false,
      env: {
        KEYS_PER_USER_MAX: String(KEY_CAP),
        PLAN_LIMITS: JSON.stringify({ free: { requests_per_minute: FREE_PER_KEY_PER_MINUTE }, pro: { requests_per_minute: 1_000_000 } }),
      },
    }),
    // Its own service: the limit per address is the subject here, and every request to it comes
    // from a loopback address of its own (see rawCall).
    startTestService({ withWorker: false, env: { AUTH_FAILURES_PER_IP_PER_MINUTE: String(FAILURES_PER_ADDRESS) } }),
  ]);
});

afterAll(async () => {
  await Promise.all([service?.stop(), guarded?.stop()]);
});

type Res = { status: number; json: any };

function expectError(res: Res, status: number, code: string) {
  expect({ status: res.status, code: res.json?.error?.code }).toEqual({ status, code });
}

/** A key written straight to the database, so that making it costs no request against the throttle. */
async function extraKey(on: TestService, userId: string, permissions: Permission[] = ['read', 'process']) {
  const issued = issueApiKey();
  const row = await insertKey(on.db, { userId, name: 'extra', hash: issued.hash, prefix: issued.prefix, lastFour: issued.lastFour, permissions, expiresAt: null });
  return { key: issued.key, keyId: row.id };
}

const activeKeyCount = async (userId: string) =>
  (await service.db.selectFrom('api_keys').select('id').where('user_id', '=', userId).where('revoked_at', 'is', null).execute()).length;

describe('keys per user', () => {
  it(`refuses a key beyond KEYS_PER_USER_MAX active ones with 409 KEY_LIMIT_REACHED`, async () => {
    const user = await service.createUser('pro'); // holds one key
    const create = (name: string) => call(service, 'POST', '/api/v1/auth/keys', { key: user.key, body: { name } });
    const second = await create('second');
    expect(second.status).toBe(201);
    expect((await create('third')).status).toBe(201);

    const refused = await create('fourth');
    expectError(refused, 409, 'KEY_LIMIT_REACHED');
    expect(refused.json.error.details).toEqual({ limit: KEY_CAP, active: KEY_CAP });
    expect(await activeKeyCount(user.userId)).toBe(KEY_CAP);

    // Revoking one makes room.
    expect((await call(service, 'DELETE', `/api/v1/auth/keys/${second.json.key_id}`, { key: user.key })).status).toBe(200);
    expect((await create('instead of the second')).status).toBe(201);
    expectError(await create('one too many again'), 409, 'KEY_LIMIT_REACHED');

    // So does one that has expired: it cannot be used, so it does not count.
    await service.db.updateTable('api_keys').set({ expires_at: new Date(Date.now() - 1000) }).where('name', '=', 'third').where('user_id', '=', user.userId).execute();
    expect((await create('instead of the third')).status).toBe(201);
  });

  it('holds under concurrent creation', async () => {
    const user = await service.createUser('pro');
    const attempts = await Promise.all(
      Array.from({ length: 12 }, (_, i) => call(service, 'POST', '/api/v1/auth/keys', { key: user.key, body: { name: `race ${i}` } })),
    );
    const statuses = attempts.map((a) => a.status).sort();
    expect(statuses).toEqual([...Array(KEY_CAP - 1).fill(201), ...Array(12 - (KEY_CAP - 1)).fill(409)]);
    expect(await activeKeyCount(user.userId)).toBe(KEY_CAP);
  });
});

describe('throttle per user', () => {
  const get = (key: string) => call(service, 'GET', '/api/v1/videos/', { key });
  const headers = (res: { headers: Headers }) => ({
    limit: res.headers.get('ratelimit-limit'),
    remaining: res.headers.get('ratelimit-remaining'),
  });
  const perUser = String(2 * FREE_PER_KEY_PER_MINUTE);

  it("holds all of a user's keys together to twice the per-key limit, and the headers show the nearer limit", async () => {
    const user = await service.createUser('free');
    const [a, b, c] = [{ key: user.key }, await extraKey(service, user.userId), await extraKey(service, user.userId)];

    const perKey = String(FREE_PER_KEY_PER_MINUTE);
    // While the key's own limit is nearer, the headers show it...
    expect(headers(await get(a.key))).toEqual({ limit: perKey, remaining: '2' });
    expect(headers(await get(a.key))).toEqual({ limit: perKey, remaining: '1' });
    expect(headers(await get(b.key))).toEqual({ limit: perKey, remaining: '2' });
    expect(headers(await get(b.key))).toEqual({ limit: perKey, remaining: '1' });
    // ...and the user's once it is: five of six used, against one of key c's three.
    const fifth = await get(c.key);
    expect(fifth.status).toBe(200);
    expect(headers(fifth)).toEqual({ limit: perUser, remaining: '1' });
    expect(headers(await get(c.key))).toEqual({ limit: perUser, remaining: '0' });

    // Every key of the user is refused now, though none has used its own three.
    for (const key of [a.key, b.key, c.key]) {
      const refused = await get(key);
      expectError(refused, 429, 'RATE_LIMITED');
      expect(refused.json.error.details).toMatchObject({ limit: 2 * FREE_PER_KEY_PER_MINUTE, scope: 'user' });
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(headers(refused)).toEqual({ limit: perUser, remaining: '0' });
    }

    // Another user on the same plan is not affected.
    const other = await service.createUser('free');
    expect((await get(other.key)).status).toBe(200);
  });

  it("reports the user-wide window in the usage body too: what a key may still make is what the headers say", async () => {
    const user = await service.createUser('free');
    const [a, b] = [{ key: user.key }, await extraKey(service, user.userId)];
    for (let i = 0; i < FREE_PER_KEY_PER_MINUTE; i++) expect((await get(a.key)).status).toBe(200);
    // Four of the user's six used: b's own window has three, the user's two, this request included one.
    const report = await call(service, 'GET', '/api/v1/usage/limits', { key: b.key });
    expect(report.status).toBe(200);
    expect(report.json.rate_limits).toMatchObject({
      requests_per_minute: FREE_PER_KEY_PER_MINUTE,
      remaining: 2,
      per: 'key',
      account: { requests_per_minute: 2 * FREE_PER_KEY_PER_MINUTE, remaining: 2, per: 'account' },
    });
    expect(report.headers.get('ratelimit-remaining')).toBe('2');
    expect(report.json.rate_limits.reset_seconds).toBe(report.json.rate_limits.account.reset_seconds);
  });

  it("does not let one key's refused requests use up the others' share", async () => {
    const user = await service.createUser('free');
    const second = await extraKey(service, user.userId);
    const statuses: number[] = [];
    for (let i = 0; i < FREE_PER_KEY_PER_MINUTE + 5; i++) statuses.push((await get(user.key)).status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(FREE_PER_KEY_PER_MINUTE);
    const refused = await get(user.key);
    expect(refused.json.error.details).toMatchObject({ limit: FREE_PER_KEY_PER_MINUTE, scope: 'key' });
    for (let i = 0; i < FREE_PER_KEY_PER_MINUTE; i++) expect((await get(second.key)).status).toBe(200);
  });
});

describe('failed authentications per client address', () => {
  const unknownKey = () => issueApiKey().key;
  const validateFrom = (on: { url: string }, address: string, key?: string) =>
    rawCall(on, 'GET', '/api/v1/auth/validate', { localAddress: address, headers: key ? { authorization: `Bearer ${key}` } : {} });

  it('refuses further invalid keys from an address that failed too often with 429 RATE_LIMITED; other addresses are not affected', async () => {
    const user = await guarded.createUser('pro');
    const attacker = privateLoopbackAddress();
    const bystander = privateLoopbackAddress();
    for (let i = 0; i < FAILURES_PER_ADDRESS; i++) expectError(await validateFrom(guarded, attacker, unknownKey()), 401, 'INVALID_API_KEY');

    for (const key of [unknownKey(), 'sk_not-a-key']) {
      const refused = await validateFrom(guarded, attacker, key);
      expectError(refused, 429, 'RATE_LIMITED');
      expect(refused.json.error.details).toMatchObject({ limit: FAILURES_PER_ADDRESS, scope: 'address' });
      const retryAfter = Number(refused.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(60);
    }
    // Without a key there is nothing to guess: answered as usual.
    expectError(await validateFrom(guarded, attacker), 401, 'AUTHENTICATION_REQUIRED');

    expect((await validateFrom(guarded, bystander, user.key)).status).toBe(200);
    expectError(await validateFrom(guarded, bystander, unknownKey()), 401, 'INVALID_API_KEY');
  });

  it('never refuses a valid key for its address\'s failures', async () => {
    const user = await guarded.createUser('pro');
    const shared = privateLoopbackAddress(); // a guesser and a genuine client behind one address
    for (let i = 0; i < FAILURES_PER_ADDRESS; i++) expectError(await validateFrom(guarded, shared, unknownKey()), 401, 'INVALID_API_KEY');
    expectError(await validateFrom(guarded, shared, unknownKey()), 429, 'RATE_LIMITED');

    for (let i = 0; i < 3; i++) {
      const served = await validateFrom(guarded, shared, user.key);
      expect(served.status).toBe(200);
      expect(served.json).toMatchObject({ valid: true, user_id: user.userId });
      expectError(await validateFrom(guarded, shared, unknownKey()), 429, 'RATE_LIMITED');
    }
    // A route beyond validation too: the key does what it may.
    const listed = await rawCall(guarded, 'GET', '/api/v1/auth/keys', { localAddress: shared, headers: { authorization: `Bearer ${user.key}` } });
    expect(listed.status).toBe(200);
  });

  it('counts malformed, unknown and revoked keys, on every API process, but not valid ones', async () => {
    const user = await guarded.createUser('pro');
    const revoked = await extraKey(guarded, user.userId);
    const revocation = await rawCall(guarded, 'DELETE', `/api/v1/auth/keys/${revoked.keyId}`, {
      localAddress: privateLoopbackAddress(),
      headers: { authorization: `Bearer ${user.key}` },
    });
    expect(revocation.status).toBe(200);
    const second = await startApiServer(guarded.config, guarded.infra, guarded.logger);
    try {
      const address = privateLoopbackAddress();
      for (let i = 0; i < 2 * FAILURES_PER_ADDRESS; i++) expect((await validateFrom(i % 2 ? second : guarded, address, user.key)).status).toBe(200);
      const failures = ['sk_not-a-key', unknownKey(), revoked.key, 'vds_unknownlegacykey0000', unknownKey()];
      expect(failures).toHaveLength(FAILURES_PER_ADDRESS);
      for (const [i, key] of failures.entries()) expectError(await validateFrom(i % 2 ? second : guarded, address, key), 401, 'INVALID_API_KEY');
      // Both processes refuse the next invalid key: the one that counted the last failure from
      // memory, the other from the announcement or, had it missed it, from the full shared count.
      expectError(await validateFrom(guarded, address, unknownKey()), 429, 'RATE_LIMITED');
      expectError(await validateFrom(second, address, unknownKey()), 429, 'RATE_LIMITED');
      expect((await validateFrom(second, address, user.key)).status).toBe(200);
    } finally {
      await second.close();
    }
  });
});

describe('unknown keys', () => {
  const address = privateLoopbackAddress();
  const validate = (key: string) => rawCall(guarded, 'GET', '/api/v1/auth/validate', { localAddress: address, headers: { authorization: `Bearer ${key}` } });

  it('are remembered for a few seconds, without asking the database again', async () => {
    const user = await guarded.createUser('pro');
    const issued = issueApiKey();
    expectError(await validate(issued.key), 401, 'INVALID_API_KEY');
    // The key appears in the database by a way that tells the API nothing: while remembered, the
    // API does not look, so it still refuses it.
    await insertKey(guarded.db, { userId: user.userId, name: 'late', hash: issued.hash, prefix: issued.prefix, lastFour: issued.lastFour, permissions: ['read'], expiresAt: null });
    expectError(await validate(issued.key), 401, 'INVALID_API_KEY');
    await new Promise((resolve) => setTimeout(resolve, UNKNOWN_KEY_MEMORY_MS + 200));
    expect((await validate(issued.key)).status).toBe(200);
  });
});
