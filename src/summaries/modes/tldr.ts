/**
 * tldr: two or three sentences that say what the video is about. It opens with the speaker's
 * own framing when the opening has one ("today's lecture is about..."), then adds the most
 * central sentences of the transcript, kept apart by MMR and spread over different topic
 * sections so a multi-topic video is not summarised by one topic. Printed in reading order.
 */
import type { TranscriptAnalysis } from '../analysis/transcript-analysis';
import type { CitationWriter } from './citations';
import { candidateSentences, inReadingOrder, selectDiverse } from './selection';
import { sentenceCues } from './sentence-cues';
import { NO_SPEECH, quotableSalience, similarity, topicLookup, wordCount } from './sentence-measures';

const CANDIDATES = 40;
/** Framing has to be about the content too: at least this share of the best sentence's salience. */
const FRAMING_MIN_SHARE = 0.25;
/** Below this many words a third sentence would mostly repeat the first two. */
const WORDS_FOR_THREE = 400;
const MAX_WORDS = 95;

export function tldrSentences(analysis: TranscriptAnalysis): number[] {
  const n = analysis.sentences.count;
  if (n === 0) return [];
  if (n <= 2) return Array.from({ length: n }, (_, s) => s);
  const global = analysis.salience.global;
  const candidates = candidateSentences((s) => global[s] ?? 0, 0, n, CANDIDATES);
  const score = (s: number) => quotableSalience(analysis, s);
  const count = analysis.words.length >= WORDS_FOR_THREE ? 3 : 2;
  const framing = framingSentence(analysis, Math.max(...candidates.map(score)));
  const chosen = framing === null ? [] : [framing];
  const topics = topicLookup(analysis);
  // The framing speaks for the whole video, not for the section it happens to open.
  const topicOf = topics && ((s: number) => (s === framing ? -1 : topics(s)));
  chosen.push(...selectDiverse(candidates, score, similarity(analysis), count - chosen.length, 0.7, chosen, topicOf));
  // Keep it a quick read: drop the weakest pick if the three together run long.
  while (chosen.length > 2 && chosen.reduce((sum, s) => sum + wordCount(analysis, s), 0) > MAX_WORDS) chosen.pop();
  return inReadingOrder(chosen);
}

/** Each sentence is a point, followed by its link. */
export function renderTldr(analysis: TranscriptAnalysis, citations: CitationWriter): string {
  const sentences = tldrSentences(analysis);
  return sentences.length === 0 ? NO_SPEECH : sentences.map((s) => citations.sentence(s)).join(' ');
}

/** The opening sentence in which the speaker says what the video covers, if there is one. */
function framingSentence(analysis: TranscriptAnalysis, bestScore: number): number | null {
  let best: number | null = null;
  let bestFraming = bestScore * FRAMING_MIN_SHARE;
  for (let s = 0; s < openingEnd(analysis); s += 1) {
    const score = quotableSalience(analysis, s);
    if (score >= bestFraming && sentenceCues(analysis, s).introduction) {
      best = s;
      bestFraming = score;
    }
  }
  return best;
}

/**
 * The sentences of the first tenth of the video, where speakers say what is coming: at least
 * its first two minutes, at most its first ten.
 */
function openingEnd(analysis: TranscriptAnalysis): number {
  const limit = Math.min(600, Math.max(120, analysis.durationSeconds * 0.1));
  let s = 0;
  while (s < analysis.sentences.count && (analysis.sentences.start[s] ?? 0) < limit) s += 1;
  return s;
}
