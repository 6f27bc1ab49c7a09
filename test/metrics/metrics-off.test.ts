/**
 * METRICS_PORT=0: the API and a worker in this process, as under npm start, and the only port
 * they open is the API's: no /metrics listener, and no exporter from the Temporal core either
 * (read from /proc, which sees native listeners too). Measuring goes on all the same, in memory.
 */
import { VIDEO_MANUAL_AND_AUTO, startFakeYouTube, type FakeYouTube } from '../fake-youtube';
import { call, startTestService, waitForJob, type TestService } from '../support/test-service';
import { listening } from './listening-sockets';

let youtube: FakeYouTube;
let service: TestService | undefined;

beforeAll(async () => {
  youtube = await startFakeYouTube();
});

afterAll(async () => {
  await service?.stop();
  await youtube?.close();
});

it('opens no metrics listener and no Temporal exporter', async () => {
  const before = listening(process.pid);
  service = await startTestService({ youtubeBaseUrl: youtube.baseUrl, env: { METRICS_PORT: '0' } });
  expect(service.infra.metricsServer).toBeNull();
  const { key } = await service.createUser('pro');
  const submitted = await call(service, 'POST', '/api/v1/videos/process', { key, body: { url: VIDEO_MANUAL_AND_AUTO } });
  expect(submitted.status).toBe(202);
  expect((await waitForJob(service, key, submitted.json.job_id)).final.status).toBe('completed');

  const opened = listening(process.pid).filter((socket) => !before.some((known) => known.port === socket.port));
  expect(opened).toEqual([{ address: '127.0.0.1', port: Number(new URL(service.url).port) }]);

  const text = await service.infra.metrics.registry.metrics();
  expect(text).toMatch(/^video_digest_jobs_completed_total 1$/m);
});
