import { CaptionFormatError, parseCaptions, parseLargeCaptionsOnThread, type CaptionFormat, type CaptionParser } from '../../src/youtube';
import { packSegments, unpackSegments } from '../../src/transcripts/packed-segments';
import { renderJson3, renderSrv3, renderVtt, type CaptionDocument } from '../fake-youtube/caption-formats';
import type { FakeCue } from '../fake-youtube/model';
import { seededRandom } from '../fake-youtube/seeded-random';

const random = seededRandom('caption-threads');
const WORDS = ['flour', 'water', 'salt', "it's", '&', '<i>really</i>', 'señor', '🍞', 'über', 'ratio'];
const cues: FakeCue[] = Array.from({ length: 3_000 }, (_, i) => ({
  startMs: i * 1_250 + random.int(0, 400),
  durationMs: random.int(300, 3_000),
  text: Array.from({ length: random.int(1, 12) }, () => WORDS[random.int(0, WORDS.length - 1)]).join(random.chance(0.2) ? '\n' : ' '),
}));
const doc: CaptionDocument = { cues, automatic: random.chance(0.5), languageCode: 'en' };
const PAYLOADS: Record<CaptionFormat, string> = { json3: renderJson3(doc), srv3: renderSrv3(doc), vtt: renderVtt(doc) };

describe('caption tracks parsed on a thread', () => {
  let parser: CaptionParser;
  beforeAll(() => {
    // Every payload of 1,000 characters or more goes to the thread.
    parser = parseLargeCaptionsOnThread({ minThreadedLength: 1_000 });
  });
  afterAll(() => parser.close());

  it.each(Object.keys(PAYLOADS) as CaptionFormat[])('%s: the same segments as parsed in place', async (format) => {
    const before = parser.stats();
    const onThread = await parser.parse(format, PAYLOADS[format]);
    expect(parser.stats().onThread).toBe(before.onThread + 1);
    const inPlace = parseCaptions(format, PAYLOADS[format]);
    expect(inPlace.length).toBeGreaterThan(2_000);
    expect(onThread).toEqual(inPlace);
  });

  it('keeps short payloads in place', async () => {
    const before = parser.stats();
    const short = renderJson3({ ...doc, cues: cues.slice(0, 2) });
    expect(short.length).toBeLessThan(1_000);
    expect(await parser.parse('json3', short)).toEqual(parseCaptions('json3', short));
    expect(parser.stats()).toEqual({ inPlace: before.inPlace + 1, onThread: before.onThread });
  });

  it('answers a payload of another format with CaptionFormatError, so the next format is asked for', async () => {
    const notJson = `<html>${'x'.repeat(2_000)}</html>`;
    const failure = parser.parse('json3', notJson);
    await expect(failure).rejects.toBeInstanceOf(CaptionFormatError);
    await expect(failure).rejects.toThrow('not json3 captions: payload is not JSON');
    await expect(parser.parse('vtt', PAYLOADS.json3)).rejects.toBeInstanceOf(CaptionFormatError);
  });

  it('gives an empty list for a track without words', async () => {
    const empty = JSON.stringify({ events: Array.from({ length: 100 }, (_, i) => ({ tStartMs: i, dDurationMs: 1, segs: [{ utf8: '\n' }] })) });
    expect(empty.length).toBeGreaterThan(1_000);
    expect(await parser.parse('json3', empty)).toEqual([]);
  });
});

describe('packed segments', () => {
  it('unpack to what was packed', () => {
    const segments = parseCaptions('json3', PAYLOADS.json3);
    expect(unpackSegments(packSegments(segments))).toEqual(segments);
    expect(unpackSegments(packSegments([]))).toEqual([]);
    expect(unpackSegments(packSegments([{ start: 0, end: 0.5, text: 'one' }]))).toEqual([{ start: 0, end: 0.5, text: 'one' }]);
  });

  it('refuse a text holding their separator, and texts and times that disagree', () => {
    expect(() => packSegments([{ start: 0, end: 1, text: 'a\u0000b' }])).toThrow('NUL');
    expect(() => unpackSegments({ texts: 'a', times: new Float64Array(4) })).toThrow('disagree');
  });
});
