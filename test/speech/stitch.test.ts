import { stitchChunks } from '../../src/speech/stitch';
import type { ChunkTranscript } from '../../src/speech/types';
import type { TranscriptSegment } from '../../src/domain/transcript';

function chunk(index: number, startSeconds: number, overlapSeconds: number, segments: Array<[number, number, string]>): ChunkTranscript {
  return {
    index,
    startSeconds,
    overlapSeconds,
    language: 'en',
    quality: 'normal',
    segments: segments.map(([start, end, text]) => ({ start, end, text })),
  };
}

const texts = (segments: TranscriptSegment[]) => segments.map((segment) => segment.text);
const allWords = (segments: TranscriptSegment[]) => segments.map((segment) => segment.text).join(' ');

describe('stitchChunks', () => {
  test('a single chunk: times offset by its start, texts trimmed, empty texts dropped', () => {
    const stitched = stitchChunks([
      chunk(0, 0, 0, [
        [0, 2.5, ' Hello there.'],
        [2.5, 2.5, '   '],
        [3, 4, ' General Kenobi.'],
      ]),
    ]);
    expect(stitched).toEqual([
      { start: 0, end: 2.5, text: 'Hello there.' },
      { start: 3, end: 4, text: 'General Kenobi.' },
    ]);
  });

  test('times are absolute: chunk start plus the time within the chunk', () => {
    const stitched = stitchChunks([
      chunk(0, 0, 0, [[1, 2, 'first chunk']]),
      chunk(1, 595, 5, [[10.1, 12.2, 'second chunk']]),
      chunk(2, 1190, 5, [[7.3, 9.9, 'third chunk']]),
    ]);
    expect(stitched).toEqual([
      { start: 1, end: 2, text: 'first chunk' },
      { start: 605.1, end: 607.2, text: 'second chunk' },
      { start: 1197.3, end: 1199.9, text: 'third chunk' },
    ]);
  });

  test('the seam is cut in the middle of the overlap: each side keeps its half', () => {
    // Chunk 1 starts at 595 and repeats 595..600 of chunk 0: the cut is at 597.5.
    const stitched = stitchChunks([
      chunk(0, 0, 0, [
        [590, 595, 'alpha bravo'],
        [595.2, 597.0, 'charlie delta'],
        [597.6, 599.9, 'echo foxtrot'],
      ]),
      chunk(1, 595, 5, [
        [0.1, 2.1, 'charlie delta'],
        [2.6, 4.9, 'echo foxtrot'],
        [5.0, 8.0, 'golf hotel'],
      ]),
    ]);
    expect(texts(stitched)).toEqual(['alpha bravo', 'charlie delta', 'echo foxtrot', 'golf hotel']);
    expect(stitched.map((segment) => segment.start)).toEqual([590, 595.2, 597.6, 600]);
  });

  test('a segment straddling the cut is kept once, and the later side loses the words it repeats', () => {
    // Chunk 0 runs to 600 and hears a sentence to its end; chunk 1 segments it differently.
    const stitched = stitchChunks([
      chunk(0, 0, 0, [[596, 600, 'so we went to the market']]),
      chunk(1, 595, 5, [
        [1, 3.2, 'so we went'],
        [3.4, 6, 'to the market and bought bread'],
        [6.5, 9, 'then we left'],
      ]),
    ]);
    expect(texts(stitched)).toEqual(['so we went to the market', 'and bought bread', 'then we left']);
    const trimmed = stitched[1]!;
    // Part of the segment's text was removed, so it starts later than 598.4, not before.
    expect(trimmed.start).toBeGreaterThan(598.4);
    expect(trimmed.end).toBe(601);
  });

  test('a later segment that starts before the cut but runs past the earlier chunk is kept, without the doubled words', () => {
    // Chunk 0 ends at 600 in the middle of a sentence; chunk 1 heard it whole from 597.
    const stitched = stitchChunks([
      chunk(0, 0, 0, [
        [590, 596, 'That was the end.'],
        [597.2, 600, 'The next sentence'],
      ]),
      chunk(1, 595, 5, [
        [1, 1.5, 'end.'],
        [2, 10, 'The next sentence begins here and goes on.'],
        [10.5, 12, 'More.'],
      ]),
    ]);
    expect(allWords(stitched)).toBe('That was the end. The next sentence begins here and goes on. More.');
    expect(stitched.map((segment) => segment.start)).toEqual(expect.arrayContaining([590, 597.2, 605.5]));
  });

  test('the longest doubled run is removed, not only its last word', () => {
    // "yes" alone also ends one side and starts the other; "yes and yes" is what both heard.
    const stitched = stitchChunks([
      chunk(0, 0, 0, [[595, 599.8, 'I said yes, yes and yes']]),
      chunk(1, 595, 5, [[2.6, 7, 'yes and yes we agreed']]),
    ]);
    expect(allWords(stitched)).toBe('I said yes, yes and yes we agreed');
  });

  test('a phrase said twice in the audio keeps both when only one side has the repeat', () => {
    const stitched = stitchChunks([
      chunk(0, 0, 0, [[595, 599.8, 'it goes to the to the store']]),
      chunk(1, 595, 5, [[2.6, 7, 'to the store to the store again']]),
    ]);
    expect(allWords(stitched)).toBe('it goes to the to the store to the store again');
  });

  test('case and punctuation do not hide a doubled phrase', () => {
    const stitched = stitchChunks([
      chunk(0, 0, 0, [[596, 600, 'We said: "Hello, World!"']]),
      chunk(1, 595, 5, [[2.8, 7, 'hello world - and then goodbye.']]),
    ]);
    expect(allWords(stitched)).toBe('We said: "Hello, World!" and then goodbye.');
  });

  test('words that repeat far from the seam in time are not taken for doubles', () => {
    const stitched = stitchChunks([
      chunk(0, 0, 0, [[580, 585, 'thank you']]),
      chunk(1, 595, 5, [[10, 12, 'thank you']]),
    ]);
    expect(texts(stitched)).toEqual(['thank you', 'thank you']);
  });

  test('a chunk that heard nothing leaves the others intact', () => {
    const stitched = stitchChunks([
      chunk(0, 0, 0, [[1, 2, 'before the silence']]),
      chunk(1, 595, 5, []),
      chunk(2, 1190, 5, [[6, 8, 'after the silence']]),
    ]);
    expect(stitched).toEqual([
      { start: 1, end: 2, text: 'before the silence' },
      { start: 1196, end: 1198, text: 'after the silence' },
    ]);
    expect(stitchChunks([])).toEqual([]);
  });

  test('chunks given in any order stitch the same', () => {
    const chunks = [
      chunk(0, 0, 0, [[596, 600, 'one two three']]),
      chunk(1, 595, 5, [
        [3, 4.5, 'three four'],
        [5, 7, 'five'],
      ]),
      chunk(2, 1190, 5, [[3, 4, 'six']]),
    ];
    const inOrder = stitchChunks(chunks);
    expect(stitchChunks([chunks[2]!, chunks[0]!, chunks[1]!])).toEqual(inOrder);
    expect(allWords(inOrder)).toBe('one two three four five six');
  });

  test('an end before its start is clamped; output is sorted by start', () => {
    const stitched = stitchChunks([chunk(0, 10, 0, [[5, 4, 'backwards'], [1, 2, 'early']])]);
    expect(stitched).toEqual([
      { start: 11, end: 12, text: 'early' },
      { start: 15, end: 15, text: 'backwards' },
    ]);
  });

  test('a doubled segment is removed whole, even without spaces between words', () => {
    const stitched = stitchChunks([
      chunk(0, 0, 0, [[597, 599.9, '今日は良い天気です。']]),
      chunk(1, 595, 5, [[2.6, 4.9, '今日は良い天気です。'], [5, 7, '散歩に行きましょう。']]),
    ]);
    expect(texts(stitched)).toEqual(['今日は良い天気です。', '散歩に行きましょう。']);
  });
});
