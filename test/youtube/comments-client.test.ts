import type { VideoComment } from '../../src/domain/comments';
import { createYouTubeClient, type YouTubeClient } from '../../src/youtube';
import {
  catalogVideo,
  FAKE_CREATOR_COMMENT_INDEX,
  FAKE_MESSY_COMMENT_INDEX,
  fakeComments,
  fakeCommentSettings,
  generatedVideoId,
  startFakeYouTube,
  VIDEO_AUTO_ONLY,
  VIDEO_BOT_CHECKED,
  VIDEO_COMMENTS_OFF,
  VIDEO_COMMENTS_REFUSED,
  VIDEO_CONSENT_WALL,
  VIDEO_LIVE_NOW,
  VIDEO_MANUAL_AND_AUTO,
  VIDEO_UNAVAILABLE,
  type FakeComment,
  type FakeRequestRecord,
  type FakeYouTube,
} from '../fake-youtube';
import { youTubeFailureOf } from '../support/youtube-failure';

/** getComments against the fake YouTube over real HTTP. */

let fake: FakeYouTube;
let youtube: YouTubeClient;
/** Every URL the client fetched, to prove none left the base URL. */
const fetched: string[] = [];

beforeAll(async () => {
  fake = await startFakeYouTube({ port: 0 });
  const recording: typeof fetch = (input, init) => {
    fetched.push(input instanceof Request ? input.url : String(input));
    return fetch(input, init);
  };
  youtube = createYouTubeClient({ baseUrl: fake.baseUrl, requestTimeoutMs: 5000, fetchImpl: recording });
});

afterAll(async () => {
  await fake.close();
});

beforeEach(() => {
  fake.clearBehaviour();
  fake.requests.length = 0;
  fetched.length = 0;
});

afterEach(() => {
  // Whatever a test did, nothing went anywhere but the configured base.
  for (const url of fetched) expect(url.startsWith(`${fake.baseUrl}/`)).toBe(true);
});


/** "GET /watch", "POST /youtubei/v1/next" ... */
function trail(records: FakeRequestRecord[] = fake.requests): string[] {
  return records.map((r) => `${r.method} ${r.path}`);
}

const NEXT = 'POST /youtubei/v1/next';

/** What a client can know of a fake comment: its likes as shown, its text cleaned. */
function expected(comment: FakeComment): VideoComment {
  return {
    comment_id: comment.id,
    author: comment.author,
    text: comment.text.replace(/\u0000/g, '').replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/g, '\uFFFD').trim(),
    like_count: comment.likesCounted,
    reply_count: comment.replies,
    published: comment.published,
    is_pinned: comment.pinned,
    is_creator: comment.creator,
  };
}

describe('reading comments', () => {
  it('reads the top 100 of a current-shape video (view models + entity mutations), 20 a page', async () => {
    const video = catalogVideo(VIDEO_MANUAL_AND_AUTO)!;
    expect(fakeCommentSettings(video)).toMatchObject({ count: 120, shape: 'view-model', pageSize: 20 });

    const comments = await youtube.getComments(VIDEO_MANUAL_AND_AUTO);

    expect(comments.fetched).toBe(100);
    expect(comments.items).toEqual(fakeComments(video).slice(0, 100).map(expected));
    expect(trail()).toEqual(['GET /watch', NEXT, NEXT, NEXT, NEXT, NEXT]);
    expect(fake.requests.every((r) => r.videoId === VIDEO_MANUAL_AND_AUTO && r.status === 200)).toBe(true);
    expect(fake.requests.filter((r) => r.path === '/youtubei/v1/next').every((r) => r.client === 'WEB' && r.query.key === fake.apiKey)).toBe(true);
  });

  it('reads an older-shape video (inline commentRenderer) to its end', async () => {
    const video = catalogVideo(VIDEO_AUTO_ONLY)!;
    expect(fakeCommentSettings(video)).toMatchObject({ count: 45, shape: 'renderer' });

    const comments = await youtube.getComments(VIDEO_AUTO_ONLY, { limit: 100 });

    expect(comments.fetched).toBe(45);
    expect(comments.items).toEqual(fakeComments(video).map(expected));
    expect(trail()).toEqual(['GET /watch', NEXT, NEXT, NEXT]);
  });

  it.each([
    ['view-model', VIDEO_MANUAL_AND_AUTO],
    ['renderer', VIDEO_AUTO_ONLY],
  ])('keeps the pinned and creator flags and cleans the text (%s shape)', async (_shape, videoId) => {
    const { items } = await youtube.getComments(videoId, { limit: 10 });

    expect(items[0]).toMatchObject({ is_pinned: true, is_creator: true });
    expect(items[FAKE_CREATOR_COMMENT_INDEX]).toMatchObject({ is_pinned: false, is_creator: true });
    expect(items.filter((c) => c.is_pinned)).toHaveLength(1);
    expect(items.filter((c) => c.is_creator)).toHaveLength(2);

    const messy = items[FAKE_MESSY_COMMENT_INDEX]!.text;
    expect(messy).toMatch(/^Bookmarking this for .+ later \uFFFD$/);
    expect(messy).not.toContain('\u0000');
    for (const comment of items) {
      expect(comment.text).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/);
    }
  });

  it('reads likes shown as text ("1.2K", "85K", "") as the numbers they stand for', async () => {
    const video = catalogVideo(VIDEO_MANUAL_AND_AUTO)!;
    const shown = fakeComments(video).slice(0, 100);
    expect(shown.some((c) => /^\d+(\.\d)?K$/.test(c.likesShown))).toBe(true);
    expect(shown.some((c) => /^\d+$/.test(c.likesShown))).toBe(true);

    const { items } = await youtube.getComments(VIDEO_MANUAL_AND_AUTO);
    expect(items.map((c) => c.like_count)).toEqual(shown.map((c) => c.likesCounted));
  });

  it('stops at the limit: 30 comments take two pages', async () => {
    const comments = await youtube.getComments(VIDEO_MANUAL_AND_AUTO, { limit: 30 });
    expect(comments.fetched).toBe(30);
    expect(comments.items.map((c) => c.comment_id)).toEqual(fakeComments(catalogVideo(VIDEO_MANUAL_AND_AUTO)!).slice(0, 30).map((c) => c.id));
    expect(trail()).toEqual(['GET /watch', NEXT, NEXT]);
  });

  it('reads all there is when the limit is larger', async () => {
    const comments = await youtube.getComments(VIDEO_MANUAL_AND_AUTO, { limit: 1000 });
    expect(comments.fetched).toBe(120);
    expect(trail()).toEqual(['GET /watch', ...Array(6).fill(NEXT)]);
  });

  it('reads more than 100 when the video has them and the limit asks (count set by behaviour)', async () => {
    const videoId = generatedVideoId(42);
    fake.setBehaviour(videoId, { comments: { count: 250, shape: 'renderer', pageSize: 25 } });
    const comments = await youtube.getComments(videoId, { limit: 240 });
    expect(comments.fetched).toBe(240);
    expect(new Set(comments.items.map((c) => c.comment_id)).size).toBe(240);
    expect(fake.requestsFor(videoId).filter((r) => r.path === '/youtubei/v1/next')).toHaveLength(10);
  });

  it('asks for "Top comments" when the first page comes newest first', async () => {
    fake.setBehaviour(VIDEO_AUTO_ONLY, { comments: { firstPageSort: 'newest' } });
    const comments = await youtube.getComments(VIDEO_AUTO_ONLY, { limit: 25 });
    // Same comments, same order as when the first page is already "Top comments".
    expect(comments.items).toEqual(fakeComments(catalogVideo(VIDEO_AUTO_ONLY)!).slice(0, 25).map(expected));
    expect(trail()).toEqual(['GET /watch', NEXT, NEXT, NEXT]); // section, "Top comments", page 2
  });

  it('asks POST /next for the watch data when the page is a consent wall', async () => {
    const comments = await youtube.getComments(VIDEO_CONSENT_WALL, { limit: 20 });
    expect(comments.items).toEqual(fakeComments(catalogVideo(VIDEO_CONSENT_WALL)!).slice(0, 20).map(expected));
    expect(trail()).toEqual(['GET /watch', NEXT, NEXT]);
  });

  it('serves a video with no comments yet as an empty list', async () => {
    const videoId = generatedVideoId(7);
    fake.setBehaviour(videoId, { comments: { count: 0 } });
    await expect(youtube.getComments(videoId)).resolves.toEqual({ fetched: 0, items: [] });
    expect(trail()).toEqual(['GET /watch', NEXT]);
  });
});

describe('when comments cannot be read', () => {
  it('comments turned off: COMMENTS_UNAVAILABLE, final, from the watch page alone', async () => {
    const error = await youTubeFailureOf(youtube.getComments(VIDEO_COMMENTS_OFF));
    expect(error).toMatchObject({ kind: 'COMMENTS_UNAVAILABLE', final: true, message: 'Comments are turned off for this video' });
    expect(trail()).toEqual(['GET /watch']);
  });

  it('comments refused with 403: SOURCE_BLOCKED, not final', async () => {
    const error = await youTubeFailureOf(youtube.getComments(VIDEO_COMMENTS_REFUSED));
    expect(error).toMatchObject({ kind: 'SOURCE_BLOCKED', final: false, message: 'YouTube refused the comments request (HTTP 403)' });
    expect(trail()).toEqual(['GET /watch', NEXT]);
    expect(fake.requests[1]!.status).toBe(403);
  });

  it('a live stream has no comment section: COMMENTS_UNAVAILABLE', async () => {
    const error = await youTubeFailureOf(youtube.getComments(VIDEO_LIVE_NOW));
    expect(error).toMatchObject({ kind: 'COMMENTS_UNAVAILABLE', message: 'YouTube shows no comment section for this video' });
  });

  it('a removed video is VIDEO_UNAVAILABLE; a bot check is SOURCE_BLOCKED', async () => {
    await expect(youtube.getComments(VIDEO_UNAVAILABLE)).rejects.toMatchObject({ kind: 'VIDEO_UNAVAILABLE', message: 'Video unavailable' });
    await expect(youtube.getComments(VIDEO_BOT_CHECKED)).rejects.toMatchObject({ kind: 'SOURCE_BLOCKED' });
  });

  it('5xx that outlasts the quick retry is TRANSIENT (retryable by the caller)', async () => {
    fake.setBehaviour(VIDEO_MANUAL_AND_AUTO, { failNext: { with: 503, count: 2 } });
    const error = await youTubeFailureOf(youtube.getComments(VIDEO_MANUAL_AND_AUTO));
    expect(error).toMatchObject({ kind: 'TRANSIENT', final: false, unreachable: false });
  });

  it('a 503 once is ridden out by the quick retry', async () => {
    fake.setBehaviour(VIDEO_MANUAL_AND_AUTO, { failNext: { with: 503, count: 1 } });
    await expect(youtube.getComments(VIDEO_MANUAL_AND_AUTO, { limit: 5 })).resolves.toMatchObject({ fetched: 5 });
  });

  it('429 and captcha answers are SOURCE_BLOCKED', async () => {
    fake.setBehaviour(VIDEO_MANUAL_AND_AUTO, { failNext: { with: 429, count: 1 } });
    await expect(youtube.getComments(VIDEO_MANUAL_AND_AUTO)).rejects.toMatchObject({ kind: 'SOURCE_BLOCKED' });
    fake.setBehaviour(VIDEO_MANUAL_AND_AUTO, { failNext: { with: 'captcha-page', count: 1 } });
    await expect(youtube.getComments(VIDEO_MANUAL_AND_AUTO)).rejects.toMatchObject({ kind: 'SOURCE_BLOCKED', message: expect.stringContaining('captcha') });
  });

  it('never puts a URL or key in a message', async () => {
    for (const videoId of [VIDEO_COMMENTS_OFF, VIDEO_COMMENTS_REFUSED, VIDEO_LIVE_NOW]) {
      const error = await youTubeFailureOf(youtube.getComments(videoId));
      expect(error.message).not.toMatch(/https?:|\/\/|key=|AIza|\?/);
    }
  });

  it('use_proxy true without a proxy pool is TRANSIENT and asks nothing directly', async () => {
    const error = await youTubeFailureOf(youtube.getComments(VIDEO_MANUAL_AND_AUTO, { useProxy: true }));
    expect(error).toMatchObject({ kind: 'TRANSIENT', message: expect.stringContaining('no proxy pool') });
    expect(fake.requests).toHaveLength(0);
  });

  it('refuses an id that is not a video id without asking YouTube', async () => {
    await expect(youtube.getComments('not an id')).rejects.toMatchObject({ kind: 'VIDEO_UNAVAILABLE' });
    expect(fake.requests).toHaveLength(0);
  });
});
