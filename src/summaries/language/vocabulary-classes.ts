/** What the engine needs to know about each distinct lower-case token of a transcript. */
export interface VocabularyClasses {
  /** Stem per token: tokens with the same stem count as one term. */
  readonly stems: readonly string[];
  /** 1 where the token carries no topic (stop word, number, stray letter). */
  readonly stop: Uint8Array;
  /** 1 where the token is topical enough to compare sentences but too vague to be a key term. */
  readonly generic: Uint8Array;
}

const SINGLE_ALPHABETIC_LETTER = /^[\p{Script=Latin}\p{Script=Cyrillic}\p{Script=Greek}]$/u;
const HAS_LETTER = /\p{L}/u;

/** True for tokens that can never be a term in any language: numbers and stray letters. */
export function isNonTerm(token: string): boolean {
  return !HAS_LETTER.test(token) || SINGLE_ALPHABETIC_LETTER.test(token);
}
