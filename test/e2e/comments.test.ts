/** include_comments end to end: comments in the result and the summaries, and never fatal. */
import { VIDEO_COMMENTS_OFF, VIDEO_COMMENTS_REFUSED, VIDEO_MANUAL_AND_AUTO, startFakeYouTube, type FakeYouTube } from '../fake-youtube';
import { call, startTestService, waitForJob, type TestService } from '../support/test-service';

let youtube: FakeYouTube;
let service: TestService;
let key: string;

beforeAll(async () => {
  youtube = await startFakeYouTube();
  service = await startTestService({ youtubeBaseUrl: youtube.baseUrl, env: { COMMENTS_LIMIT: '50' } });
  ({ key } = await service.createUser('pro'));
});
afterAll(async () => {
  await service?.stop();
  await youtube?.close();
});

async function runJob(body: Record<string, unknown>) {
  const res = await call(service, 'POST', '/api/v1/videos/process', { key, body });
  expect(res.status).toBe(202);
  expect(res.json.warnings).toEqual([]);
  const { final } = await waitForJob(service, key, res.json.job_id, 120_000);
  expect(final.status).toBe('completed');
  return (await call(service, 'GET', `/api/v1/videos/result/${res.json.job_id}`, { key })).json;
}

it('reads the top comments up to COMMENTS_LIMIT and adds "What viewers say" to detailed and key_insights', async () => {
  const result = await runJob({ url: VIDEO_MANUAL_AND_AUTO, options: { include_comments: true, summary_modes: ['tldr', 'detailed', 'key_insights'] } });
  expect(result.comments.fetched).toBe(50);
  expect(result.comments.items).toHaveLength(50);
  const first = result.comments.items[0];
  expect(first).toEqual({
    comment_id: expect.any(String),
    author: expect.any(String),
    text: expect.any(String),
    like_count: expect.any(Number),
    reply_count: expect.any(Number),
    published: expect.any(String),
    is_pinned: true,
    is_creator: true,
  });
  for (const item of result.comments.items) expect(item.text).not.toMatch(/\u0000/);
  expect(result.summaries.detailed.content).toContain('## What viewers say');
  expect(result.summaries.key_insights.content).toContain('## What viewers say');
  expect(result.summaries.tldr.content).not.toContain('What viewers say');
  expect(result.warnings).toEqual([]);
});

it('reads the watch page once in a job with comments and captions', async () => {
  const asked = () => youtube.requestsFor(VIDEO_MANUAL_AND_AUTO).map((request) => request.path);
  const before = asked().length;
  // force_refresh: the captions are downloaded in this job, not taken from the cache.
  const result = await runJob({ url: VIDEO_MANUAL_AND_AUTO, force_refresh: true, options: { include_comments: true, summary_modes: ['tldr'] } });
  expect(result.comments.fetched).toBe(50);
  const paths = asked().slice(before);
  expect(paths.filter((path) => path === '/api/timedtext').length).toBeGreaterThan(0);
  expect(paths.filter((path) => path === '/youtubei/v1/next').length).toBeGreaterThan(0);
  expect(paths.filter((path) => path === '/watch')).toHaveLength(1);
});

it('exports the PDF of a job with comments, "What viewers say" and all', async () => {
  const result = await runJob({ url: VIDEO_MANUAL_AND_AUTO, force_refresh: true, options: { include_comments: true, summary_modes: ['detailed', 'key_insights'] } });
  const response = await fetch(`${service.url}/api/v1/videos/export/${result.job_id}/pdf`, { headers: { authorization: `Bearer ${key}` } });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('application/pdf');
  expect(Buffer.from(await response.arrayBuffer()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
});

it('leaves comments out of the result when they were not asked for', async () => {
  const result = await runJob({ url: VIDEO_MANUAL_AND_AUTO, options: { summary_modes: ['detailed'] } });
  expect(result).not.toHaveProperty('comments');
  expect(result.summaries.detailed.content).not.toContain('What viewers say');
});

it.each([
  ['turned off', VIDEO_COMMENTS_OFF, /turned off/i],
  ['refused', VIDEO_COMMENTS_REFUSED, /refused|403/i],
])('completes the job when comments are %s: comments null and COMMENTS_UNAVAILABLE', async (_case, video, reason) => {
  const result = await runJob({ url: video, options: { include_comments: true, summary_modes: ['detailed'] } });
  expect(result.comments).toBeNull();
  const warning = result.warnings.find((w: { code: string }) => w.code === 'COMMENTS_UNAVAILABLE');
  expect(warning).toBeDefined();
  expect(warning.message).toMatch(reason);
  expect(result.summaries.detailed.content).not.toContain('What viewers say');
});
