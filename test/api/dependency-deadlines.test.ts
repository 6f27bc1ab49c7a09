/**
 * No request is left unanswered when the database stops answering: the service reaches its
 * Postgres through a relay that can stall (connections accepted, nothing delivered), and requests
 * made meanwhile get 503 SERVICE_UNAVAILABLE with Retry-After; once the path carries traffic
 * again, the same requests succeed.
 */
import net from 'node:net';
import { VIDEO_MANUAL_AND_AUTO, startFakeYouTube, type FakeYouTube } from '../fake-youtube';
import { requireEnv } from '../support/infrastructure';
import { waitFor } from '../support/processes';
import { startTcpProxy, type TcpProxy } from '../support/tcp-proxy';
import { startTestService, type TestService } from '../support/test-service';

let youtube: FakeYouTube;
let proxy: TcpProxy;
let service: TestService;
let key: string;

// Far beyond the configured one-second bound: a request still unanswered by then is hung.
const HUNG_AFTER_MS = 20_000;

beforeAll(async () => {
  youtube = await startFakeYouTube();
  const postgres = new URL(requireEnv('TEST_DATABASE_URL'));
  proxy = await startTcpProxy({ host: postgres.hostname, port: Number(postgres.port || 5432) });
  service = await startTestService({
    youtubeBaseUrl: youtube.baseUrl,
    withWorker: false,
    databaseUrlFor: (url) => {
      const proxied = new URL(url);
      proxied.hostname = proxy.host;
      proxied.port = String(proxy.port);
      return proxied.toString();
    },
    env: { DATABASE_QUERY_TIMEOUT_MS: '1000', REQUEST_DEADLINE_MS: '4000' },
  });
  ({ key } = await service.createUser('pro'));
});

afterAll(async () => {
  proxy?.resume();
  await service?.stop();
  await proxy?.close();
  await youtube?.close();
});

/** Bounded, so a hang fails the test instead of stalling it. */
async function request(method: string, path: string, body?: unknown) {
  const response = await fetch(`${service.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${key}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
    signal: AbortSignal.timeout(HUNG_AFTER_MS),
  });
  return { status: response.status, retryAfter: response.headers.get('retry-after'), json: (await response.json()) as any };
}

const submit = () => request('POST', '/api/v1/videos/process', { url: VIDEO_MANUAL_AND_AUTO, options: { summary_modes: ['tldr'] } });

it('answers 503 SERVICE_UNAVAILABLE with Retry-After while the database is stalled, and recovers after', async () => {
  const before = await submit();
  expect(before.status).toBe(202);

  proxy.stall();
  const during = await Promise.all([submit(), request('GET', `/api/v1/videos/status/${before.json.job_id}`), submit()]);
  for (const answer of during) {
    expect({ status: answer.status, code: answer.json?.error?.code }).toEqual({ status: 503, code: 'SERVICE_UNAVAILABLE' });
    expect(Number(answer.retryAfter)).toBeGreaterThan(0);
    expect(answer.json.success).toBe(false);
    expect(typeof answer.json.request_id).toBe('string');
  }
  const health = await request('GET', '/health');
  expect(health.status).toBe(503);
  expect(health.json.checks.database.status).toBe('error');
  expect(health.json).toMatchObject({ success: false, status: 'degraded', error: { code: 'SERVICE_UNAVAILABLE', message: expect.stringContaining('database') }, request_id: expect.any(String) });

  proxy.resume();
  const after = await waitFor('a submission once the database answers again', async () => {
    const answer = await submit();
    return answer.status === 202 ? answer : null;
  });
  expect(after.json.job_id).toEqual(expect.any(String));
  const status = await request('GET', `/api/v1/videos/status/${after.json.job_id}`);
  expect(status.status).toBe(200);
  // Jobs accepted before the stall are intact.
  const earlier = await request('GET', `/api/v1/videos/status/${before.json.job_id}`);
  expect(earlier.status).toBe(200);
}, 120_000);

it('answers a body that stops arriving with 408 REQUEST_TIMEOUT and closes the connection: the client is late, not the service', async () => {
  const url = new URL(service.url);
  const socket = net.connect(Number(url.port), url.hostname);
  const received: Buffer[] = [];
  socket.on('data', (chunk) => received.push(chunk));
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  socket.write(
    `POST /api/v1/videos/process HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${key}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"url"`,
  );
  await Promise.race([closed, new Promise((_, reject) => setTimeout(() => reject(new Error('the connection was left open')), HUNG_AFTER_MS))]);
  const answer = Buffer.concat(received).toString('utf8');
  const [head, body] = answer.split('\r\n\r\n');
  expect(head).toMatch(/^HTTP\/1\.1 408 /);
  expect(head).toMatch(/\r\nconnection: close/i);
  expect(JSON.parse(body!)).toMatchObject({ success: false, error: { code: 'REQUEST_TIMEOUT' } });
}, 60_000);
