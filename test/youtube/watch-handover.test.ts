/**
 * One read of the watch page per job attempt: the metadata read hands the caption track, the
 * web client's hints and the comments' start to the transcript and comments reads, which then ask
 * the page no more. A handed caption URL that no longer works (expired, 404) costs one fresh read
 * of the page. The real client against the fake YouTube, whose request log is counted.
 */
import { transcriptText } from '../../src/domain/transcript';
import { createYouTubeClient, type YouTubeClient } from '../../src/youtube';
import { startFakeYouTube, VIDEO_MANUAL_AND_AUTO, VIDEO_NO_CAPTIONS, type FakeYouTube } from '../fake-youtube';
import { youTubeFailureOf } from '../support/youtube-failure';

let fake: FakeYouTube;
let youtube: YouTubeClient;

beforeAll(async () => {
  fake = await startFakeYouTube({ port: 0 });
  youtube = createYouTubeClient({ baseUrl: fake.baseUrl, requestTimeoutMs: 5000 });
});

afterAll(async () => {
  await youtube.close();
  await fake.close();
});

/** The paths the fake was asked for while `work` ran. */
async function pathsAskedDuring(work: () => Promise<unknown>): Promise<string[]> {
  const before = fake.requests.length;
  await work();
  return fake.requests.slice(before).map((request) => request.path);
}

const count = (paths: string[], path: string) => paths.filter((p) => p === path).length;

it('reads the watch page once for metadata, captions and comments', async () => {
  let read!: Awaited<ReturnType<YouTubeClient['readVideo']>>;
  const paths = await pathsAskedDuring(async () => {
    read = await youtube.readVideo(VIDEO_MANUAL_AND_AUTO, { useProxy: false, handover: { language: 'en', comments: true } });
    const transcript = await youtube.getTranscript(VIDEO_MANUAL_AND_AUTO, { useProxy: false, language: 'en', watch: read.watch });
    expect(transcriptText(transcript.segments).length).toBeGreaterThan(0);
    const comments = await youtube.getComments(VIDEO_MANUAL_AND_AUTO, { useProxy: false, limit: 20, watch: read.watch });
    expect(comments.fetched).toBe(20);
  });
  expect(read.metadata.videoId).toBe(VIDEO_MANUAL_AND_AUTO);
  expect(read.watch).toMatchObject({ caption: { track: { languageCode: 'en', kind: 'manual' } }, comments: { kind: 'continuation' } });
  // It travels in Temporal payloads: small.
  expect(JSON.stringify(read.watch).length).toBeLessThan(4096);
  expect(count(paths, '/watch')).toBe(1);
  expect(count(paths, '/api/timedtext')).toBeGreaterThan(0);
  expect(count(paths, '/youtubei/v1/next')).toBeGreaterThan(0);
});

it('leaves the comments out of the handover when the job does not read them', async () => {
  const read = await youtube.readVideo(VIDEO_MANUAL_AND_AUTO, { useProxy: false, handover: { language: null, comments: false } });
  expect(read.watch).not.toHaveProperty('comments');
  expect(read.watch?.caption).not.toBeNull();
});

it('reads the page afresh, once, when the handed caption URL no longer works', async () => {
  const { watch } = await youtube.readVideo(VIDEO_MANUAL_AND_AUTO, { useProxy: false, handover: { language: 'en', comments: false } });
  const stale = { ...watch!, caption: { ...watch!.caption!, track: { ...watch!.caption!.track, baseUrl: watch!.caption!.track.baseUrl.replace(/signature=[^&]+/, 'signature=expired') } } };
  const paths = await pathsAskedDuring(async () => {
    const transcript = await youtube.getTranscript(VIDEO_MANUAL_AND_AUTO, { useProxy: false, language: 'en', watch: stale });
    expect(transcript).toMatchObject({ language: 'en', source: 'captions_manual' });
  });
  expect(count(paths, '/watch')).toBe(1);
});

it('asks the apps, not the page again, when the page offered no captions', async () => {
  const { watch } = await youtube.readVideo(VIDEO_NO_CAPTIONS, { useProxy: false, handover: { language: null, comments: false } });
  expect(watch).toMatchObject({ caption: null });
  let failure: unknown;
  const paths = await pathsAskedDuring(async () => {
    failure = await youTubeFailureOf(youtube.getTranscript(VIDEO_NO_CAPTIONS, { useProxy: false, watch }));
  });
  expect(failure).toMatchObject({ kind: 'TRANSCRIPT_UNAVAILABLE' });
  expect(count(paths, '/watch')).toBe(0);
  expect(count(paths, '/youtubei/v1/player')).toBeGreaterThan(0);
});
