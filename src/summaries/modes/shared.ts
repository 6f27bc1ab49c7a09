/** Small pieces the mode renderers share. */
import type { TranscriptAnalysis } from '../analysis/transcript-analysis';
import { sentenceCosine } from '../analysis/sentence-vectors';
import { sentenceCues, standaloneFactor } from './sentence-cues';

export const NO_SPEECH = 'The transcript has no spoken content to summarize.';

export function similarity(analysis: TranscriptAnalysis): (a: number, b: number) => number {
  return (a, b) => sentenceCosine(analysis.vectors, a, b);
}

/** How much a second sentence from the same section counts as repetition, on top of shared words. */
const SAME_SECTION_REDUNDANCY = 0.3;

/**
 * Similarity that also counts belonging to the same topic section, for summaries so short
 * that every sentence should come from a different part of the video.
 */
export function sectionAwareSimilarity(analysis: TranscriptAnalysis): (a: number, b: number) => number {
  const sectionOf = sectionLookup(analysis);
  return (a, b) => sentenceCosine(analysis.vectors, a, b) + (sectionOf(a) === sectionOf(b) ? SAME_SECTION_REDUNDANCY : 0);
}

/** Index of the section holding a sentence (sections are contiguous and ordered). */
export function sectionLookup(analysis: TranscriptAnalysis): (s: number) => number {
  const firsts = analysis.sections.map((section) => section.firstSentence);
  return (s) => {
    let lo = 0;
    let hi = firsts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((firsts[mid] ?? 0) <= s) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  };
}

/** Global salience adjusted for how well the sentence stands alone. */
export function quotableSalience(analysis: TranscriptAnalysis, s: number): number {
  return (analysis.salience.global[s] ?? 0) * standaloneFactor(sentenceCues(analysis, s)) * boundaryClarity(analysis, s);
}

/** Section salience blended with global salience, adjusted for standing alone. */
export function quotableSectionSalience(analysis: TranscriptAnalysis, s: number): number {
  const local = analysis.salience.local[s] ?? 0;
  const global = analysis.salience.global[s] ?? 0;
  return (0.65 * local + 0.35 * global) * standaloneFactor(sentenceCues(analysis, s)) * boundaryClarity(analysis, s);
}

/**
 * Sentences cut from unpunctuated captions where the evidence was weak may start or end
 * mid-phrase; among equally central sentences, prefer those with clear edges.
 */
function boundaryClarity(analysis: TranscriptAnalysis, s: number): number {
  const edge = (evidence: number) => (evidence >= 1 ? 1 : evidence >= 0 ? 0.9 : 0.75);
  return edge(analysis.sentences.boundary[s] ?? 0) * edge(analysis.sentences.boundary[s + 1] ?? 0);
}

export function wordCount(analysis: TranscriptAnalysis, s: number): number {
  return (analysis.sentences.firstWord[s + 1] ?? 0) - (analysis.sentences.firstWord[s] ?? 0);
}

export function minutes(analysis: TranscriptAnalysis): number {
  return analysis.durationSeconds / 60;
}
