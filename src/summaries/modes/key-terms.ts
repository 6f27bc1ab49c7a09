/**
 * Key terms of a video with the sentence that best explains each: the top key phrases (noun
 * phrases in English), no term nested in another already chosen, each paired with the
 * sentence where it is defined ("X is...", "called X") or else its most central use.
 */
import { startsWithAny, type KeyPhrase } from '../analysis/key-phrases';
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
/** As the key-phrase index lifts terms it saw defined by cue words. */
const DEFINED_TERM_LIFT = 1.6;

export function keyTerms(analysis: TranscriptAnalysis): KeyTerm[] {
  const wanted = Math.min(10, Math.max(4, analysis.sections.length + 3));
  const candidates = analysis.phrases.overall.slice(0, CANDIDATES_CHECKED);
  const repeated = candidates.filter((p) => p.count >= 2 || p.defined);
  const pool = (repeated.length >= wanted ? repeated : candidates)
    .map((phrase) => ({ phrase, explanation: bestExplanation(analysis, phrase) }))
    .filter((c): c is { phrase: KeyPhrase; explanation: Omit<KeyTerm, 'phrase'> } => c.explanation !== null)
    // A definition found only by tagging ("X is cash...") lifts the term as one found by cue words did.
    .map((c) => ({ ...c, rank: c.phrase.score * (c.explanation.defined && !c.phrase.defined ? DEFINED_TERM_LIFT : 1) }))
    .sort((a, b) => b.rank - a.rank || (a.phrase.key < b.phrase.key ? -1 : 1));
  const chosen: KeyTerm[] = [];
  for (const { phrase, explanation } of pool) {
    if (chosen.length >= wanted) break;
    if (chosen.some((t) => nested(t.phrase, phrase))) continue;
    if (analysis.tagger && !analysis.tagger.isNounPhrase(phrase)) continue;
    chosen.push({ phrase, ...explanation });
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
    const defined = at >= 0 && (definesAt(analysis, tokens, at, phrase.tokens.length) || (analysis.tagger?.definesByCopula(s, phrase.tokens) ?? false));
    const salience = (analysis.salience.global[s] ?? 0) + (analysis.salience.local[s] ?? 0);
    // Earlier uses explain more often than later ones, which assume the term is known.
    const score = salience * standaloneFactor(sentenceCues(analysis, s)) * (defined ? DEFINITION_LIFT : 1) * (1 - order * 0.01);
    if (score > bestScore) {
      bestScore = score;
      best = { sentence: s, defined, article: articleBefore(analysis, tokens, at, phrase.tokens.length) };
    }
  });
  return best;
}

/**
 * The article of the noun phrase the term heads in that sentence ("a sourdough starter" gives
 * "a" for "starter"), so questions read "What is a starter?". English only.
 */
function articleBefore(analysis: TranscriptAnalysis, tokens: readonly string[], at: number, length: number): string | null {
  if (!analysis.language.isEnglish || at < 0) return null;
  const isContent = (token: string) => (analysis.vocabulary.tokenTerm[analysis.vocabulary.tokenIndex.get(token) ?? -1] ?? -1) >= 0;
  // "a separate savings account": the article belongs to the noun the term modifies.
  if (isContent(tokens[at + length] ?? '')) return null;
  const firstWord = tokens[at] ?? '';
  for (let k = at - 1; k >= Math.max(0, at - 3); k -= 1) {
    const token = tokens[k] ?? '';
    if (token === 'the') return 'the';
    if (analysis.language.cues.definitionBefore.some((cue) => cue.split(' ').includes(token))) return null;
    if (token === 'a' || token === 'an') return /^[aeiou]/i.test(firstWord) ? 'an' : 'a';
    // Only modifiers that carry meaning may stand between the article and the term.
    if (!isContent(token)) return null;
  }
  return null;
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
  if (startsWithAny(tokens, at + length, cues.definitionAfter)) return true;
  const before = ` ${tokens.slice(Math.max(0, at - 3), at).join(' ')}`;
  return cues.definitionBefore.some((phrase) => before.endsWith(` ${phrase}`));
}
