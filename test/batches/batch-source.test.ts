/**
 * Batches from a playlist or a channel, end to end over HTTP: the source read across continuation
 * pages, its videos run as ordinary children in the source's order, the quota reserved for
 * max_videos and the unfilled part given back, a private playlist ending the batch failed, and
 * the requests refused before anything is accepted. Real API, Postgres, Temporal and worker.
 */
import { sql } from 'kysely';
import { createTemporalClient, type TemporalHandle } from '../../src/temporal/client';
import { quotaPeriod } from '../../src/domain/plans';
import { fakeListEntries, generatedVideoId, startFakeYouTube, type FakeUnplayableEntry, type FakeYouTube } from '../fake-youtube';
import { call, startTestService, type TestService } from '../support/test-service';
import { pollBatch, replayBatchHistory } from './support';

const PLAYLIST = 'PLbatchsourcetest000001';
const CHANNEL = 'UCbatchsourcetestchan001';
const ids = (from: number, count: number) => Array.from({ length: count }, (_, i) => generatedVideoId(from + i));

let youtube: FakeYouTube;
let service: TestService;
let temporal: TemporalHandle;

beforeAll(async () => {
  youtube = await startFakeYouTube();
  service = await startTestService({ youtubeBaseUrl: youtube.baseUrl, env: { BATCH_CONCURRENCY: '10' } });
  temporal = createTemporalClient({ address: service.config.temporal.address!, namespace: service.config.temporal.namespace, taskQueue: service.config.temporal.taskQueue });
  const unplayable: FakeUnplayableEntry[] = [{ videoId: 'genPRIVATE41', unplayable: 'private' }, { videoId: 'genDELETED41', unplayable: 'deleted' }];
  youtube.addPlaylist({ playlistId: PLAYLIST, title: 'A course', entries: fakeListEntries(41_000, 104, { at: 10, entries: unplayable }), pageSize: 30 });
  youtube.addPlaylist({ playlistId: 'PLbatchsourceprivate0001', title: 'Hidden', entries: ids(41_500, 3), state: 'private' });
  const uploads = fakeListEntries(41_200, 3, { at: 1, entries: [{ videoId: 'genMEMBERS41', unplayable: 'members-only' }] });
  youtube.addChannel({ channelId: CHANNEL, title: 'A channel', handle: 'BatchSourceCreator', uploads });
}, 120_000);

afterAll(async () => {
  await temporal?.close();
  await service?.stop();
  await youtube?.close();
});

async function videosAccepted(userId: string): Promise<number> {
  const period = quotaPeriod().start.toISOString().slice(0, 10);
  const row = await service.db
    .selectFrom('usage_periods')
    .select('videos_accepted')
    .where('user_id', '=', userId)
    .where('period_start', '=', sql<Date>`${period}::date`)
    .executeTakeFirst();
  return row?.videos_accepted ?? 0;
}

test('a playlist of 100 read across continuation pages runs its videos in list order', async () => {
  const user = await service.createUser('pro');
  const url = `youtube.com/playlist?list=${PLAYLIST}`;
  const submitted = await call(service, 'POST', '/api/v1/batch/process', {
    key: user.key,
    body: { source: { playlist_url: url, max_videos: 100 }, options: { summary_modes: ['tldr'] } },
  });
  expect(submitted.status).toBe(202);
  expect(submitted.json).toMatchObject({ status: 'processing', total_jobs: 0, job_ids: [], source: { playlist_url: `https://www.youtube.com/playlist?list=${PLAYLIST}`, max_videos: 100 } });
  expect(await videosAccepted(user.userId)).toBe(100);

  const { final } = await pollBatch(service, user.key, submitted.json.batch_id, { timeoutMs: 400_000, intervalMs: 1000 });
  expect(final).toMatchObject({ status: 'completed', total_jobs: 100, completed_jobs: 100, source: { max_videos: 100 } });
  expect(final.jobs.map((job: any) => job.video_url)).toEqual(ids(41_000, 100).map((id) => `https://www.youtube.com/watch?v=${id}`));
  expect(await videosAccepted(user.userId)).toBe(100);
  // The page and three continuations of 30 (two entries unplayable), nothing more.
  const reads = youtube.requests.filter((r) => r.path === '/playlist' || r.path === '/youtubei/v1/browse');
  expect(reads.map((r) => r.path)).toEqual(['/playlist', '/youtubei/v1/browse', '/youtubei/v1/browse', '/youtubei/v1/browse']);
  expect(await replayBatchHistory(temporal.client, submitted.json.batch_id)).toBeGreaterThan(300);
}, 480_000);

test('a channel named by its handle: newest uploads first, members-only skipped, the unused quota given back', async () => {
  const user = await service.createUser('pro');
  const submitted = await call(service, 'POST', '/api/v1/batch/process', {
    key: user.key,
    body: { source: { channel_url: 'https://www.youtube.com/@BatchSourceCreator/videos', max_videos: 10 } },
  });
  expect(submitted.status).toBe(202);
  expect(await videosAccepted(user.userId)).toBe(10);
  const { final } = await pollBatch(service, user.key, submitted.json.batch_id, { timeoutMs: 120_000 });
  expect(final).toMatchObject({ status: 'completed', total_jobs: 3, source: { channel_url: 'https://www.youtube.com/@BatchSourceCreator', max_videos: 10 } });
  expect(final.jobs.map((job: any) => job.video_url)).toEqual(ids(41_200, 3).map((id) => `https://www.youtube.com/watch?v=${id}`));
  expect(await videosAccepted(user.userId)).toBe(3);
  const child = await call(service, 'GET', `/api/v1/videos/status/${final.jobs[0].job_id}`, { key: user.key });
  expect(child.json.batch_id).toBe(submitted.json.batch_id);
}, 180_000);

test('a private playlist ends the batch failed with SOURCE_UNAVAILABLE and gives the whole reservation back', async () => {
  const user = await service.createUser('pro');
  const submitted = await call(service, 'POST', '/api/v1/batch/process', {
    key: user.key,
    body: { source: { playlist_url: 'https://www.youtube.com/playlist?list=PLbatchsourceprivate0001' } },
  });
  expect(submitted.status).toBe(202);
  expect(submitted.json.source).toEqual({ playlist_url: 'https://www.youtube.com/playlist?list=PLbatchsourceprivate0001', max_videos: 50 });
  const { final } = await pollBatch(service, user.key, submitted.json.batch_id, { timeoutMs: 60_000 });
  expect(final).toMatchObject({ status: 'failed', total_jobs: 0, jobs: [], error: { code: 'SOURCE_UNAVAILABLE' } });
  expect(final.error.message).toContain('This playlist is private.');
  expect(await videosAccepted(user.userId)).toBe(0);
  const results = await call(service, 'GET', `/api/v1/batch/results/${submitted.json.batch_id}`, { key: user.key });
  expect(results.json).toMatchObject({ status: 'failed', error: { code: 'SOURCE_UNAVAILABLE' } });
}, 90_000);

test('requests refused before anything is accepted', async () => {
  const user = await service.createUser('pro');
  const refused = async (body: unknown) => (await call(service, 'POST', '/api/v1/batch/process', { key: user.key, body })).json.error;
  expect(await refused({ source: { playlist_url: 'https://www.youtube.com/@someone' } })).toMatchObject({ code: 'UNSUPPORTED_URL', details: { path: 'source.playlist_url' } });
  expect(await refused({ source: { channel_url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' } })).toMatchObject({ code: 'UNSUPPORTED_URL' });
  expect(await refused({ source: { playlist_url: `youtube.com/playlist?list=${PLAYLIST}`, max_videos: 101 } })).toMatchObject({ code: 'VALIDATION_ERROR' });
  expect(await refused({ source: {} })).toMatchObject({ code: 'VALIDATION_ERROR' });
  expect(await refused({ videos: [{ url: 'dQw4w9WgXcQ' }], source: { playlist_url: `youtube.com/playlist?list=${PLAYLIST}` } })).toMatchObject({ code: 'VALIDATION_ERROR' });
  expect(await refused({ videos: [{ url: 'dQw4w9WgXcQ' }], options: { summary_modes: ['tldr'] } })).toMatchObject({ code: 'VALIDATION_ERROR' });
  const free = await service.createUser('free');
  const gated = await call(service, 'POST', '/api/v1/batch/process', { key: free.key, body: { source: { playlist_url: `youtube.com/playlist?list=${PLAYLIST}` } } });
  expect(gated.status).toBe(403);
  await service.db.updateTable('usage_periods').set({ videos_accepted: 1990 }).where('user_id', '=', user.userId).execute();
  await call(service, 'POST', '/api/v1/videos/process', { key: user.key, body: { url: 'dQw4w9WgXcQ' } });
  await service.db.updateTable('usage_periods').set({ videos_accepted: 1990 }).where('user_id', '=', user.userId).execute();
  const over = await call(service, 'POST', '/api/v1/batch/process', { key: user.key, body: { source: { playlist_url: `youtube.com/playlist?list=${PLAYLIST}`, max_videos: 11 } } });
  expect(over.status).toBe(429);
  expect(over.json.error.code).toBe('QUOTA_EXCEEDED');
  expect(await videosAccepted(user.userId)).toBe(1990);
});
