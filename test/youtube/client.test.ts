import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { transcriptText } from '../../src/domain/transcript';
import { createYouTubeClient, YouTubeError, type YouTubeClient, type YouTubeFailureKind } from '../../src/youtube';
import {
  catalogVideo,
  generatedVideoId,
  startFakeYouTube,
  VIDEO_AGE_RESTRICTED,
  VIDEO_AGE_SIGN_IN_DIALOG,
  VIDEO_ANDROID_FALLBACK,
  VIDEO_AUTO_ONLY,
  VIDEO_BOT_CHECKED,
  VIDEO_BOT_CHECKED_ON_WEB,
  VIDEO_CONSENT_WALL,
  VIDEO_GERMAN_TRANSLATABLE,
  VIDEO_LIVE_NOW,
  VIDEO_LONG,
  VIDEO_MANUAL_AND_AUTO,
  VIDEO_MEMBERS_ONLY,
  VIDEO_NO_CAPTIONS,
  VIDEO_PRIVATE,
  VIDEO_UNAVAILABLE,
  type FakeRequestRecord,
  type FakeYouTube,
} from '../fake-youtube';
import { youTubeFailureOf } from '../support/youtube-failure';

let fake: FakeYouTube;
let youtube: YouTubeClient;

beforeAll(async () => {
  fake = await startFakeYouTube({ port: 0 });
  youtube = createYouTubeClient({ baseUrl: fake.baseUrl, requestTimeoutMs: 5000 });
});

afterAll(async () => {
  await fake.close();
});

beforeEach(() => {
  fake.clearBehaviour();
  fake.requests.length = 0;
});


function expectSafeMessage(error: YouTubeError): void {
  expect(error.message).not.toMatch(/https?:|\/\/|key=|AIza|\?/);
  expect(error.message).not.toContain(fake.baseUrl);
}

/** "GET /watch WEB", "POST /youtubei/v1/player ANDROID", "GET /api/timedtext ANDROID json3" */
function trail(records: FakeRequestRecord[]): string[] {
  return records.map((r) =>
    [r.method, r.path, r.client, r.path === '/api/timedtext' ? r.query.fmt : undefined].filter(Boolean).join(' '),
  );
}

describe('metadata', () => {
  it('comes from the watch page alone when the web client plays the video', async () => {
    const metadata = await youtube.getMetadata(VIDEO_MANUAL_AND_AUTO);
    const video = catalogVideo(VIDEO_MANUAL_AND_AUTO)!;

    expect(metadata).toMatchObject({
      videoId: VIDEO_MANUAL_AND_AUTO,
      title: 'Sourdough for Beginners: The Whole Process',
      channel: 'Crumb & Crust',
      channelId: video.channelId,
      durationSeconds: video.lengthSeconds,
      publishedAt: '2024-03-05T16:00:00.000Z',
      description: video.description,
      thumbnailUrl: `https://i.ytimg.com/vi/${VIDEO_MANUAL_AND_AUTO}/maxresdefault.jpg`,
      isLive: false,
      language: 'en',
    });
    expect(metadata.thumbnails.length).toBeGreaterThanOrEqual(4);
    expect(metadata.chapters.map((c) => c.title)).toEqual([
      'Intro',
      'Bulk fermentation',
      'Mixing and hydration',
      'Keeping a starter alive',
      'Shaping, proofing and baking',
      'Wrap-up',
    ]);
    expect(metadata.chapters[0]!.start).toBe(0);
    expect(trail(fake.requests)).toEqual(['GET /watch WEB']);
  });

  it('reads a German video, a live stream and a video without captions', async () => {
    await expect(youtube.getMetadata(VIDEO_GERMAN_TRANSLATABLE)).resolves.toMatchObject({
      language: 'de',
      chapters: [
        { start: 0, title: 'Einleitung' },
        { start: 17, title: 'Das Bienenvolk' },
        { start: 34, title: 'Honig und Winter' },
      ],
    });
    await expect(youtube.getMetadata(VIDEO_LIVE_NOW)).resolves.toMatchObject({ isLive: true, durationSeconds: null, language: null });
    await expect(youtube.getMetadata(VIDEO_NO_CAPTIONS)).resolves.toMatchObject({ durationSeconds: 600, language: null });
  });

  it('falls back to the app clients when the web client is bot-checked', async () => {
    const metadata = await youtube.getMetadata(VIDEO_BOT_CHECKED_ON_WEB);
    expect(metadata.title).toBe(catalogVideo(VIDEO_BOT_CHECKED_ON_WEB)!.title);
    expect(metadata.publishedAt).toBeNull(); // app clients carry no microformat
    expect(trail(fake.requests)).toEqual(['GET /watch WEB', 'POST /youtubei/v1/player ANDROID']);
  });
});

describe('refusals', () => {
  it.each<[string, string, YouTubeFailureKind, string, number]>([
    ['removed', VIDEO_UNAVAILABLE, 'VIDEO_UNAVAILABLE', 'Video unavailable', 1],
    ['private', VIDEO_PRIVATE, 'VIDEO_UNAVAILABLE', 'This video is private', 1],
    ['members-only', VIDEO_MEMBERS_ONLY, 'VIDEO_UNAVAILABLE', 'members-only', 1],
    ['age-restricted', VIDEO_AGE_RESTRICTED, 'VIDEO_UNAVAILABLE', 'confirm your age', 4],
    ['age-restricted behind a sign-in dialog', VIDEO_AGE_SIGN_IN_DIALOG, 'VIDEO_UNAVAILABLE', 'inappropriate for some users', 4],
    ['bot-checked everywhere', VIDEO_BOT_CHECKED, 'SOURCE_BLOCKED', 'refused every client', 4],
  ])('%s video (%s) is %s', async (_label, videoId, kind, wording, requestCount) => {
    for (const call of [() => youtube.getMetadata(videoId), () => youtube.getTranscript(videoId)]) {
      fake.requests.length = 0;
      const error = await youTubeFailureOf(call());
      expect(error.kind).toBe(kind);
      expect(error.message).toContain(wording);
      expectSafeMessage(error);
      expect(fake.requests).toHaveLength(requestCount);
    }
  });

  it.each([VIDEO_AGE_RESTRICTED, VIDEO_AGE_SIGN_IN_DIALOG])('names the age restriction of %s, however YouTube words it', async (videoId) => {
    for (const call of [() => youtube.getMetadata(videoId), () => youtube.getTranscript(videoId)]) {
      const error = await youTubeFailureOf(call());
      expect(error).toMatchObject({ kind: 'VIDEO_UNAVAILABLE', final: true });
      expect(error.message).toMatch(/^This video is age-restricted\b/);
    }
  });

  it('asks every client before calling a bot check final', async () => {
    await youTubeFailureOf(youtube.getMetadata(VIDEO_BOT_CHECKED));
    expect(trail(fake.requests)).toEqual([
      'GET /watch WEB',
      'POST /youtubei/v1/player ANDROID',
      'POST /youtubei/v1/player IOS',
      'POST /youtubei/v1/player TVHTML5',
    ]);
  });

  it('reports an id YouTube does not know as unavailable', async () => {
    const error = await youTubeFailureOf(youtube.getTranscript('zzzzzzzzzzz'));
    expect(error.kind).toBe('VIDEO_UNAVAILABLE');
    expect(error.final).toBe(true);
  });

  it('rejects a malformed id without asking YouTube', async () => {
    const error = await youTubeFailureOf(youtube.getMetadata('not an id'));
    expect(error.kind).toBe('VIDEO_UNAVAILABLE');
    expect(fake.requests).toHaveLength(0);
  });

  it('says TRANSCRIPT_UNAVAILABLE for a playable video without captions, after asking every client', async () => {
    const error = await youTubeFailureOf(youtube.getTranscript(VIDEO_NO_CAPTIONS));
    expect(error.kind).toBe('TRANSCRIPT_UNAVAILABLE');
    expect(error.final).toBe(true);
    expect(trail(fake.requests)).toEqual([
      'GET /watch WEB',
      'POST /youtubei/v1/player ANDROID',
      'POST /youtubei/v1/player IOS',
      'POST /youtubei/v1/player TVHTML5',
    ]);
  });
});

describe('transcripts', () => {
  it("gives the creator track in the video's own language by default", async () => {
    const transcript = await youtube.getTranscript(VIDEO_MANUAL_AND_AUTO);
    const creatorTrack = catalogVideo(VIDEO_MANUAL_AND_AUTO)!.tracks.find((t) => t.languageCode === 'en' && !t.kind)!;

    expect(transcript).toMatchObject({ language: 'en', source: 'captions_manual', translated: false });
    expect(transcript.segments.map((s) => s.text)).toEqual(creatorTrack.cues.map((c) => c.text.replace(/\n/g, ' ')));
    expect(transcript.segments[0]!.start).toBe(creatorTrack.cues[0]!.startMs / 1000);
    // Entities in the payload come out as plain characters.
    expect(transcriptText(transcript.segments)).toContain('Flour & water, that\'s all a "starter" really is.');
  });

  it('asks the rewritten, still-signed caption URL for json3 first', async () => {
    await youtube.getTranscript(VIDEO_MANUAL_AND_AUTO);
    const captionRequests = fake.requests.filter((r) => r.path === '/api/timedtext');
    expect(captionRequests).toHaveLength(1);
    expect(captionRequests[0]).toMatchObject({
      status: 200,
      query: expect.objectContaining({ v: VIDEO_MANUAL_AND_AUTO, lang: 'en', fmt: 'json3', c: 'WEB', key: 'yt8' }),
    });
    expect(captionRequests[0]!.query.signature).toMatch(/^[0-9A-F]{40}\.[0-9A-F]{40}$/);
    expect(captionRequests[0]!.query.sparams).toBe('ip,ipbits,expire,v,ei,caps,opi,xoaf');
  });

  it('gives auto-captions, lower-case and unpunctuated, when they are all there is', async () => {
    const transcript = await youtube.getTranscript(VIDEO_AUTO_ONLY);
    expect(transcript).toMatchObject({ language: 'en', source: 'captions_auto', translated: false });
    expect(transcript.segments[0]!.text).toBe('[Music]');
    const spoken = transcriptText(transcript.segments.slice(1));
    expect(spoken).toMatch(/^[a-z0-9' I-]+$/);
    expect(transcript.segments[transcript.segments.length - 1]!.end).toBeGreaterThan(5 * 60);
  });

  describe('language choice', () => {
    it('prefers the creator track of the requested language, matching regional variants', async () => {
      await expect(youtube.getTranscript(VIDEO_MANUAL_AND_AUTO, { language: 'en-US' })).resolves.toMatchObject({
        language: 'en',
        source: 'captions_manual',
        translated: false,
      });
      const spanish = await youtube.getTranscript(VIDEO_MANUAL_AND_AUTO, { language: 'es' });
      expect(spanish).toMatchObject({ language: 'es-419', source: 'captions_manual', translated: false });
      expect(spanish.segments[0]!.text).toBe('Hola a todos, bienvenidos de nuevo al canal.');
    });

    it("has YouTube translate when no track is in the requested language", async () => {
      const german = await youtube.getTranscript(VIDEO_GERMAN_TRANSLATABLE, { language: 'en' });
      expect(german).toMatchObject({ language: 'en', source: 'captions_manual', translated: true });
      expect(german.segments[0]!.text).toBe('Hello and welcome to this video about bees.');
      const captionRequest = fake.requests.find((r) => r.path === '/api/timedtext')!;
      expect(captionRequest.query).toMatchObject({ lang: 'de', tlang: 'en', fmt: 'json3' });
      expect(captionRequest.query.kind).toBeUndefined(); // the creator track, not the auto one

      const french = await youtube.getTranscript(VIDEO_MANUAL_AND_AUTO, { language: 'fr' });
      expect(french).toMatchObject({ language: 'fr', source: 'captions_manual', translated: true });
      expect(french.segments[0]!.text).toMatch(/^\[fr\] /);
    });

    it('translates auto-captions when the video has nothing else', async () => {
      await expect(youtube.getTranscript(VIDEO_AUTO_ONLY, { language: 'de' })).resolves.toMatchObject({
        language: 'de',
        source: 'captions_auto',
        translated: true,
      });
    });

    it('falls back to the original language when the requested one cannot be had', async () => {
      await expect(youtube.getTranscript(VIDEO_GERMAN_TRANSLATABLE, { language: 'tlh' })).resolves.toMatchObject({
        language: 'de',
        source: 'captions_manual',
        translated: false,
      });
      await expect(youtube.getTranscript(VIDEO_GERMAN_TRANSLATABLE, { language: null })).resolves.toMatchObject({
        language: 'de',
        translated: false,
      });
    });
  });

  describe('client fallback', () => {
    it('skips web tracks that need a PO token and reads the ANDROID client\'s', async () => {
      const transcript = await youtube.getTranscript(VIDEO_ANDROID_FALLBACK);
      expect(transcript).toMatchObject({ language: 'en', source: 'captions_manual' });
      expect(transcript.segments.length).toBeGreaterThan(20);
      expect(trail(fake.requestsFor(VIDEO_ANDROID_FALLBACK))).toEqual([
        'GET /watch WEB',
        'POST /youtubei/v1/player ANDROID',
        'GET /api/timedtext ANDROID json3',
      ]);
    });

    it('moves on when the web client lists no captions at all', async () => {
      fake.setBehaviour(VIDEO_MANUAL_AND_AUTO, { clients: { WEB: { captions: 'omitted' } } });
      await expect(youtube.getTranscript(VIDEO_MANUAL_AND_AUTO)).resolves.toMatchObject({ source: 'captions_manual' });
      expect(trail(fake.requests)).toEqual([
        'GET /watch WEB',
        'POST /youtubei/v1/player ANDROID',
        'GET /api/timedtext ANDROID json3',
      ]);
    });

    it('moves on when the web tracks answer with empty bodies in every format', async () => {
      fake.setBehaviour(VIDEO_MANUAL_AND_AUTO, { clients: { WEB: { captions: 'empty' } } });
      await expect(youtube.getTranscript(VIDEO_MANUAL_AND_AUTO)).resolves.toMatchObject({ source: 'captions_manual' });
      expect(trail(fake.requests)).toEqual([
        'GET /watch WEB',
        'GET /api/timedtext WEB json3',
        'GET /api/timedtext WEB srv3',
        'GET /api/timedtext WEB vtt',
        'POST /youtubei/v1/player ANDROID',
        'GET /api/timedtext ANDROID json3',
      ]);
    });

    it('calls captions that every client withholds SOURCE_BLOCKED, not missing', async () => {
      fake.setBehaviour(VIDEO_MANUAL_AND_AUTO, {
        clients: { WEB: { captions: 'po-token' }, ANDROID: { captions: 'po-token' }, IOS: { captions: 'empty' }, TVHTML5: { captions: 'po-token' } },
      });
      const error = await youTubeFailureOf(youtube.getTranscript(VIDEO_MANUAL_AND_AUTO));
      expect(error.kind).toBe('SOURCE_BLOCKED');
      expect(error.final).toBe(false);
    });

    it('sends the visitor cookies and API key of the watch page with the app requests', async () => {
      await youtube.getTranscript(VIDEO_ANDROID_FALLBACK);
      const [watch, player] = fake.requestsFor(VIDEO_ANDROID_FALLBACK);
      expect(watch!.cookies).toEqual({});
      expect(Object.keys(player!.cookies)).toEqual(expect.arrayContaining(['YSC', 'VISITOR_INFO1_LIVE']));
      expect(player!.query).toEqual({ key: fake.apiKey, prettyPrint: 'false' });
    });

    it('starts every call with an empty cookie jar', async () => {
      await youtube.getMetadata(VIDEO_MANUAL_AND_AUTO);
      await youtube.getMetadata(VIDEO_MANUAL_AND_AUTO);
      expect(fake.requests.map((r) => r.cookies)).toEqual([{}, {}]);
    });
  });

  describe('caption formats', () => {
    it('falls back to srv3 when json3 answers empty, with the same text', async () => {
      const expected = await youtube.getTranscript(VIDEO_MANUAL_AND_AUTO);
      fake.requests.length = 0;
      fake.setBehaviour(VIDEO_MANUAL_AND_AUTO, { formatFaults: { json3: 'empty' } });
      const transcript = await youtube.getTranscript(VIDEO_MANUAL_AND_AUTO);
      expect(trail(fake.requests.filter((r) => r.path === '/api/timedtext'))).toEqual([
        'GET /api/timedtext WEB json3',
        'GET /api/timedtext WEB srv3',
      ]);
      expect(transcript.segments.map((s) => s.text)).toEqual(expected.segments.map((s) => s.text));
    });

    it('falls back to WebVTT when json3 and srv3 are unparsable, and collapses its rolling lines', async () => {
      const expected = await youtube.getTranscript(VIDEO_AUTO_ONLY);
      fake.requests.length = 0;
      fake.setBehaviour(VIDEO_AUTO_ONLY, { formatFaults: { json3: 'garbage', srv3: 'garbage' } });
      const transcript = await youtube.getTranscript(VIDEO_AUTO_ONLY);
      expect(fake.requests.filter((r) => r.path === '/api/timedtext').map((r) => r.query.fmt)).toEqual(['json3', 'srv3', 'vtt']);
      expect(transcript.segments.map((s) => s.text)).toEqual(expected.segments.map((s) => s.text));
      expect(transcript.segments.map((s) => s.start)).toEqual(expected.segments.map((s) => s.start));
    });
  });

  it('handles a four-hour transcript of more than 1 MB', async () => {
    const transcript = await youtube.getTranscript(VIDEO_LONG);
    const text = transcriptText(transcript.segments);
    expect(Buffer.byteLength(text)).toBeGreaterThan(1_000_000);
    expect(transcript.segments[transcript.segments.length - 1]!.end).toBeGreaterThan(4 * 3600);
  });

  it('synthesises distinct, repeatable videos for gen ids', async () => {
    const ids = [0, 1, 2, 3].map(generatedVideoId);
    const first = await Promise.all(ids.map((id) => youtube.getTranscript(id)));
    const texts = first.map((t) => transcriptText(t.segments));
    expect(new Set(texts).size).toBe(ids.length);
    for (const transcript of first) {
      expect(['captions_auto', 'captions_manual']).toContain(transcript.source);
      expect(transcript.segments[transcript.segments.length - 1]!.end).toBeGreaterThan(4 * 60);
    }
    const again = await youtube.getTranscript(ids[2]!);
    expect(transcriptText(again.segments)).toBe(texts[2]);
    const metadata = await youtube.getMetadata(ids[1]!);
    expect(metadata.durationSeconds).toBeGreaterThanOrEqual(300);
    expect(metadata.durationSeconds).toBeLessThan(1000);
  });
});

describe('consent and blocking', () => {
  it('accepts the cookie-consent interstitial once and carries on', async () => {
    const metadata = await youtube.getMetadata(VIDEO_CONSENT_WALL);
    expect(metadata.title).toBe(catalogVideo(VIDEO_CONSENT_WALL)!.title);
    const [first, second] = fake.requests;
    expect(fake.requests).toHaveLength(2);
    expect(first!.cookies).toEqual({});
    expect(second!.path).toBe('/watch');
    expect(second!.cookies).toMatchObject({ SOCS: expect.any(String), CONSENT: expect.stringMatching(/^YES\+cb\./) });
  });

  it('also gives consent when sent to consent.youtube.com by a redirect', async () => {
    fake.setBehaviour(VIDEO_MANUAL_AND_AUTO, { consentRequired: true, consentStyle: 'redirect' });
    await expect(youtube.getTranscript(VIDEO_MANUAL_AND_AUTO)).resolves.toMatchObject({ language: 'en' });
    expect(fake.requests.map((r) => r.status)).toEqual([302, 200, 200]);
    expect(fake.requests[1]!.cookies).toMatchObject({ SOCS: 'CAI', CONSENT: 'YES+cb' });
  });

  it('gives up on the web client when the consent wall does not go away', async () => {
    // A transport that drops cookies, so YouTube never sees the consent we give.
    const cookieless: typeof fetch = (input, init) => {
      const headers = new Headers(init?.headers);
      headers.delete('cookie');
      return fetch(input, { ...init, headers });
    };
    const client = createYouTubeClient({ baseUrl: fake.baseUrl, fetchImpl: cookieless });
    const metadata = await client.getMetadata(VIDEO_CONSENT_WALL);
    // The web client is given up on; an app client answers instead.
    expect(metadata.publishedAt).toBeNull();
    expect(trail(fake.requests)).toEqual(['GET /watch WEB', 'GET /watch WEB', 'POST /youtubei/v1/player ANDROID']);
  });

  it('treats HTTP 429 on the watch page as a block of that client only', async () => {
    fake.setBehaviour(VIDEO_MANUAL_AND_AUTO, { failNext: { with: 429, count: 1 } });
    await expect(youtube.getTranscript(VIDEO_MANUAL_AND_AUTO)).resolves.toMatchObject({ language: 'en' });
    expect(trail(fake.requests)).toEqual([
      'GET /watch WEB',
      'POST /youtubei/v1/player ANDROID',
      'GET /api/timedtext ANDROID json3',
    ]);
    expect(fake.requests[0]!.status).toBe(429);
  });

  it.each([429, 'sorry-redirect', 'captcha-page'] as const)('says SOURCE_BLOCKED when every client gets %s', async (failure) => {
    fake.setBehaviour(VIDEO_MANUAL_AND_AUTO, { failNext: { with: failure, count: 100 } });
    const error = await youTubeFailureOf(youtube.getMetadata(VIDEO_MANUAL_AND_AUTO));
    expect(error.kind).toBe('SOURCE_BLOCKED');
    expect(error.final).toBe(false);
    expectSafeMessage(error);
    // No quick retry for blocks: one request per client.
    expect(fake.requests).toHaveLength(4);
  });

  it('blocks on timedtext too: a 429 there moves to the next client', async () => {
    // Let the watch page through, then fail the next request (the caption download).
    const original = await youtube.getTranscript(VIDEO_GERMAN_TRANSLATABLE);
    fake.requests.length = 0;
    let seen = 0;
    const counting: typeof fetch = async (input, init) => {
      seen++;
      if (seen === 2) fake.setBehaviour(VIDEO_GERMAN_TRANSLATABLE, { failNext: { with: 429, count: 1 } });
      return fetch(input, init);
    };
    const client = createYouTubeClient({ baseUrl: fake.baseUrl, fetchImpl: counting });
    const transcript = await client.getTranscript(VIDEO_GERMAN_TRANSLATABLE);
    expect(transcript.segments).toEqual(original.segments);
    expect(trail(fake.requests)).toEqual([
      'GET /watch WEB',
      'GET /api/timedtext WEB json3',
      'POST /youtubei/v1/player ANDROID',
      'GET /api/timedtext ANDROID json3',
    ]);
  });
});

describe('transient failures', () => {
  it('retries a 5xx once, quickly, on the same request', async () => {
    fake.setBehaviour(VIDEO_MANUAL_AND_AUTO, { failNext: { with: 500, count: 1 } });
    await expect(youtube.getMetadata(VIDEO_MANUAL_AND_AUTO)).resolves.toMatchObject({ videoId: VIDEO_MANUAL_AND_AUTO });
    expect(fake.requests.map((r) => r.status)).toEqual([500, 200]);
  });

  it('gives up with TRANSIENT after the one retry, leaving longer retries to the caller', async () => {
    fake.setBehaviour(VIDEO_MANUAL_AND_AUTO, { failNext: { with: 503, count: 2 } });
    const error = await youTubeFailureOf(youtube.getTranscript(VIDEO_MANUAL_AND_AUTO));
    expect(error.kind).toBe('TRANSIENT');
    expect(error.final).toBe(false);
    expect(error.message).toContain('503');
    // YouTube answered: a server error, not an unreachable YouTube.
    expect(error.unreachable).toBe(false);
    expectSafeMessage(error);
    expect(fake.requests.map((r) => r.status)).toEqual([503, 503]);
  });

  it('retries a dropped connection once', async () => {
    fake.setBehaviour(VIDEO_MANUAL_AND_AUTO, { failNext: { with: 'connection-reset', count: 1 } });
    await expect(youtube.getMetadata(VIDEO_MANUAL_AND_AUTO)).resolves.toMatchObject({ videoId: VIDEO_MANUAL_AND_AUTO });

    fake.setBehaviour(VIDEO_MANUAL_AND_AUTO, { failNext: { with: 'connection-reset', count: 2 } });
    await expect(youTubeFailureOf(youtube.getMetadata(VIDEO_MANUAL_AND_AUTO))).resolves.toMatchObject({ kind: 'TRANSIENT', unreachable: true });
  });

  it('times out a request that never answers', async () => {
    const impatient = createYouTubeClient({ baseUrl: fake.baseUrl, requestTimeoutMs: 250 });
    fake.setBehaviour(VIDEO_MANUAL_AND_AUTO, { failNext: { with: 'stall', count: 2 } });
    const error = await youTubeFailureOf(impatient.getMetadata(VIDEO_MANUAL_AND_AUTO));
    expect(error.kind).toBe('TRANSIENT');
    expect(error.unreachable).toBe(true);
    expect(error.message).toContain('in time');
    expect(fake.requests).toHaveLength(2);
  });

  it('reports an unreachable base URL as TRANSIENT and unreachable', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));

    const nowhere = createYouTubeClient({ baseUrl: `http://127.0.0.1:${port}`, requestTimeoutMs: 2000 });
    const error = await youTubeFailureOf(nowhere.getMetadata(VIDEO_MANUAL_AND_AUTO));
    expect(error.kind).toBe('TRANSIENT');
    expect(error.unreachable).toBe(true);
    expect(error.message).toContain('ECONNREFUSED');
    expectSafeMessage(error);
  });
});

describe('transport', () => {
  it('sends every request through the injected fetch, to the configured base', async () => {
    const urls: string[] = [];
    const recording: typeof fetch = (input, init) => {
      urls.push(String(input instanceof Request ? input.url : input));
      return fetch(input, init);
    };
    const client = createYouTubeClient({ baseUrl: fake.baseUrl, fetchImpl: recording });
    await client.getTranscript(VIDEO_ANDROID_FALLBACK);
    expect(urls).toHaveLength(3);
    for (const url of urls) expect(url.startsWith(`${fake.baseUrl}/`)).toBe(true);
  });

  it('presents each app client with its own identity', async () => {
    await youTubeFailureOf(youtube.getMetadata(VIDEO_BOT_CHECKED));
    expect(fake.requests.filter((r) => r.method === 'POST').map((r) => r.client)).toEqual(['ANDROID', 'IOS', 'TVHTML5']);
  });
});
