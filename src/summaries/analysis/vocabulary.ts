/**
 * Tokens and terms of the distinct words of a transcript. A word ("dough," or "Don't") yields
 * lower-case tokens ("dough", "don't"); a token maps to a term (its stem) unless it is a stop
 * word. Tokenising and classifying distinct words once is what keeps large transcripts cheap.
 */
import type { LanguageProfile } from '../language/language-profile';
import type { VocabularyClasses } from '../language/vocabulary-classes';
import { createWordTokenizer, type WordTokenizer } from '../text/word-tokens';
import type { WordStream } from './word-stream';

export interface Vocabulary {
  /** How words were split into tokens; anything matched against the vocabulary must use it. */
  readonly tokenize: WordTokenizer;
  /** Distinct lower-case tokens. */
  readonly tokens: readonly string[];
  /** Token string to its index in `tokens`. */
  readonly tokenIndex: ReadonlyMap<string, number>;
  /** Per distinct word w: its tokens are wordTokens[wordTokenStart[w] .. wordTokenStart[w + 1]). */
  readonly wordTokenStart: Int32Array;
  readonly wordTokens: Int32Array;
  /** Per token: its term, or -1 for tokens that carry no topic. */
  readonly tokenTerm: Int32Array;
  /**
   * Per token: its stem, stop and generic flags, as the language classified it. Text read beside
   * the transcript (viewers' comments) looks its words up here before classifying new ones.
   */
  readonly tokenClasses: VocabularyClasses;
  readonly termCount: number;
}

export function buildVocabulary(words: WordStream, language: LanguageProfile): Vocabulary {
  const tokenize = createWordTokenizer(language.locale, language.splitsElisions);
  const tokenIds = new Map<string, number>();
  const tokens: string[] = [];
  const wordTokenStart = new Int32Array(words.distinct.length + 1);
  const wordTokenList: number[] = [];
  words.distinct.forEach((word, w) => {
    wordTokenStart[w] = wordTokenList.length;
    for (const token of tokenize(word)) {
      const lower = token.toLowerCase();
      let id = tokenIds.get(lower);
      if (id === undefined) {
        id = tokens.length;
        tokenIds.set(lower, id);
        tokens.push(lower);
      }
      wordTokenList.push(id);
    }
  });
  wordTokenStart[words.distinct.length] = wordTokenList.length;

  const classes = language.classify(tokens);
  const termIds = new Map<string, number>();
  const tokenTerm = new Int32Array(tokens.length).fill(-1);
  for (let t = 0; t < tokens.length; t += 1) {
    if (classes.stop[t]) continue;
    const stem = classes.stems[t] ?? tokens[t] ?? '';
    let term = termIds.get(stem);
    if (term === undefined) {
      term = termIds.size;
      termIds.set(stem, term);
    }
    tokenTerm[t] = term;
  }
  return {
    tokenize,
    tokens,
    tokenIndex: tokenIds,
    wordTokenStart,
    wordTokens: Int32Array.from(wordTokenList),
    tokenTerm,
    tokenClasses: classes,
    termCount: termIds.size,
  };
}

/** Terms of a text written outside the transcript (a title), as far as the transcript uses them. */
export function termsOf(text: string, vocabulary: Vocabulary): Set<number> {
  const terms = new Set<number>();
  for (const token of vocabulary.tokenize(text)) {
    const index = vocabulary.tokenIndex.get(token.toLowerCase());
    const term = index === undefined ? -1 : (vocabulary.tokenTerm[index] ?? -1);
    if (term >= 0) terms.add(term);
  }
  return terms;
}
