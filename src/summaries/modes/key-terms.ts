/**
 * Key terms of a video with the sentence that best explains each: the top key phrases (noun
 * phrases in English), no term nested in another already chosen, each paired with the
 * sentence where it is defined ("X is...", "called X") or else its most central use.
 */
import type { KeyPhrase } from '../analysis/key-phrases';
import type { TranscriptAnalysis } from '../analysis/transcript-analysis';
import { standaloneFactor, sentenceCues } from './sentence-cues';

export interface KeyTerm {
  readonly phrase: KeyPhrase;
  /** Sentence that explains it. */
  readonly sentence: number;
  /** The sentence defines the term outright. */
  readonly defined: boolean;
  /** Article used before the term where it is defined ("a", "the"), if any. */
  readonly article: string | null;
}

const CANDIDATES_CHECKED = 30;
const DEFINITION_LIFT = 2.5;

export function keyTerms(analysis: TranscriptAnalysis): KeyTerm[] {
  const wanted = Math.min(10, Math.max(4, analysis.sections.length + 3));
  const candidates = analysis.phrases.overall.slice(0, CANDIDATES_CHECKED);
  const repeated = candidates.filter((p) => p.count >= 2);
  const pool = repeated.length >= wanted ? repeated : candidates;
  const chosen: KeyTerm[] = [];
  for (const phrase of pool) {
    if (chosen.length >= wanted) break;
    if (chosen.some((t) => nested(t.phrase, phrase))) continue;
    if (analysis.nounCheck && !analysis.nounCheck(phrase)) continue;
    const explanation = bestExplanation(analysis, phrase);
    if (explanation) chosen.push({ phrase, ...explanation });
  }
  return chosen;
}

function nested(a: KeyPhrase, b: KeyPhrase): boolean {
  const [short, long] = a.terms.length <= b.terms.length ? [a, b] : [b, a];
  return short.terms.every((t) => long.terms.includes(t));
}

function bestExplanation(analysis: TranscriptAnalysis, phrase: KeyPhrase): Omit<KeyTerm, 'phrase'> | null {
  let best: Omit<KeyTerm, 'phrase'> | null = null;
  let bestScore = -Infinity;
  phrase.sentences.forEach((s, order) => {
    const tokens = analysis.tokens(s);
    const at = indexOfPhrase(tokens, phrase.tokens);
    const defined = at >= 0 && definesAt(analysis, tokens, at, phrase.tokens.length);
    const salience = (analysis.salience.global[s] ?? 0) + (analysis.salience.local[s] ?? 0);
    // Earlier uses explain more often than later ones, which assume the term is known.
    const score = salience * standaloneFactor(sentenceCues(analysis, s)) * (defined ? DEFINITION_LIFT : 1) * (1 - order * 0.01);
    if (score > bestScore) {
      bestScore = score;
      const before = tokens[at - 1];
      best = { sentence: s, defined, article: before === 'a' || before === 'an' || before === 'the' ? before : null };
    }
  });
  return best;
}

function indexOfPhrase(tokens: readonly string[], phrase: readonly string[]): number {
  outer: for (let i = 0; i + phrase.length <= tokens.length; i += 1) {
    for (let k = 0; k < phrase.length; k += 1) if (tokens[i + k] !== phrase[k]) continue outer;
    return i;
  }
  return -1;
}

function definesAt(analysis: TranscriptAnalysis, tokens: readonly string[], at: number, length: number): boolean {
  const cues = analysis.language.cues;
  const after = tokens[at + length] ?? '';
  if (cues.definitionAfter.includes(after)) return true;
  const before = ` ${tokens.slice(Math.max(0, at - 3), at).join(' ')}`;
  return cues.definitionBefore.some((phrase) => before.endsWith(` ${phrase}`));
}
