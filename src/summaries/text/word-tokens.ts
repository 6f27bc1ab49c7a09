/**
 * Splits caption text into word tokens. Space-delimited scripts use Unicode letter classes;
 * scripts written without spaces (Chinese, Japanese, Thai, ...) go through ICU's dictionary
 * word segmenter. Apostrophes are normalised so "don’t" and "don't" are one token.
 */

const WORD = /[\p{L}\p{M}\p{N}]+(?:'[\p{L}\p{M}\p{N}]+)*/gu;
const CURLY_APOSTROPHE = /[’ʼ`´]/g;
const CONTINUOUS_SCRIPT =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;

export type WordTokenizer = (text: string) => string[];

export function createWordTokenizer(locale: string | undefined): WordTokenizer {
  let segmenter: Intl.Segmenter | undefined;
  return (text) => {
    const normalised = text.normalize('NFC').replace(CURLY_APOSTROPHE, "'");
    if (!CONTINUOUS_SCRIPT.test(normalised)) return normalised.match(WORD) ?? [];
    segmenter ??= new Intl.Segmenter(locale, { granularity: 'word' });
    const words: string[] = [];
    for (const part of segmenter.segment(normalised)) if (part.isWordLike) words.push(part.segment);
    return words;
  };
}

/** True when the text is in a script that does not separate words with spaces. */
export function isContinuousScript(text: string): boolean {
  return CONTINUOUS_SCRIPT.test(text);
}
