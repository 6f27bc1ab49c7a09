import type { SummaryInput } from '../../src/domain/summary';
import type { TranscriptSegment } from '../../src/domain/transcript';
import { analyzeTranscript, type TranscriptAnalysis } from '../../src/summaries';
import { weekendProjectsPodcast } from '../fixtures/transcripts/podcast-weekend-projects';
import { autoCaptionTimeline } from '../fixtures/transcripts/caption-builder';
import { seededRandom } from '../fake-youtube/seeded-random';
import { bestStarts, CERTAIN_BOUNDARY, SPOKEN_SENTENCE_LENGTH, type SentenceLength } from '../../src/summaries/analysis/pseudo-sentences';
import { englishSentenceOffsets, icuSentenceOffsets } from '../../src/summaries/analysis/punctuated-sentences';

function transcript(segments: TranscriptSegment[], language = 'en'): SummaryInput {
  return { title: 'Sorting', videoUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', channel: 'CS Basics', language, durationSeconds: null, chapters: [], segments };
}

function sentences(analysis: TranscriptAnalysis): { text: string; start: number }[] {
  return Array.from({ length: analysis.sentences.count }, (_, s) => ({ text: analysis.text(s), start: analysis.sentences.start[s] ?? -1 }));
}

describe('sentences of punctuated captions', () => {
  const analysis = analyzeTranscript(
    transcript([
      { start: 0, end: 3, text: 'Welcome to the course. Today we' },
      { start: 3, end: 6, text: 'look at sorting algorithms, as Dr. Knuth' },
      { start: 6, end: 9, text: 'did, and why they matter. Quicksort is' },
      { start: 9, end: 12, text: 'fast on average.' },
    ]),
  );

  it('follow the sentence marks across caption lines, not the lines', () => {
    expect(sentences(analysis).map((s) => s.text)).toEqual([
      'Welcome to the course.',
      'Today we look at sorting algorithms, as Dr. Knuth did, and why they matter.',
      'Quicksort is fast on average.',
    ]);
  });

  it('start at the time of the segment where their first word was spoken', () => {
    expect(sentences(analysis).map((s) => s.start)).toEqual([0, 0, 6]);
  });
});

describe('the English sentence splitter', () => {
  const split = (text: string): string[] => {
    const offsets = englishSentenceOffsets()(text);
    return offsets.map((offset, i) => text.slice(offset, offsets[i + 1]).trim());
  };

  it('does not end a sentence at an abbreviation or an initial', () => {
    expect(split('Prof. Lee and Gen. Grant met Sen. Kim. St. Louis is nice.')).toEqual(['Prof. Lee and Gen. Grant met Sen. Kim.', 'St. Louis is nice.']);
    expect(split('A. Lincoln was president. J. R. R. Tolkien wrote books.')).toEqual(['A. Lincoln was president.', 'J. R. R. Tolkien wrote books.']);
    expect(split('It was Huck--Mr. Jones bought one. We saw it.')).toEqual(['It was Huck--Mr. Jones bought one.', 'We saw it.']);
  });

  it('ends one at an abbreviation that closes it', () => {
    expect(split('I like the U.S. It is big.')).toEqual(['I like the U.S.', 'It is big.']);
  });

  it('ends one at a full stop before a lower-case word, as unedited captions need', () => {
    expect(split('I went home. then I slept. It was late.')).toEqual(['I went home.', 'then I slept.', 'It was late.']);
  });

  it('keeps addresses and version numbers whole and splits between quoted sentences', () => {
    expect(split('Look at www.example.com. Then see v2.0 released.')).toEqual(['Look at www.example.com.', 'Then see v2.0 released.']);
    expect(split('"Did they fight?" "No." "Well, that\'s good."')).toEqual(['"Did they fight?"', '"No."', '"Well, that\'s good."']);
  });
});

describe('ICU\'s sentence splitter, read in pieces', () => {
  const SENTENCES = [
    'Today we look at sorting, as Dr. Knuth did.',
    'Is it fast? Not always! It depends, e.g. On the input.',
    'He said "stop." Then he left... And came back.',
    'Step 3. Next we merge the halves.',
    'we went home. then we ate.',
    '¿Qué hora es? Son las tres. Vale.',
    'The U.S. Army wrote v2.0 of it (in 1999.) Nobody knew.',
  ];

  it.each(['en', 'es'])('finds the boundaries ICU finds in the whole text (%s)', (locale) => {
    const random = seededRandom(`pieces-${locale}`);
    const text = Array.from({ length: 600 }, () => random.pick(SENTENCES)).join(' ');
    const whole = [...new Intl.Segmenter(locale, { granularity: 'sentence' }).segment(text)].map((part) => part.index);
    expect(icuSentenceOffsets(locale)(text)).toEqual(whole);
  });
});

describe('sentences of auto-captions without punctuation', () => {
  const analysis = analyzeTranscript(weekendProjectsPodcast.input);
  const list = sentences(analysis);

  it('keep to spoken sentence lengths', () => {
    for (let s = 0; s < analysis.sentences.count; s += 1) {
      const words = (analysis.sentences.firstWord[s + 1] ?? 0) - (analysis.sentences.firstWord[s] ?? 0);
      expect(words).toBeLessThanOrEqual(32);
    }
    expect(list.length).toBeGreaterThan(40);
  });

  it('do not end on words that need a continuation', () => {
    for (const { text } of list) expect(text).not.toMatch(/ (the|a|an|of|to|with|for|my|your|is|are|and)$/);
  });

  it('break where a new clause begins, not inside a noun phrase', () => {
    expect(list.map((s) => s.text)).toEqual(expect.arrayContaining([expect.stringMatching(/^a sourdough starter is just flour/)]));
    expect(list.some((s) => s.text.endsWith('a sourdough'))).toBe(false);
  });

  it('are in time order', () => {
    const starts = list.map((s) => s.start);
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
  });
});

describe('sentences of unpunctuated captions in a language without word lists', () => {
  const timeline = autoCaptionTimeline([
    'hoy vamos a hablar de la fotosíntesis que es el proceso con el que las plantas convierten la luz del sol en energía química',
    'las hojas tienen cloroplastos y dentro de ellos está la clorofila que absorbe sobre todo la luz roja y la luz azul',
    'por eso las hojas se ven verdes porque reflejan la luz verde en lugar de absorberla',
  ], 2.6, 2);
  const analysis = analyzeTranscript(transcript(timeline.segments, 'es'));

  it('are cut at the pauses and kept to a readable length', () => {
    const starts = sentences(analysis).map((s) => s.start);
    expect(starts).toEqual(expect.arrayContaining(timeline.partStarts));
    for (let s = 0; s < analysis.sentences.count; s += 1) {
      expect((analysis.sentences.firstWord[s + 1] ?? 0) - (analysis.sentences.firstWord[s] ?? 0)).toBeLessThanOrEqual(32);
    }
  });
});

describe('the choice of sentence starts (bestStarts)', () => {
  /**
   * The same choice written the plain way: every allowed start for every end, O(words x window).
   * The monotone queues must give exactly its answer, ties to the earliest start included.
   */
  function referenceStarts(units: Float64Array, evidence: Float32Array, decisiveAt: Uint8Array, length: SentenceLength): Int32Array {
    const n = units.length - 1;
    const best = new Float64Array(n + 1);
    const back = new Int32Array(n + 1).fill(-1);
    for (let k = 1; k <= n; k += 1) {
      let bestValue = -Infinity;
      let bestStart = -1;
      for (let i = 0; i < k; i += 1) {
        const len = units[k]! - units[i]!;
        const longest = len > length.max && i < k - 1;
        const tooShort = len < length.min && !decisiveAt[k];
        if (longest || tooShort) continue;
        const value = best[i]! + evidence[k]! - 1 - 0.06 * Math.abs(len - length.target);
        if (value > bestValue + 1e-9) {
          bestValue = value;
          bestStart = i;
        }
      }
      if (bestStart < 0) {
        bestStart = k - 1;
        bestValue = best[k - 1]! - 1;
      }
      best[k] = bestValue;
      back[k] = bestStart;
    }
    return back;
  }

  it('is the best split under the length bounds, for random evidence, token counts and stops', () => {
    const random = seededRandom('sentence starts');
    for (let round = 0; round < 300; round += 1) {
      const n = random.int(1, 400);
      const units = new Float64Array(n + 1);
      const evidence = new Float32Array(n + 1);
      const decisiveAt = new Uint8Array(n + 1);
      // Evidence on a coarse grid, so that equal totals (ties) are common.
      const grid = [-3, -1.2, 0, 0.3, 0.6, 1, 1.5, 1.8, 4];
      for (let k = 1; k <= n; k += 1) {
        units[k] = units[k - 1]! + (random.chance(0.1) ? random.int(2, 6) : 1);
        evidence[k] = random.pick(grid);
        decisiveAt[k] = random.chance(0.05) ? 1 : 0;
      }
      evidence[n] = CERTAIN_BOUNDARY;
      decisiveAt[n] = 1;
      const length = random.pick([SPOKEN_SENTENCE_LENGTH, { min: 8, target: 22, max: 40 }, { min: 2, target: 4, max: 6 }]);
      expect(Array.from(bestStarts(units, evidence, decisiveAt, length))).toEqual(Array.from(referenceStarts(units, evidence, decisiveAt, length)));
    }
  });

  it('is the same on long windows of equal evidence, where many starts tie and wait in the queues', () => {
    const n = 1000;
    const units = Float64Array.from({ length: n + 1 }, (_, k) => k);
    const evidence = new Float32Array(n + 1).fill(-3);
    evidence[n] = CERTAIN_BOUNDARY;
    const decisiveAt = new Uint8Array(n + 1);
    decisiveAt[n] = 1;
    const length = { min: 1, target: 150, max: 300 };
    expect(Array.from(bestStarts(units, evidence, decisiveAt, length))).toEqual(Array.from(referenceStarts(units, evidence, decisiveAt, length)));
  });
});
