import type { SummaryInput } from '../../src/domain/summary';
import type { TranscriptSegment } from '../../src/domain/transcript';
import { analyzeTranscript, type TranscriptAnalysis } from '../../src/summaries';
import { weekendProjectsPodcast } from '../fixtures/transcripts/podcast-weekend-projects';
import { autoCaptionTimeline } from '../fixtures/transcripts/caption-builder';

function transcript(segments: TranscriptSegment[], language = 'en'): SummaryInput {
  return { title: 'Sorting', channel: 'CS Basics', language, durationSeconds: null, chapters: [], segments };
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
