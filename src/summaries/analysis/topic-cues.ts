/**
 * Where speakers announce a new topic: per sentence, 1 when it opens (after spoken openers such
 * as "okay so") with a phrase like "moving on", "the next thing" or "let's talk about", else 0.
 * Lexical cohesion finds where the vocabulary changes; these cues say where a speaker changed it
 * on purpose, which in conversation is often the clearer signal (Passonneau and Litman 1997,
 * Galley et al. 2003).
 */
import type { CueLexicon } from '../language/cue-lexicon';

/** Tokens read from each sentence's start: openers, then the longest cue phrase. */
export const TOPIC_CUE_TOKENS = 10;
const OPENERS_SKIPPED = 4;

/** `openingTokens(s)` gives at least the first TOPIC_CUE_TOKENS tokens of sentence s. */
export function topicShiftCues(count: number, openingTokens: (s: number) => readonly string[], cues: CueLexicon): Float32Array {
  const strengths = new Float32Array(count);
  if (cues.topicShifts.length === 0) return strengths;
  const phrases = new Set(cues.topicShifts);
  const longest = Math.max(...cues.topicShifts.map((phrase) => phrase.split(' ').length));
  const openers = new Set([...cues.discourseOpeners, ...cues.fillers]);
  for (let s = 0; s < count; s += 1) {
    const words = openingTokens(s);
    let first = 0;
    while (first < words.length - 1 && first < OPENERS_SKIPPED && openers.has(words[first] ?? '')) first += 1;
    let phrase = '';
    for (let k = first; k < Math.min(words.length, first + longest); k += 1) {
      phrase = k === first ? (words[k] ?? '') : `${phrase} ${words[k] ?? ''}`;
      if (phrases.has(phrase)) {
        strengths[s] = 1;
        break;
      }
    }
  }
  return strengths;
}
