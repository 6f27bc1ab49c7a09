/**
 * use_proxy end to end: POST /api/v1/videos/process with a proxy added through the admin API,
 * the real worker and its Postgres-backed pool, a real forward proxy (egress 127.0.0.2) and the
 * fake YouTube, which tells direct requests (127.0.0.1) from proxied ones by their address.
 */
import { generatedVideoId, startFakeYouTube, type FakeYouTube } from '../fake-youtube';
import { startHttpProxy, type TestHttpProxy } from '../support/http-proxy';
import { call, startTestService, waitForJob, type TestService } from '../support/test-service';

const DIRECT = '127.0.0.1';
const PROXIED = '127.0.0.2';

let youtube: FakeYouTube;
let proxy: TestHttpProxy;
let service: TestService;
let key: string;

beforeAll(async () => {
  [youtube, proxy] = await Promise.all([startFakeYouTube(), startHttpProxy({ egressAddress: PROXIED })]);
  service = await startTestService({ youtubeBaseUrl: youtube.baseUrl });
  ({ key } = await service.createUser('admin'));
  const added = await call(service, 'POST', '/api/v1/proxies', { key, body: { url: proxy.url, label: 'e2e' } });
  expect(added.status).toBe(201);
});

afterAll(async () => {
  await service?.stop();
  await Promise.all([youtube?.close(), proxy?.close()]);
});

let nextVideo = 7000;
const freshVideo = () => generatedVideoId(nextVideo++);

async function runJob(videoId: string, useProxy: boolean | null | undefined) {
  const body: Record<string, unknown> = { url: `https://www.youtube.com/watch?v=${videoId}` };
  if (useProxy !== undefined) body.use_proxy = useProxy;
  const submitted = await call(service, 'POST', '/api/v1/videos/process', { key, body });
  expect(submitted.status).toBe(202);
  const { final } = await waitForJob(service, key, submitted.json.job_id);
  return final;
}

const addressesFor = (videoId: string) => new Set(youtube.requestsFor(videoId).map((r) => r.remoteAddress));

it('use_proxy true: every YouTube request of the job goes through the proxy', async () => {
  const videoId = freshVideo();
  const tunnelsBefore = proxy.tunnels.length;
  const final = await runJob(videoId, true);
  expect(final).toMatchObject({ status: 'completed', video_id: videoId });
  // The watch page (metadata, handed on to the transcript step), then the caption track.
  expect(youtube.requestsFor(videoId).map((r) => r.path)).toEqual([expect.stringContaining('/watch'), expect.not.stringContaining('/watch')]);
  expect(addressesFor(videoId)).toEqual(new Set([PROXIED]));
  expect(proxy.tunnels.length).toBeGreaterThan(tunnelsBefore);

  const result = await call(service, 'GET', `/api/v1/videos/result/${final.job_id}`, { key });
  expect(result.json.transcript.segments.length).toBeGreaterThan(0);
});

it('use_proxy null: direct while YouTube lets us through', async () => {
  const videoId = freshVideo();
  const final = await runJob(videoId, null);
  expect(final.status).toBe('completed');
  expect(addressesFor(videoId)).toEqual(new Set([DIRECT]));
});

it('use_proxy null (and left out): fails over to the proxy when direct requests are bot-checked, and completes', async () => {
  for (const useProxy of [null, undefined]) {
    const videoId = freshVideo();
    youtube.setBehaviour(videoId, { refuseFrom: { addresses: [DIRECT], with: 'bot-check' } });
    const final = await runJob(videoId, useProxy);
    expect(final).toMatchObject({ status: 'completed', progress_percentage: 100 });
    const requests = youtube.requestsFor(videoId);
    expect(requests.filter((r) => r.remoteAddress === DIRECT).length).toBeGreaterThan(0);
    expect(requests.filter((r) => r.remoteAddress === PROXIED).length).toBeGreaterThan(0);
    // Everything that succeeded came through the proxy.
    expect(requests.filter((r) => r.remoteAddress === PROXIED).every((r) => r.status === 200)).toBe(true);
  }
});

it('use_proxy false: never touches the proxy, and the bot-checked job fails SOURCE_BLOCKED', async () => {
  const videoId = freshVideo();
  youtube.setBehaviour(videoId, { refuseFrom: { addresses: [DIRECT], with: 'bot-check' } });
  const tunnelsBefore = proxy.tunnels.length;
  const final = await runJob(videoId, false);
  expect(final).toMatchObject({ status: 'failed', error: { code: 'SOURCE_BLOCKED' } });
  expect(addressesFor(videoId)).toEqual(new Set([DIRECT]));
  expect(proxy.tunnels.length).toBe(tunnelsBefore);
});
