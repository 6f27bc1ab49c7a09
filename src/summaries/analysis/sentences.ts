/**
 * The transcript as sentences over the word stream, each with the time of the caption segment
 * where it begins. Punctuated captions are split by a sentence splitter; unpunctuated ones
 * (and run-on sentences the splitter leaves too long to quote) by timing and word cues.
 */
import type { LanguageProfile } from '../language/language-profile';
import { punctuatedSentenceStarts } from './punctuated-sentences';
import { CERTAIN_BOUNDARY, splitByCues, SPOKEN_SENTENCE_LENGTH, type SentenceCuts, type SentenceLength } from './pseudo-sentences';
import { tagEnglishWords } from './word-tags';
import type { WordFlags } from './word-flags';
import type { Vocabulary } from './vocabulary';
import type { WordStream } from './word-stream';

export interface SentenceTable {
  readonly count: number;
  /** Sentence i covers word positions [firstWord[i], firstWord[i + 1]). */
  readonly firstWord: Int32Array;
  /** Start of the segment holding the sentence's first word, in seconds. */
  readonly start: Float64Array;
  /** End of the segment holding its last word. */
  readonly end: Float64Array;
  /**
   * Evidence for the boundary at each sentence's start (sentence count + 1 entries, the last
   * for the end of the transcript). Low values mark cuts that may fall mid-phrase.
   */
  readonly boundary: Float32Array;
}

/** Written sentences longer than this (in tokens) are run-ons: usually missing punctuation. */
const RUN_ON_TOKENS = 48;
const RUN_ON_SPLIT: SentenceLength = { min: 8, target: 22, max: 40 };

export function buildSentences(
  words: WordStream,
  flags: WordFlags,
  vocabulary: Vocabulary,
  language: LanguageProfile,
  punctuated: boolean,
): SentenceTable {
  const cuts: SentenceCuts = { starts: [], strengths: [] };
  if (punctuated) {
    const written = punctuatedSentenceStarts(words, flags, language);
    for (let i = 0; i < written.length; i += 1) {
      const from = written[i] ?? 0;
      const to = written[i + 1] ?? words.length;
      if (unitsBetween(words, flags, from, to) > RUN_ON_TOKENS) {
        splitByCues(words, flags, from, to, cuts, CERTAIN_BOUNDARY, RUN_ON_SPLIT);
      } else {
        cuts.starts.push(from);
        cuts.strengths.push(CERTAIN_BOUNDARY);
      }
    }
  } else {
    const tags = language.isEnglish ? tagEnglishWords(words, vocabulary) : null;
    splitByCues(words, flags, 0, words.length, cuts, CERTAIN_BOUNDARY, SPOKEN_SENTENCE_LENGTH, tags);
  }
  const starts = cuts.starts;

  const count = starts.length;
  const firstWord = new Int32Array(count + 1);
  const start = new Float64Array(count);
  const end = new Float64Array(count);
  for (let i = 0; i < count; i += 1) {
    const from = starts[i] ?? 0;
    const to = starts[i + 1] ?? words.length;
    firstWord[i] = from;
    start[i] = words.segmentStart[words.segment[from] ?? 0] ?? 0;
    end[i] = Math.max(start[i] ?? 0, words.segmentEnd[words.segment[to - 1] ?? 0] ?? 0);
  }
  firstWord[count] = words.length;
  const boundary = Float32Array.from([...cuts.strengths, CERTAIN_BOUNDARY]);
  return { count, firstWord, start, end, boundary };
}

function unitsBetween(words: WordStream, flags: WordFlags, from: number, to: number): number {
  let units = 0;
  for (let p = from; p < to; p += 1) units += flags.units[words.word[p] ?? 0] ?? 1;
  return units;
}
