/**
 * Requests reach their routes through one router per resource (src/http/router.ts): as a single
 * router would have it, matching ignores case and a trailing slash, a path served with another
 * method gets 405, and a path no route serves gets 404, whichever router it falls to.
 */
import { z } from 'zod';
import { buildRouters, resourceOf, type RouterDeps } from '../../src/http/router';
import { defineRoute } from '../../src/http/route';
import { startTestService, type TestService } from '../support/test-service';

let service: TestService;
let key: string;
const UNKNOWN_JOB = 'job_AAAAAAAAAAAAAAAAAAAAAA';

beforeAll(async () => {
  service = await startTestService({ withWorker: false });
  ({ key } = await service.createUser('pro'));
});

afterAll(async () => {
  await service?.stop();
});

async function call(method: string, path: string): Promise<{ status: number; code?: string; message?: string; type: string; allow: string | null }> {
  const res = await fetch(`${service.url}${path}`, { method, headers: { authorization: `Bearer ${key}` } });
  const type = res.headers.get('content-type') ?? '';
  const body = type.includes('json') ? ((await res.json()) as { error?: { code: string; message: string } }) : (await res.text(), {});
  return { status: res.status, code: body.error?.code, message: body.error?.message, type, allow: res.headers.get('allow') };
}

describe('matching', () => {
  it.each([
    `/api/v1/videos/status/${UNKNOWN_JOB}`,
    `/API/V1/Videos/status/${UNKNOWN_JOB}`,
    `/api/v1/videos/status/${UNKNOWN_JOB}/`,
  ])('%s reaches the status route', async (path) => {
    // The route's own answer for a job that does not exist, not the router's "no route".
    await expect(call('GET', path)).resolves.toMatchObject({ status: 404, code: 'NOT_FOUND', message: 'Job not found' });
  });

  it('answers a path of a known resource that no route serves with 404', async () => {
    await expect(call('GET', '/api/v1/videos/nothing-here')).resolves.toMatchObject({
      status: 404,
      code: 'NOT_FOUND',
      message: 'No route for GET /api/v1/videos/nothing-here',
    });
  });

  it('answers a path of no known resource with 404', async () => {
    await expect(call('GET', '/api/v2/videos/status/x')).resolves.toMatchObject({ status: 404, code: 'NOT_FOUND', message: 'No route for GET /api/v2/videos/status/x' });
  });

  it('answers a served path asked with another method with 405 and the methods it has in Allow (RFC 9110)', async () => {
    await expect(call('DELETE', `/api/v1/videos/status/${UNKNOWN_JOB}`)).resolves.toMatchObject({ status: 405, code: 'METHOD_NOT_ALLOWED', allow: 'HEAD, GET' });
    await expect(call('PUT', '/api/v1/videos/process')).resolves.toMatchObject({ status: 405, code: 'METHOD_NOT_ALLOWED', allow: 'POST' });
  });

  it('answers a method no route knows with the same 405 and Allow', async () => {
    await expect(call('PROPFIND', '/api/v1/auth/keys')).resolves.toMatchObject({ status: 405, code: 'METHOD_NOT_ALLOWED', allow: expect.stringContaining('POST') });
  });

  it('serves routes that are no declared ones (the API reference) and one-segment routes', async () => {
    await expect(call('GET', '/docs')).resolves.toMatchObject({ status: 200, type: expect.stringContaining('text/html') });
    await expect(call('GET', '/health')).resolves.toMatchObject({ status: 200 });
  });
});

describe('resources', () => {
  it('are the first three segments, lower-cased, without empty ones', () => {
    expect(resourceOf('/api/v1/videos/status/job_x')).toBe('/api/v1/videos');
    expect(resourceOf('/API/V1/Videos/')).toBe('/api/v1/videos');
    expect(resourceOf('/health/')).toBe('/health');
    expect(resourceOf('/')).toBe('');
  });

  it('must be literal in a route template, so every path a route matches has its resource', () => {
    const route = defineRoute({
      method: 'get',
      path: '/api/:version/things',
      summary: 'Things',
      tags: ['things'],
      auth: { kind: 'none' },
      request: { params: z.object({ version: z.string() }) },
      responses: { 200: { description: 'Things' } },
      async handler() {
        return { body: {} };
      },
    });
    expect(() => buildRouters([route], {} as RouterDeps)).toThrow("A route's first 3 path segments must be literal: /api/:version/things");
  });
});
