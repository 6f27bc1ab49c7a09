/**
 * Hostile input, credentials (docs/api-behaviour.md#authentication): a request that presents two
 * keys is refused with 401 INVALID_API_KEY rather than served with whichever the server happens to
 * pick — Authorization sent twice, X-API-Key sent twice, or the two headers naming different keys.
 * Real Postgres and Redis; no worker needed.
 */
import { rawCall } from '../support/raw-http';
import { startTestService, type TestService } from '../support/test-service';

let service: TestService;
let mine: { key: string; userId: string };
let theirs: { key: string; userId: string };

beforeAll(async () => {
  service = await startTestService({ withWorker: false });
  mine = await service.createUser('pro');
  theirs = await service.createUser('pro');
});

afterAll(async () => {
  await service?.stop();
});

const validate = (headers: Record<string, string | string[]>) => rawCall(service, 'GET', '/api/v1/auth/validate', { headers });

function expectRefused(res: { status: number; json: any }) {
  expect({ status: res.status, code: res.json?.error?.code }).toEqual({ status: 401, code: 'INVALID_API_KEY' });
  expect(res.json.success).toBe(false);
}

describe('duplicate credentials', () => {
  it('accepts one key, in either header, or the same key in both', async () => {
    const oneKey: Array<Record<string, string>> = [
      { authorization: `Bearer ${mine.key}` },
      { 'x-api-key': mine.key },
      { authorization: `Bearer ${mine.key}`, 'x-api-key': mine.key },
    ];
    for (const headers of oneKey) {
      const res = await validate(headers);
      expect(res.status).toBe(200);
      expect(res.json.user_id).toBe(mine.userId);
    }
  });

  it.each([
    ['two valid keys of different users', () => [`Bearer ${mine.key}`, `Bearer ${theirs.key}`]],
    ['a valid key, then an unknown one', () => [`Bearer ${mine.key}`, `Bearer sk_${'0'.repeat(64)}`]],
    ['an unknown key, then a valid one', () => [`Bearer sk_${'0'.repeat(64)}`, `Bearer ${mine.key}`]],
    ['the same key twice', () => [`Bearer ${mine.key}`, `Bearer ${mine.key}`]],
  ])('refuses Authorization sent twice: %s', async (_case, values) => {
    expectRefused(await validate({ authorization: values() }));
  });

  it('refuses X-API-Key sent twice', async () => {
    expectRefused(await validate({ 'x-api-key': [mine.key, theirs.key] }));
    expectRefused(await validate({ 'x-api-key': [mine.key, mine.key] }));
  });

  it.each([
    ['two valid keys of different users', () => ({ authorization: `Bearer ${mine.key}`, 'x-api-key': theirs.key })],
    ['a valid Authorization and an unknown X-API-Key', () => ({ authorization: `Bearer ${mine.key}`, 'x-api-key': `sk_${'1'.repeat(64)}` })],
    ['an unknown Authorization and a valid X-API-Key', () => ({ authorization: `Bearer sk_${'1'.repeat(64)}`, 'x-api-key': mine.key })],
    ['a valid X-API-Key and a malformed Bearer key', () => ({ authorization: `Bearer ${mine.key} extra`, 'x-api-key': mine.key })],
  ])('refuses Authorization and X-API-Key that differ: %s', async (_case, headers) => {
    expectRefused(await validate(headers()));
  });

  it('takes X-API-Key beside an Authorization of another scheme, which holds no key of ours', async () => {
    const res = await validate({ authorization: 'Basic dXNlcjpwYXNz', 'x-api-key': mine.key });
    expect(res.status).toBe(200);
    expect(res.json.user_id).toBe(mine.userId);
  });

  it('refuses them on every kind of route, before the route does anything', async () => {
    const headers = { authorization: `Bearer ${mine.key}`, 'x-api-key': theirs.key };
    expectRefused(await rawCall(service, 'POST', '/api/v1/auth/keys', { headers, body: { name: 'two keys' } }));
    expectRefused(await rawCall(service, 'GET', '/api/v1/videos/', { headers }));
    const keys = await rawCall(service, 'GET', '/api/v1/auth/keys', { headers: { authorization: `Bearer ${mine.key}` } });
    expect(keys.json.keys.map((k: any) => k.name)).not.toContain('two keys');
  });
});
