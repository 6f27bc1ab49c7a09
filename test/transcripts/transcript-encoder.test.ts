/**
 * A transcript's stored form (its JSON and measures), encoded in place or on a thread: the same
 * either way, and the transcript again when read back.
 */
import type { Transcript } from '../../src/domain/transcript';
import { encodeTranscript } from '../../src/transcripts/encoded-transcript';
import { encodeLongTranscriptsOnThread, type TranscriptEncoder } from '../../src/transcripts/transcript-encoder';
import { seededRandom } from '../fake-youtube/seeded-random';

const random = seededRandom('transcript-encoder');
const WORDS = ['flour', 'water', 'salt', "it's", '"quoted"', 'back\\slash', 'señor', '🍞', 'über', '中文', 'tab\there'];
const segments = Array.from({ length: 2_000 }, (_, i) => ({
  start: i * 1.25 + random.int(0, 400) / 1000,
  end: i * 1.25 + 1.5,
  text: Array.from({ length: random.int(1, 9) }, () => WORDS[random.int(0, WORDS.length - 1)]).join(' '),
}));
const transcripts: [string, Transcript][] = [
  ['captions', { language: 'es', source: 'captions_auto', translated: true, segments }],
  ['speech to text of low quality', { language: 'de', source: 'speech_to_text', translated: false, segments, quality: 'low' }],
];

describe('a long transcript encoded on a thread', () => {
  let encoder: TranscriptEncoder;
  beforeAll(() => {
    encoder = encodeLongTranscriptsOnThread({ minThreadedSegments: 1_000 });
  });
  afterAll(() => encoder.close());

  it.each(transcripts)('%s: the same JSON and measures as in place, and the transcript again when parsed', async (_name, transcript) => {
    const before = encoder.stats();
    const onThread = await encoder.encode(transcript);
    expect(encoder.stats()).toEqual({ inPlace: before.inPlace, onThread: before.onThread + 1 });

    const inPlace = encodeTranscript(transcript);
    expect(onThread.json).toBe(inPlace.json);
    expect(onThread.measures).toEqual(inPlace.measures);
    expect(JSON.parse(onThread.json)).toEqual(transcript);
    const text = segments.map((segment) => segment.text).join(' ');
    expect(onThread.measures).toEqual({ textBytes: Buffer.byteLength(text), wordCount: text.match(/\S+/g)!.length });
  });

  it('keeps a shorter transcript in place', async () => {
    const before = encoder.stats();
    const short: Transcript = { ...transcripts[0]![1], segments: segments.slice(0, 999) };
    expect(await encoder.encode(short)).toEqual(encodeTranscript(short));
    expect(encoder.stats()).toEqual({ inPlace: before.inPlace + 1, onThread: before.onThread });
  });
});
