/**
 * tldr: two or three sentences that say what the video is about. The most central sentences
 * of the whole transcript, kept apart by MMR so they do not repeat each other, with a lift
 * for the speaker's own framing ("in this video we'll look at..."), printed in reading order.
 */
import type { TranscriptAnalysis } from '../analysis/transcript-analysis';
import { inReadingOrder, selectDiverse, topSentences } from './selection';
import { sentenceCues } from './sentence-cues';
import { NO_SPEECH, quotableSalience, similarity, wordCount } from './shared';

const CANDIDATES = 40;
const OPENING_CANDIDATES = 6;
const INTRODUCTION_LIFT = 1.35;
/** Below this many words a third sentence would mostly repeat the first two. */
const WORDS_FOR_THREE = 400;
const MAX_WORDS = 95;

export function tldrSentences(analysis: TranscriptAnalysis): number[] {
  const n = analysis.sentences.count;
  if (n === 0) return [];
  if (n <= 2) return Array.from({ length: n }, (_, s) => s);
  const global = analysis.salience.global;
  const opening = openingEnd(analysis);
  const candidates = [
    ...topSentences((s) => global[s] ?? 0, 0, n, CANDIDATES),
    ...topSentences((s) => global[s] ?? 0, 0, opening, OPENING_CANDIDATES),
  ];
  const score = (s: number) => quotableSalience(analysis, s) * (sentenceCues(analysis, s).introduction ? INTRODUCTION_LIFT : 1);
  const count = analysis.words.length >= WORDS_FOR_THREE ? 3 : 2;
  const picked = selectDiverse(candidates, score, similarity(analysis), count, 0.7);
  // Keep it a quick read: drop the weakest pick if the three together run long.
  while (picked.length > 2 && picked.reduce((sum, s) => sum + wordCount(analysis, s), 0) > MAX_WORDS) picked.pop();
  return inReadingOrder(picked);
}

export function renderTldr(analysis: TranscriptAnalysis): string {
  const sentences = tldrSentences(analysis);
  return sentences.length === 0 ? NO_SPEECH : sentences.map((s) => analysis.display(s)).join(' ');
}

/** The sentences of the first tenth of the video (at least its first two minutes), where speakers say what is coming. */
function openingEnd(analysis: TranscriptAnalysis): number {
  const limit = Math.max(120, analysis.durationSeconds * 0.1);
  let s = 0;
  while (s < analysis.sentences.count && (analysis.sentences.start[s] ?? 0) < limit) s += 1;
  return s;
}
