/**
 * A YouTube that gives no answer at all against one that answers badly, end to end: the first
 * ends the job SOURCE_UNREACHABLE after the retries, the second INTERNAL_ERROR.
 * Real API, Postgres, Redis, Temporal server and worker; "YouTube" is a local HTTP server that
 * answers 503 to everything, then is shut so that connections are refused.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { call, startTestService, waitForJob, type TestService } from '../support/test-service';

let youtube: Server;
let youtubeRequests = 0;
let service: TestService;
let key: string;

beforeAll(async () => {
  youtube = createServer((req, res) => {
    youtubeRequests++;
    req.resume();
    res.writeHead(503, { 'content-type': 'text/html; charset=utf-8' }).end('<html><body>Service Unavailable</body></html>');
  });
  await new Promise<void>((resolve) => youtube.listen(0, '127.0.0.1', resolve));
  const { port } = youtube.address() as AddressInfo;
  service = await startTestService({ youtubeBaseUrl: `http://127.0.0.1:${port}` });
  ({ key } = await service.createUser('pro'));
});

afterAll(async () => {
  await service?.stop();
  if (youtube?.listening) await new Promise<void>((resolve) => youtube.close(() => resolve()));
  youtube?.closeAllConnections();
});

async function runJob(videoId: string) {
  const res = await call(service, 'POST', '/api/v1/videos/process', { key, body: { url: `https://www.youtube.com/watch?v=${videoId}` } });
  expect(res.status).toBe(202);
  return (await waitForJob(service, key, res.json.job_id)).final;
}

// In this order: the second test shuts the server the first one talks to.
describe('when YouTube cannot be fetched from', () => {
  it('ends INTERNAL_ERROR when YouTube answers, but only with server errors', async () => {
    const final = await runJob('genServErr1');
    expect(final).toMatchObject({ status: 'failed', error: { code: 'INTERNAL_ERROR' } });
    expect(final.error.message).toContain('503');
    // FETCH_MAX_ATTEMPTS is 3 in tests, each attempt with one quick retry of its own.
    expect(youtubeRequests).toBe(6);
  });

  it('ends SOURCE_UNREACHABLE, after the retries, when nothing answers at all', async () => {
    const closed = new Promise<void>((resolve) => youtube.close(() => resolve()));
    youtube.closeAllConnections();
    await closed;
    const final = await runJob('genNoAnswer');
    expect(final).toMatchObject({ status: 'failed', current_step: 'failed', error: { code: 'SOURCE_UNREACHABLE' } });
    expect(final.error.message).toMatch(/could not be reached/i);
    expect(final.error.message).toContain('ECONNREFUSED');

    const result = await call(service, 'GET', `/api/v1/videos/result/${final.job_id}`, { key });
    expect(result.status).toBe(409);
    expect(result.json.error).toMatchObject({ code: 'JOB_FAILED', details: { error: { code: 'SOURCE_UNREACHABLE' } } });
  });
});
