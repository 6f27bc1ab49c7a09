import { parseVideoUrl } from '../../src/domain/video-url';
import { canonicalSourceUrl, parseChannelUrl, parsePlaylistUrl, type VideoSource } from '../../src/domain/source-url';
import { createYouTubeClient, type YouTubeClient } from '../../src/youtube';
import { fakeListEntries, generatedVideoId, startFakeYouTube, type FakeUnplayableEntry, type FakeYouTube } from '../fake-youtube';
import { youTubeFailureOf } from '../support/youtube-failure';

/** readSource and readFeed against the fake YouTube over real HTTP. */

const CHANNEL_ID = 'UCsourcesclienttest00001';
const PLAYLIST_ID = 'PLsourcesclienttest00001';
const ids = (from: number, count: number) => Array.from({ length: count }, (_, i) => generatedVideoId(from + i));

let fake: FakeYouTube;
let youtube: YouTubeClient;

beforeAll(async () => {
  fake = await startFakeYouTube({ port: 0 });
  youtube = createYouTubeClient({ baseUrl: fake.baseUrl, requestTimeoutMs: 5000 });
  const unplayable: FakeUnplayableEntry[] = [{ videoId: 'genPRIVATE01', unplayable: 'private' }, { videoId: 'genDELETED01', unplayable: 'deleted' }];
  fake.addPlaylist({ playlistId: PLAYLIST_ID, title: 'A course', entries: fakeListEntries(1000, 120, { at: 3, entries: unplayable }), pageSize: 40 });
  fake.addPlaylist({ playlistId: 'PLprivateplaylist000001', title: 'Hidden', entries: ids(0, 3), state: 'private' });
  const uploads = fakeListEntries(2000, 70, { at: 1, entries: [{ videoId: 'genMEMBERS1', unplayable: 'members-only' }] });
  fake.addChannel({ channelId: CHANNEL_ID, title: 'A channel', handle: 'SomeCreator', customName: 'somecreator', userName: 'somecreatorold', uploads });
  fake.addChannel({ channelId: 'UCterminatedchannel00001', title: 'Gone', handle: 'gone', uploads: [], terminated: true });
});

afterAll(async () => {
  await youtube.close();
  await fake.close();
});

const playlist = (url: string): VideoSource => parsePlaylistUrl(url)!;
const channel = (url: string): VideoSource => parseChannelUrl(url)!;

describe('source addresses', () => {
  test.each([
    ['https://www.youtube.com/playlist?list=PLabcdefghij12', { kind: 'playlist', playlistId: 'PLabcdefghij12' }],
    ['youtube.com/playlist?list=PLabcdefghij12', { kind: 'playlist', playlistId: 'PLabcdefghij12' }],
    ['https://m.youtube.com/watch?v=dQw4w9WgXcQ&list=PLabcdefghij12', { kind: 'playlist', playlistId: 'PLabcdefghij12' }],
  ])('%s is a playlist', (url, expected) => {
    expect(parsePlaylistUrl(url)).toEqual(expected);
    expect(parseChannelUrl(url)).toBeNull();
  });

  test.each([
    ['https://www.youtube.com/@SomeCreator', { by: 'handle', handle: 'SomeCreator' }],
    ['https://www.youtube.com/@SomeCreator/videos', { by: 'handle', handle: 'SomeCreator' }],
    [`https://www.youtube.com/channel/${CHANNEL_ID}`, { by: 'id', channelId: CHANNEL_ID }],
    [`youtube.com/channel/${CHANNEL_ID}/videos`, { by: 'id', channelId: CHANNEL_ID }],
    ['https://www.youtube.com/c/somecreator', { by: 'custom', name: 'somecreator' }],
    ['https://www.youtube.com/user/somecreatorold/videos', { by: 'user', name: 'somecreatorold' }],
  ])('%s is a channel', (url, expected) => {
    expect(parseChannelUrl(url)).toEqual({ kind: 'channel', channel: expected });
    expect(parsePlaylistUrl(url)).toBeNull();
  });

  test.each([
    'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    'https://example.com/playlist?list=PLabcdefghij12',
    'https://www.youtube.com/channel/UCshort',
    'https://www.youtube.com/@a',
    'https://www.youtube.com/@name/videos/extra',
    'ftp://www.youtube.com/@SomeCreator',
  ])('%s is neither', (url) => {
    expect(parsePlaylistUrl(url)).toBeNull();
    expect(parseChannelUrl(url)).toBeNull();
  });

  test('a watch address with a list is still that one video', () => {
    expect(parseVideoUrl('https://www.youtube.com/watch?v=dQw4w9WgXcQ&list=PLabcdefghij12')?.videoId).toBe('dQw4w9WgXcQ');
  });

  test('canonical addresses', () => {
    expect(canonicalSourceUrl(playlist('youtube.com/playlist?list=PLabcdefghij12'))).toBe('https://www.youtube.com/playlist?list=PLabcdefghij12');
    expect(canonicalSourceUrl(channel('http://youtube.com/@SomeCreator/videos'))).toBe('https://www.youtube.com/@SomeCreator');
  });
});

describe('readSource', () => {
  test('a playlist of 100 across continuation pages, in list order, with unplayable entries counted', async () => {
    const before = fake.requests.length;
    const listing = await youtube.readSource(playlist(`https://www.youtube.com/playlist?list=${PLAYLIST_ID}`), { limit: 100 });
    expect(listing.videos.map((v) => v.videoId)).toEqual(ids(1000, 100));
    expect(listing.videos[0]!.title).toBe(`Video ${generatedVideoId(1000)}`);
    expect(listing.skipped).toBe(2);
    expect(listing.title).toBe('A course');
    expect(listing.channelId).toBeNull();
    const asked = fake.requests.slice(before).map((r) => `${r.method} ${r.path}`);
    expect(asked).toEqual(['GET /playlist', 'POST /youtubei/v1/browse', 'POST /youtubei/v1/browse']);
  });

  test('reading stops once the limit is in hand', async () => {
    const before = fake.requests.length;
    const listing = await youtube.readSource(playlist(`youtube.com/playlist?list=${PLAYLIST_ID}`), { limit: 5 });
    expect(listing.videos.map((v) => v.videoId)).toEqual(ids(1000, 5));
    expect(fake.requests.length - before).toBe(1);
  });

  test.each([
    'https://www.youtube.com/@SomeCreator',
    'https://www.youtube.com/@somecreator/videos',
    `https://www.youtube.com/channel/${CHANNEL_ID}`,
    'https://www.youtube.com/c/somecreator',
    'https://www.youtube.com/user/somecreatorold',
  ])('a channel named by %s: newest uploads first, its id resolved, members-only skipped', async (url) => {
    const listing = await youtube.readSource(channel(url), { limit: 50 });
    expect(listing.channelId).toBe(CHANNEL_ID);
    expect(listing.videos.map((v) => v.videoId)).toEqual(ids(2000, 50));
    expect(listing.skipped).toBe(1);
  });

  test('a private playlist is SOURCE_UNAVAILABLE with the reason', async () => {
    const failure = await youTubeFailureOf(youtube.readSource(playlist('https://www.youtube.com/playlist?list=PLprivateplaylist000001'), { limit: 10 }));
    expect(failure).toMatchObject({ kind: 'SOURCE_UNAVAILABLE' });
    expect(failure.message).toContain('This playlist is private.');
  });

  test('a missing playlist, an unknown channel and a terminated one are SOURCE_UNAVAILABLE', async () => {
    for (const source of [
      playlist('https://www.youtube.com/playlist?list=PLnosuchplaylist0000001'),
      channel('https://www.youtube.com/@nobodyhere'),
      channel('https://www.youtube.com/@gone'),
    ]) {
      expect(await youTubeFailureOf(youtube.readSource(source, { limit: 10 }))).toMatchObject({ kind: 'SOURCE_UNAVAILABLE' });
    }
  });
});

describe('readFeed', () => {
  test('the newest 15 of a channel, and a new upload on top', async () => {
    const first = await youtube.readFeed({ channelId: CHANNEL_ID });
    expect(first).toHaveLength(15);
    expect(first[0]!.videoId).toBe(generatedVideoId(2000));
    expect(first[0]!.published).toMatch(/^\d{4}-\d\d-\d\dT/);
    fake.addUpload(CHANNEL_ID, generatedVideoId(2999));
    const second = await youtube.readFeed({ channelId: CHANNEL_ID });
    expect(second.map((v) => v.videoId).slice(0, 2)).toEqual([generatedVideoId(2999), generatedVideoId(2000)]);
  });

  test('a playlist feed, and an unknown channel is SOURCE_UNAVAILABLE', async () => {
    const videos = await youtube.readFeed({ playlistId: PLAYLIST_ID });
    expect(videos.slice(0, 3).map((v) => v.videoId)).toEqual(ids(1000, 3));
    expect(await youTubeFailureOf(youtube.readFeed({ channelId: 'UCnosuchchannel000000000' }))).toMatchObject({ kind: 'SOURCE_UNAVAILABLE' });
  });
});
