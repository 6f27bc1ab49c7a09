import {
  catalogVideo,
  generatedVideoId,
  isGeneratedVideoId,
  SCENARIO_VIDEO_IDS,
  startFakeYouTube,
  VIDEO_ANDROID_FALLBACK,
  VIDEO_AUTO_ONLY,
  VIDEO_MANUAL_AND_AUTO,
  type FakeYouTube,
} from '../fake-youtube';

/** The fake must look like YouTube, or the client tests prove nothing. */

let fake: FakeYouTube;

beforeAll(async () => {
  fake = await startFakeYouTube();
});

afterAll(async () => {
  await fake.close();
});

beforeEach(() => {
  fake.clearBehaviour();
});

async function player(videoId: string, clientName: string, query = `key=${fake.apiKey}&prettyPrint=false`) {
  const response = await fetch(`${fake.baseUrl}/youtubei/v1/player?${query}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ context: { client: { clientName, clientVersion: '1.0' } }, videoId }),
  });
  return { status: response.status, body: (await response.json()) as any };
}

function captionUrl(body: any, index = 0): string {
  return body.captions.playerCaptionsTracklistRenderer.captionTracks[index].baseUrl;
}

function onFake(url: string): string {
  return url.replace('https://www.youtube.com', fake.baseUrl);
}

describe('watch page', () => {
  it('embeds ytcfg with the API key and the web player response, and sets visitor cookies', async () => {
    const response = await fetch(`${fake.baseUrl}/watch?v=${VIDEO_MANUAL_AND_AUTO}&hl=en`);
    const html = await response.text();
    expect(response.status).toBe(200);
    expect(html).toContain(`"INNERTUBE_API_KEY":"${fake.apiKey}"`);
    expect(html).toMatch(/"INNERTUBE_CONTEXT_CLIENT_VERSION":"2\.\d{8}\.00\.00"/);
    expect(html).toContain('var ytInitialPlayerResponse = {"responseContext"');
    expect(html).not.toMatch(/ytInitialPlayerResponse = [^;]*<\/script/); // JSON is script-escaped
    expect(response.headers.getSetCookie().map((c) => c.split('=')[0])).toEqual(['YSC', 'VISITOR_INFO1_LIVE', 'VISITOR_PRIVACY_METADATA']);
  });
});

describe('player endpoint', () => {
  it('answers per client: microformat and simpleText names on the web, runs on the apps', async () => {
    const web = await player(VIDEO_MANUAL_AND_AUTO, 'WEB');
    const android = await player(VIDEO_MANUAL_AND_AUTO, 'ANDROID');
    expect(web.body.playabilityStatus.status).toBe('OK');
    expect(web.body.microformat.playerMicroformatRenderer.publishDate).toBe('2024-03-05T08:00:00-08:00');
    expect(android.body.microformat).toBeUndefined();

    const webTracks = web.body.captions.playerCaptionsTracklistRenderer.captionTracks;
    const appTracks = android.body.captions.playerCaptionsTracklistRenderer.captionTracks;
    expect(webTracks[0].name).toEqual({ simpleText: 'English' });
    expect(appTracks[0].name).toEqual({ runs: [{ text: 'English' }] });
    expect(webTracks.map((t: any) => [t.vssId, t.languageCode, t.kind])).toEqual([
      ['.en', 'en', undefined],
      ['a.en', 'en', 'asr'],
      ['.es-419', 'es-419', undefined],
    ]);
    for (const track of [...webTracks, ...appTracks]) {
      expect(track.baseUrl.startsWith('https://www.youtube.com/api/timedtext?')).toBe(true);
    }
    expect(captionUrl(android.body)).toMatch(/&fmt=srv3$/);
    expect(web.body.captions.playerCaptionsTracklistRenderer.translationLanguages).toContainEqual({
      languageCode: 'fr',
      languageName: { simpleText: 'French' },
    });
  });

  it('refuses a wrong API key the way Google APIs do, and accepts none', async () => {
    const wrong = await player(VIDEO_MANUAL_AND_AUTO, 'ANDROID', 'key=AIzaWrong&prettyPrint=false');
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.status).toBe('INVALID_ARGUMENT');
    const keyless = await player(VIDEO_MANUAL_AND_AUTO, 'ANDROID', 'prettyPrint=false');
    expect(keyless.body.playabilityStatus.status).toBe('OK');
  });

  it('gives the PO-token web tracks of the fallback video exp=xpe URLs that answer empty', async () => {
    const web = await player(VIDEO_ANDROID_FALLBACK, 'WEB');
    const url = captionUrl(web.body);
    expect(url).toContain('&exp=xpe&');
    const answer = await fetch(`${onFake(url)}&fmt=json3`);
    expect(answer.status).toBe(200);
    expect(await answer.text()).toBe('');
  });

  it('answers unknown ids and refusals with a playabilityStatus and error screen, no videoDetails', async () => {
    const unknown = await player('zzzzzzzzzzz', 'ANDROID');
    expect(unknown.body.playabilityStatus).toMatchObject({ status: 'ERROR', reason: 'This video is unavailable' });
    const bot = await player(SCENARIO_VIDEO_IDS.botChecked, 'IOS');
    expect(bot.body.playabilityStatus.reason).toBe('Sign in to confirm you\u2019re not a bot');
    expect(bot.body.playabilityStatus.errorScreen.playerErrorMessageRenderer.subreason.runs[0].text).toContain('protect our community');
    expect(bot.body.videoDetails).toBeUndefined();
  });
});

describe('timedtext', () => {
  it('serves json3 with the window and line-break events of auto-captions', async () => {
    const web = await player(VIDEO_AUTO_ONLY, 'WEB');
    const json3 = (await (await fetch(`${onFake(captionUrl(web.body))}&fmt=json3`)).json()) as any;
    expect(json3.wireMagic).toBe('pb3');
    expect(json3.events[0]).toMatchObject({ tStartMs: 0, id: 1, wpWinPosId: 1, wsWinStyleId: 1 });
    expect(json3.events[0].segs).toBeUndefined();
    expect(json3.events[1].segs[0]).toEqual({ utf8: '[Music]', acAsrConf: 0 });
    expect(json3.events.some((e: any) => e.aAppend === 1 && e.segs[0].utf8 === '\n')).toBe(true);
    expect(json3.events.some((e: any) => e.segs?.[1]?.tOffsetMs > 0)).toBe(true);
  });

  it('serves srv3 and WebVTT in their real layouts, and the legacy XML without fmt', async () => {
    const web = await player(VIDEO_MANUAL_AND_AUTO, 'WEB');
    const manual = onFake(captionUrl(web.body, 0));
    const auto = onFake(captionUrl(web.body, 1));
    const srv3 = await (await fetch(`${manual}&fmt=srv3`)).text();
    expect(srv3).toMatch(/^<\?xml version="1.0" encoding="utf-8" \?><timedtext format="3">/);
    expect(srv3).toContain('that&amp;#39;s all a &amp;quot;starter&amp;quot;');
    const vtt = await (await fetch(`${auto}&fmt=vtt`)).text();
    expect(vtt).toMatch(/^WEBVTT\nKind: captions\nLanguage: en\n\n/);
    expect(vtt).toMatch(/<\d\d:\d\d:\d\d\.\d{3}><c> \S+<\/c>/);
    expect(vtt).toContain('align:start position:0%');
    const legacy = await (await fetch(manual)).text();
    expect(legacy).toMatch(/<transcript><text start="[\d.]+" dur="[\d.]+">/);
  });

  it('answers nothing for a URL whose signed parameters were changed', async () => {
    const web = await player(VIDEO_MANUAL_AND_AUTO, 'WEB');
    const tampered = onFake(captionUrl(web.body)).replace('lang=en', 'lang=de');
    expect((await fetch(`${tampered}&fmt=json3`)).status).toBe(404);
  });

  it('lets thumbnails 404', async () => {
    expect((await fetch(`${fake.baseUrl}/vi/${VIDEO_MANUAL_AND_AUTO}/hqdefault.jpg`)).status).toBe(404);
  });
});

describe('behaviour switches', () => {
  it('fails exactly the next N requests for a video', async () => {
    fake.setBehaviour(VIDEO_MANUAL_AND_AUTO, { failNext: { with: 503, count: 2 } });
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) statuses.push((await fetch(`${fake.baseUrl}/watch?v=${VIDEO_MANUAL_AND_AUTO}`)).status);
    expect(statuses).toEqual([503, 503, 200]);
  });

  it('answers after the configured latency', async () => {
    const slow = await startFakeYouTube({ latencyMs: 150 });
    try {
      const started = Date.now();
      const response = await fetch(`${slow.baseUrl}/watch?v=${VIDEO_MANUAL_AND_AUTO}`);
      expect(response.status).toBe(200);
      expect(Date.now() - started).toBeGreaterThanOrEqual(140);
    } finally {
      await slow.close();
    }
  });

  it('serves videos registered at run time', async () => {
    fake.addVideo({
      videoId: 'customVid01',
      title: 'A custom one',
      author: 'Tester',
      channelId: 'UCtester',
      lengthSeconds: 12,
      description: '',
      publishDate: '2020-01-01',
      tracks: [],
    });
    const { body } = await player('customVid01', 'ANDROID');
    expect(body.videoDetails).toMatchObject({ videoId: 'customVid01', title: 'A custom one', lengthSeconds: '12' });
  });
});

describe('generated videos', () => {
  it('have valid, distinct ids', () => {
    expect(generatedVideoId(0)).toBe('genAAAAAAAA');
    const ids = Array.from({ length: 300 }, (_, i) => generatedVideoId(i * 7919));
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) {
      expect(id).toMatch(/^[A-Za-z0-9_-]{11}$/);
      expect(isGeneratedVideoId(id)).toBe(true);
    }
    expect(isGeneratedVideoId('genShort')).toBe(false);
  });

  it('are the same video every time', () => {
    expect(catalogVideo(generatedVideoId(5))).toEqual(catalogVideo(generatedVideoId(5)));
  });

  it('read like varied speech, not one sentence repeated', () => {
    for (const n of [0, 17, 99]) {
      const video = catalogVideo(generatedVideoId(n))!;
      const track = video.tracks.find((t) => !t.kind) ?? video.tracks[0]!;
      const text = track.cues.map((c) => c.text).join(' ');
      const words = text.toLowerCase().split(/\s+/);
      expect(words.length).toBeGreaterThan(600);
      expect(new Set(words).size).toBeGreaterThan(250);
      // No 8-word run makes up more than 1% of all runs.
      const runs = new Map<string, number>();
      for (let i = 0; i + 8 <= words.length; i++) {
        const run = words.slice(i, i + 8).join(' ');
        runs.set(run, (runs.get(run) ?? 0) + 1);
      }
      const worst = Math.max(...runs.values());
      expect(worst / words.length).toBeLessThan(0.01);
    }
  });
});
