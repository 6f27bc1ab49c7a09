/**
 * Splits caption text into word tokens. Space-delimited scripts use Unicode letter classes;
 * scripts written without spaces (Chinese, Japanese, Thai, ...) go through ICU's dictionary
 * word segmenter. Apostrophes are normalised so "don’t" and "don't" are one token.
 */

const WORD = /[\p{L}\p{M}\p{N}]+(?:'[\p{L}\p{M}\p{N}]+)*/gu;
const CURLY_APOSTROPHE = /[’ʼ`´]/g;
const CONTINUOUS_SCRIPT =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;

/** "l'eau", "dell'acqua", "qu'il": a short elided word glued to the next by an apostrophe. */
const ELISION = /^(\p{L}{1,4})'(\p{L}.*)$/u;

export type WordTokenizer = (text: string) => string[];

/**
 * `splitElisions` separates French and Italian elisions ("l'eau" is "l" and "eau") so the
 * noun counts as the same word wherever it appears; English keeps "don't" whole.
 */
export function createWordTokenizer(locale: string | undefined, splitElisions = false): WordTokenizer {
  let segmenter: Intl.Segmenter | undefined;
  return (text) => {
    const normalised = text.normalize('NFC').replace(CURLY_APOSTROPHE, "'");
    if (!CONTINUOUS_SCRIPT.test(normalised)) {
      const words = normalised.match(WORD) ?? [];
      return splitElisions ? words.flatMap((w) => ELISION.exec(w)?.slice(1) ?? [w]) : words;
    }
    segmenter ??= new Intl.Segmenter(locale, { granularity: 'word' });
    const words: string[] = [];
    for (const chunk of chunks(normalised)) {
      for (const part of segmenter.segment(chunk)) if (part.isWordLike) words.push(part.segment);
    }
    return words;
  };
}

/**
 * Splits text in a script written without spaces into words, each keeping the punctuation
 * that follows it ("訓練します。" stays one word), so such captions can be cut into sentences
 * between any two words, as spaced text can.
 */
export function createUnspacedSplitter(locale: string | undefined): (text: string) => string[] {
  let segmenter: Intl.Segmenter | undefined;
  return (text) => {
    segmenter ??= new Intl.Segmenter(locale, { granularity: 'word' });
    const words: string[] = [];
    for (const chunk of chunks(text.normalize('NFC'))) {
      for (const part of segmenter.segment(chunk)) {
        if (BLANK.test(part.segment)) continue;
        const last = words.length - 1;
        if (!part.isWordLike && last >= 0 && !WORD_CHARACTER.test(part.segment)) words[last] += part.segment;
        else words.push(part.segment);
      }
    }
    return words;
  };
}

const BLANK = /^\s+$/u;
const WORD_CHARACTER = /[\p{L}\p{N}]/u;

/**
 * ICU's segmenter slows down sharply on very long strings, and a caption segment from speech
 * recognition can hold minutes of unspaced text; it is fed pieces of bounded length, cut after
 * punctuation or a space where there is one.
 */
const MAX_CHUNK = 1000;

const CHUNK_BREAK = /[\s。！？、，.!?,]/u;

function* chunks(text: string): Generator<string> {
  let from = 0;
  while (text.length - from > MAX_CHUNK) {
    let cut = from + MAX_CHUNK;
    while (cut > from + MAX_CHUNK / 2 && !CHUNK_BREAK.test(text.charAt(cut - 1))) cut -= 1;
    if (cut === from + MAX_CHUNK / 2) cut = from + MAX_CHUNK;
    yield text.slice(from, cut);
    from = cut;
  }
  yield text.slice(from);
}

/** True when the text is in a script that does not separate words with spaces. */
export function isContinuousScript(text: string): boolean {
  return CONTINUOUS_SCRIPT.test(text);
}
