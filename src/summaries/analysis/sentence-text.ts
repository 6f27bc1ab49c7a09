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
    // Captions in scripts without spaces are split into segments, not words: rejoin them tightly.
    const tight = previous !== '' && isContinuousScript(previous.slice(-1)) && isContinuousScript(word.charAt(0));
    text += p === from || tight ? word : ` ${word}`;
    previous = word;
  }
  return text;
}

/** The sentence's lower-case tokens, stop words included, in order. */
export function sentenceTokens(words: WordStream, vocabulary: Vocabulary, sentences: SentenceTable, s: number): string[] {
  const tokens: string[] = [];
  const to = sentences.firstWord[s + 1] ?? 0;
  for (let p = sentences.firstWord[s] ?? 0; p < to; p += 1) {
    const w = words.word[p] ?? 0;
    for (let k = vocabulary.wordTokenStart[w] ?? 0; k < (vocabulary.wordTokenStart[w + 1] ?? 0); k += 1) {
      tokens.push(vocabulary.tokens[vocabulary.wordTokens[k] ?? 0] ?? '');
    }
  }
  return tokens;
}
