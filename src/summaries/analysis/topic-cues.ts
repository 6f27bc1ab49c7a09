/**
 * Where speakers announce a new topic: per sentence, 1 when it opens (after spoken openers such
 * as "okay so") with a phrase like "moving on", "the next thing" or "let's talk about", else 0.
 * Lexical cohesion finds where the vocabulary changes; these cues say where a speaker changed it
 * on purpose, which in conversation is often the clearer signal (Passonneau and Litman 1997,
 * Galley et al. 2003).
 */
import type { CueLexicon } from '../language/cue-lexicon';

export function topicShiftCues(count: number, tokens: (s: number) => readonly string[], cues: CueLexicon): Float32Array {
  const strengths = new Float32Array(count);
  if (cues.topicShifts.length === 0) return strengths;
  const openers = new Set([...cues.discourseOpeners, ...cues.fillers]);
  for (let s = 0; s < count; s += 1) {
    const words = tokens(s);
    let first = 0;
    while (first < words.length - 1 && first < 4 && openers.has(words[first] ?? '')) first += 1;
    const opening = ` ${words.slice(first, first + 6).join(' ')} `;
    if (cues.topicShifts.some((phrase) => opening.startsWith(` ${phrase} `))) strengths[s] = 1;
  }
  return strengths;
}
