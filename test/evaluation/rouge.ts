/**
 * ROUGE-1, ROUGE-2 and ROUGE-L (summary-level LCS) F1, from js-rouge, on lower-case Porter2
 * stems of letters and digits, as rouge-score does with its stemmer on: so "designs" and
 * "design" match and punctuation never counts.
 */
import * as rouge from 'js-rouge';
import { stemmedTokens } from './words';

export interface RougeScores {
  rouge1: number;
  rouge2: number;
  rougeL: number;
}

const SENTENCE_END = /(?<=[.!?])\s+/;

export function rougeScores(candidate: string, reference: string): RougeScores {
  if (stemmedTokens(candidate).length === 0 || stemmedTokens(reference).length === 0) return { rouge1: 0, rouge2: 0, rougeL: 0 };
  const tokenizer = stemmedTokens;
  return {
    rouge1: rouge.n(candidate, reference, { n: 1, tokenizer }),
    rouge2: stemmedTokens(candidate).length < 2 ? 0 : rouge.n(candidate, reference, { n: 2, tokenizer }),
    rougeL: rouge.l(candidate, reference, { tokenizer, segmenter: (text) => text.split(SENTENCE_END).filter((s) => stemmedTokens(s).length > 0) }),
  };
}

/** Against several references (a meeting's general-query answers): the mean over them. */
export function rougeAgainst(candidate: string, references: readonly string[]): RougeScores {
  const scores = references.map((reference) => rougeScores(candidate, reference));
  const mean = (key: keyof RougeScores) => (scores.length === 0 ? 0 : scores.reduce((sum, s) => sum + s[key], 0) / scores.length);
  return { rouge1: mean('rouge1'), rouge2: mean('rouge2'), rougeL: mean('rougeL') };
}
