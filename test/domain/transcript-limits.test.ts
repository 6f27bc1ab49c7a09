import { countWords, truncateTranscript } from '../../src/domain/transcript-limits';
import type { Transcript } from '../../src/domain/transcript';
import { seededRandom } from '../fake-youtube/seeded-random';

/** Every code unit JavaScript's \s matches, some it does not, and halves of surrogate pairs. */
const ALPHABET = [' ', '\t', '\n', '\v', '\f', '\r', '\u00a0', '\u1680', '\u2000', '\u2005', '\u200a', '\u2028', '\u2029', '\u202f', '\u205f', '\u3000', '\ufeff',
  'a', 'é', '日', '\u200b', '\u0085', '\u180e', '-', '\ud83c', '\udf5e', '🍞', 'x'];

describe('countWords', () => {
  it('counts what /\\S+/g matches, on texts of every kind of white space', () => {
    const random = seededRandom('count-words');
    for (let round = 0; round < 200; round++) {
      const segments = Array.from({ length: random.int(1, 5) }, () => ({
        start: 0,
        end: 1,
        text: Array.from({ length: random.int(0, 30) }, () => ALPHABET[random.int(0, ALPHABET.length - 1)]).join(''),
      }));
      const expected = segments.reduce((words, { text }) => words + (text.match(/\S+/g)?.length ?? 0), 0);
      expect(countWords(segments)).toBe(expected);
    }
  });

  it('counts the words of caption text', () => {
    expect(countWords([{ start: 0, end: 1, text: "so here's what I learned" }, { start: 1, end: 2, text: '[Music]' }])).toBe(6);
    expect(countWords([])).toBe(0);
  });
});

describe('truncateTranscript', () => {
  const transcript: Transcript = {
    language: 'en',
    source: 'captions_manual',
    translated: false,
    segments: [
      { start: 0, end: 1, text: 'héllo' },
      { start: 1, end: 2, text: 'world' },
    ],
  };

  it('keeps whole segments within the bytes of the joined text', () => {
    // "héllo world" is 12 bytes in UTF-8.
    expect(truncateTranscript(transcript, 12)).toEqual({ transcript, truncated: false });
    expect(truncateTranscript(transcript, 11)).toEqual({ transcript: { ...transcript, segments: [transcript.segments[0]] }, truncated: true });
    expect(truncateTranscript(transcript, 5).transcript.segments).toEqual([]);
  });
});
