/** Reading a sentence back out of the word stream. */
import { isContinuousScript } from '../text/word-tokens';
import type { SentenceTable } from './sentences';
import type { Vocabulary } from './vocabulary';
import type { WordStream } from './word-stream';

/** The sentence as spoken (cleaned), words joined as they were written. */
export function sentenceText(words: WordStream, sentences: SentenceTable, s: number): string {
  const from = sentences.firstWord[s] ?? 0;
  const to = sentences.firstWord[s + 1] ?? from;
  let text = '';
  let previous = '';
  for (let p = from; p < to; p += 1) {
    const word = words.distinct[words.word[p] ?? 0] ?? '';
    // Captions in scripts without spaces are split into segments, not words: rejoin them tightly,
    // across their own full-width punctuation too ("まず、" then "お湯を").
    const tight = previous !== '' && joinsTightly(previous.slice(-1)) && joinsTightly(word.charAt(0));
    text += p === from || tight ? word : ` ${word}`;
    previous = word;
  }
  return text;
}

/** CJK symbols and punctuation (、。「」), and the full-width forms (，！？). */
const FULL_WIDTH_PUNCTUATION = /[\u3000-\u303F\uFF00-\uFF0F\uFF1A-\uFF20\uFF3B-\uFF40\uFF5B-\uFF65]/u;

function joinsTightly(char: string): boolean {
  return isContinuousScript(char) || FULL_WIDTH_PUNCTUATION.test(char);
}

/** The sentence's lower-case tokens, stop words included, in order; only the first `limit` when given. */
export function sentenceTokens(words: WordStream, vocabulary: Vocabulary, sentences: SentenceTable, s: number, limit = Infinity): string[] {
  const tokens: string[] = [];
  const to = sentences.firstWord[s + 1] ?? 0;
  for (let p = sentences.firstWord[s] ?? 0; p < to && tokens.length < limit; p += 1) {
    const w = words.word[p] ?? 0;
    for (let k = vocabulary.wordTokenStart[w] ?? 0; k < (vocabulary.wordTokenStart[w + 1] ?? 0); k += 1) {
      tokens.push(vocabulary.tokens[vocabulary.wordTokens[k] ?? 0] ?? '');
    }
  }
  return tokens;
}
