/** Small pieces the mode renderers share. */
import type { TranscriptAnalysis } from '../analysis/transcript-analysis';
import { closestSection } from '../analysis/salience';
import { sentenceCosine } from '../analysis/sentence-vectors';
import { sentenceCues, standaloneFactor } from './sentence-cues';

export const NO_SPEECH = 'The transcript has no spoken content to summarize.';

export function similarity(analysis: TranscriptAnalysis): (a: number, b: number) => number {
  return (a, b) => sentenceCosine(analysis.vectors, a, b);
}

/**
 * The topic of a sentence, for summaries so short that every sentence should come from a
 * different part of the video: the section it is closest to in vocabulary, which holds even
 * where a boundary falls a sentence late. Null when the video has a single section.
 */
export function topicLookup(analysis: TranscriptAnalysis): ((s: number) => number) | null {
  if (analysis.sections.length < 2) return null;
  const topics = new Map<number, number>();
  return (s) => {
    let topic = topics.get(s);
    if (topic === undefined) {
      topic = closestSection(analysis.vectors, analysis.salience, s);
      topics.set(s, topic);
    }
    return topic;
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
