/** Sentence punctuation: detecting whether captions have it, and reading it at word edges. */

/** A word that ends a sentence: terminal mark, optionally followed by closing quotes or brackets. */
export const ENDS_SENTENCE = /[.!?…。！？]["'”’)\]»]*$/u;
/** A word that ends a clause. */
export const ENDS_CLAUSE = /[,;:،、，；：]["'”’)\]»]*$/u;
const TERMINAL_MARK = /[.!?…。！？](?=["'”’)\]»]*(?:\s|$))/gu;
const UPPER = /\p{Lu}/gu;
const LETTER = /\p{L}/gu;

export interface PunctuationProfile {
  /** Sentence punctuation is frequent enough to trust a sentence splitter. */
  readonly punctuated: boolean;
  /** No capital letters at all, as in auto-captions: casing has to be restored for display. */
  readonly lowerCaseOnly: boolean;
}

/**
 * Auto-captions are lower-case word runs with no sentence marks; manual captions end a
 * sentence every 10-25 words. One mark per 40 words separates them with a wide margin.
 */
export function punctuationProfile(texts: readonly string[]): PunctuationProfile {
  const sample = evenSample(texts, 4000);
  let words = 0;
  let marks = 0;
  let letters = 0;
  let upper = 0;
  for (const text of sample) {
    words += countWords(text);
    marks += text.match(TERMINAL_MARK)?.length ?? 0;
    letters += text.match(LETTER)?.length ?? 0;
    upper += text.match(UPPER)?.length ?? 0;
  }
  return {
    punctuated: words > 0 && marks * 40 >= words,
    lowerCaseOnly: letters === 0 || upper / letters < 0.002,
  };
}

function countWords(text: string): number {
  let count = 0;
  let inWord = false;
  for (let i = 0; i < text.length; i += 1) {
    const space = text.charCodeAt(i) === 32;
    if (!space && !inWord) count += 1;
    inWord = !space;
  }
  return count;
}

function evenSample<T>(items: readonly T[], limit: number): T[] {
  if (items.length <= limit) return [...items];
  const step = items.length / limit;
  const out: T[] = [];
  for (let i = 0; i < limit; i += 1) {
    const item = items[Math.floor(i * step)];
    if (item !== undefined) out.push(item);
  }
  return out;
}
