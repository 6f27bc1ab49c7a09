/**
 * Per distinct word, the facts sentence building needs: its length in tokens, the punctuation
 * at its end, and (for English) whether it tends to open or close a spoken sentence.
 */
import {
  CLAUSE_SUBJECTS,
  CONTINUATIONS,
  NON_ENDING,
  OBJECT_ONLY_PRONOUNS,
  SENTENCE_STARTERS,
  SUBJECT_ONLY_PRONOUNS,
} from '../language/english-word-classes';
import { ENDS_CLAUSE, ENDS_SENTENCE } from '../text/punctuation';
import type { Vocabulary } from './vocabulary';
import type { WordStream } from './word-stream';

export const FLAG_ENDS_SENTENCE = 1;
export const FLAG_ENDS_CLAUSE = 2;
export const FLAG_STARTER = 4;
export const FLAG_SUBJECT = 8;
export const FLAG_NON_ENDING = 16;
export const FLAG_CONTINUATION = 32;
export const FLAG_SUBJECT_ONLY = 64;
export const FLAG_OBJECT_ONLY = 128;

export interface WordFlags {
  /** Bit set of FLAG_* per distinct word. */
  readonly flags: Uint8Array;
  /** Tokens per distinct word, at least 1, as the unit of sentence length. */
  readonly units: Uint8Array;
}

export function buildWordFlags(words: WordStream, vocabulary: Vocabulary, isEnglish: boolean): WordFlags {
  const count = words.distinct.length;
  const flags = new Uint8Array(count);
  const units = new Uint8Array(count);
  for (let w = 0; w < count; w += 1) {
    const text = words.distinct[w] ?? '';
    const from = vocabulary.wordTokenStart[w] ?? 0;
    const to = vocabulary.wordTokenStart[w + 1] ?? from;
    units[w] = Math.min(255, Math.max(1, to - from));
    let f = 0;
    if (ENDS_SENTENCE.test(text)) f |= FLAG_ENDS_SENTENCE;
    else if (ENDS_CLAUSE.test(text)) f |= FLAG_ENDS_CLAUSE;
    if (isEnglish && to > from) {
      const first = vocabulary.tokens[vocabulary.wordTokens[from] ?? -1] ?? '';
      const last = vocabulary.tokens[vocabulary.wordTokens[to - 1] ?? -1] ?? '';
      if (SENTENCE_STARTERS.has(first)) f |= FLAG_STARTER;
      if (CLAUSE_SUBJECTS.has(first)) f |= FLAG_SUBJECT;
      if (CONTINUATIONS.has(first)) f |= FLAG_CONTINUATION;
      if (SUBJECT_ONLY_PRONOUNS.has(first)) f |= FLAG_SUBJECT_ONLY;
      if (OBJECT_ONLY_PRONOUNS.has(first)) f |= FLAG_OBJECT_ONLY;
      if (NON_ENDING.has(last) && !(f & (FLAG_ENDS_SENTENCE | FLAG_ENDS_CLAUSE))) f |= FLAG_NON_ENDING;
    }
    flags[w] = f;
  }
  return { flags, units };
}
