/**
 * Text from the platform is cleaned before the service stores it
 * (docs/api-behaviour.md#text-rules): NUL and other controls out, unpaired surrogates replaced. The
 * client's results, against the fake's video whose uploader put them everywhere, and the cleaning
 * rule itself.
 */
import { cleanPlatformStrings, cleanPlatformText } from '../../src/youtube/platform-text';
import { createYouTubeClient, parseLargeCaptionsOnThread, type YouTubeClient } from '../../src/youtube';
import { builtInVideo, startFakeYouTube, VIDEO_HOSTILE_TEXT, type FakeYouTube } from '../fake-youtube';

const CONTROL = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function expectClean(text: string) {
  expect(text).not.toMatch(CONTROL);
  expect(text).not.toMatch(LONE_SURROGATE);
}

/** Every string anywhere in a value. */
function allStrings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(allStrings);
  if (typeof value === 'object' && value !== null) return Object.values(value).flatMap(allStrings);
  return [];
}

describe('cleanPlatformText', () => {
  it('removes NUL and other controls, keeping tabs and line breaks (CR LF and CR as LF)', () => {
    expect(cleanPlatformText('a\u0000b\u0007c\u001Bd\u007Fe\u009Ff')).toBe('abcdef');
    expect(cleanPlatformText('one\r\ntwo\rthree\nfour\tfive')).toBe('one\ntwo\nthree\nfour\tfive');
  });

  it('replaces unpaired surrogates, high or low, and keeps pairs', () => {
    expect(cleanPlatformText('broken \uD83D emoji \uDE00 end \uDBFF')).toBe('broken \uFFFD emoji \uFFFD end \uFFFD');
    expect(cleanPlatformText('whole \uD83D\uDE00 emoji')).toBe('whole \uD83D\uDE00 emoji');
  });

  it('returns ordinary text unchanged', () => {
    const text = 'Sourdough for Beginners: “The Whole Process” — 🍞';
    expect(cleanPlatformText(text)).toBe(text);
  });

  it('cleans every string of a nested value and leaves the rest alone', () => {
    const value = { title: 'a\u0000', n: 3, flag: true, none: null, list: [{ text: '\uD800b' }], nested: { deep: ['\u0007c'] } };
    expect(cleanPlatformStrings(value)).toEqual({ title: 'a', n: 3, flag: true, none: null, list: [{ text: '\uFFFDb' }], nested: { deep: ['c'] } });
  });
});

describe('the client, for a video whose uploader wrote NUL and unpaired surrogates everywhere', () => {
  let fake: FakeYouTube;
  let youtube: YouTubeClient;
  let threadedYoutube: YouTubeClient;
  const video = builtInVideo(VIDEO_HOSTILE_TEXT)!;

  beforeAll(async () => {
    fake = await startFakeYouTube({ port: 0 });
    youtube = createYouTubeClient({ baseUrl: fake.baseUrl, requestTimeoutMs: 5000 });
    threadedYoutube = createYouTubeClient({
      baseUrl: fake.baseUrl,
      requestTimeoutMs: 5000,
      captionParser: parseLargeCaptionsOnThread({ minThreadedLength: 0 }),
    });
  });

  afterAll(async () => {
    await Promise.all([fake.close(), threadedYoutube.close()]);
  });

  it('is a video with such text to begin with', () => {
    expect(video.title).toMatch(/\u0000/);
    for (const raw of [video.title, video.author, video.description]) {
      expect(raw).toMatch(CONTROL);
      expect(raw).toMatch(LONE_SURROGATE);
    }
  });

  it('gives metadata with the title, channel, description and chapter names cleaned', async () => {
    const metadata = await youtube.getMetadata(VIDEO_HOSTILE_TEXT);
    expect(metadata.title).toBe('Null and \uFFFD half \uFFFD a pair: a bell title');
    expect(metadata.channel).toBe('Control Room \uFFFD');
    expect(metadata.description).toMatch(/^Hostile text \uFFFD everywhere\.\n/);
    expect(metadata.chapters.length).toBeGreaterThanOrEqual(2);
    for (const chapter of metadata.chapters) expect(chapter.title).toMatch(/ \uFFFD$/);
    for (const text of allStrings(metadata)) expectClean(text);
  });

  it.each([
    ['parsed in place', () => youtube],
    // As the worker reads long tracks: on a thread (here every track, however short).
    ['parsed on a thread', () => threadedYoutube],
  ])('gives a transcript with clean, non-empty segments, %s', async (_how, client) => {
    const transcript = await client().getTranscript(VIDEO_HOSTILE_TEXT);
    const texts = transcript.segments.map((segment) => segment.text);
    expect(texts.join(' ')).toContain('A NUL here, half \uFFFD an emoji there, and a bell to end.');
    for (const text of texts) {
      expectClean(text);
      expect(text.trim()).toBe(text);
      expect(text.length).toBeGreaterThan(0);
    }
  });

  it('gives comments cleaned the same way', async () => {
    const comments = await youtube.getComments(VIDEO_HOSTILE_TEXT, { limit: 30 });
    expect(comments.fetched).toBe(30);
    for (const text of allStrings(comments)) expectClean(text);
    expect(comments.items.some((comment) => comment.text.includes('\uFFFD'))).toBe(true);
  });
});
