/**
 * Part-of-speech tags for English captions without punctuation, where they are the best
 * evidence of where one spoken sentence ends and the next begins ("...a sourdough | starter"
 * splits a noun phrase, "...the starter | a sourdough starter is..." does not). wink tags
 * the word stream in windows of a couple of thousand words, which keeps each document small;
 * the cost is about half a second per million words.
 */
import { englishTagger } from '../language/wink';
import type { Vocabulary } from './vocabulary';
import type { WordStream } from './word-stream';

export const TAG_OTHER = 0;
export const TAG_NOUN = 1;
export const TAG_PROPN = 2;
export const TAG_PRON = 3;
export const TAG_VERB = 4;
export const TAG_AUX = 5;
export const TAG_ADJ = 6;
export const TAG_ADV = 7;
export const TAG_DET = 8;
export const TAG_ADP = 9;
export const TAG_CCONJ = 10;
export const TAG_SCONJ = 11;
export const TAG_PART = 12;
export const TAG_NUM = 13;
export const TAG_INTJ = 14;

const CODES: Readonly<Record<string, number>> = {
  NOUN: TAG_NOUN,
  PROPN: TAG_PROPN,
  PRON: TAG_PRON,
  VERB: TAG_VERB,
  AUX: TAG_AUX,
  ADJ: TAG_ADJ,
  ADV: TAG_ADV,
  DET: TAG_DET,
  ADP: TAG_ADP,
  CCONJ: TAG_CCONJ,
  SCONJ: TAG_SCONJ,
  PART: TAG_PART,
  NUM: TAG_NUM,
  INTJ: TAG_INTJ,
};

const WINDOW_WORDS = 2000;
/** About 40 hours of speech; beyond it, tags come from the vocabulary rather than context. */
const CONTEXTUAL_MAX_WORDS = 400_000;
const LEXICAL_BATCH = 4000;

export interface WordTags {
  /** Per word position: tag of the word's first token ("do" in "don't"). */
  readonly first: Uint8Array;
  /** Per word position: tag of its last token ("n't" in "don't"). */
  readonly last: Uint8Array;
}

export function tagEnglishWords(words: WordStream, vocabulary: Vocabulary): WordTags {
  return words.length <= CONTEXTUAL_MAX_WORDS ? tagInContext(words) : tagOutOfContext(words, vocabulary);
}

function tagInContext(words: WordStream): WordTags {
  const tagged: WordTags = { first: new Uint8Array(words.length), last: new Uint8Array(words.length) };
  for (let from = 0; from < words.length; from += WINDOW_WORDS) {
    const to = Math.min(words.length, from + WINDOW_WORDS);
    const parts: string[] = [];
    for (let p = from; p < to; p += 1) parts.push(words.distinct[words.word[p] ?? 0] ?? '');
    tagSpacedWords(parts, tagged, from);
  }
  return tagged;
}

/**
 * Tags of words read together, in context, as one text: per word, the tag of its first and of
 * its last wink token ("do" and "n't" of "don't"), written into `into` from `offset` on. Our
 * words hold no spaces, so a wink token preceded by a space starts the next word. Answers how many
 * words wink read: `words.length` when its words line up with ours.
 */
function tagSpacedWords(words: readonly string[], into: WordTags, offset: number): number {
  const nlp = englishTagger();
  const its = nlp.its;
  const tokens = nlp.readDoc(words.join(' ')).tokens();
  const tags = tokens.out(its.pos) as string[];
  const spaces = tokens.out(its.precedingSpaces) as string[];
  let p = -1;
  for (let t = 0; t < tags.length; t += 1) {
    const code = CODES[tags[t] ?? ''] ?? TAG_OTHER;
    if (t === 0 || (spaces[t] ?? '') !== '') {
      p += 1;
      if (p < words.length) into.first[offset + p] = code;
    }
    if (p < words.length) into.last[offset + p] = code;
  }
  return p + 1;
}

function tagOutOfContext(words: WordStream, vocabulary: Vocabulary): WordTags {
  const tokenFirst = new Uint8Array(vocabulary.tokens.length);
  const tokenLast = new Uint8Array(vocabulary.tokens.length);
  const nlp = englishTagger();
  const its = nlp.its;
  for (let from = 0; from < vocabulary.tokens.length; from += LEXICAL_BATCH) {
    const batch = vocabulary.tokens.slice(from, from + LEXICAL_BATCH);
    // Each token stands alone between full stops; wink may split one ("don't" is "do" + "n't").
    const tokens = nlp.readDoc(batch.join(' . ')).tokens();
    const values = tokens.out(its.value) as string[];
    const tags = tokens.out(its.pos) as string[];
    let t = from;
    let fresh = true;
    for (let k = 0; k < values.length && t < from + batch.length; k += 1) {
      if (values[k] === '.' && !fresh) {
        t += 1;
        fresh = true;
        continue;
      }
      const code = CODES[tags[k] ?? ''] ?? TAG_OTHER;
      if (fresh) tokenFirst[t] = code;
      tokenLast[t] = code;
      fresh = false;
    }
  }
  const first = new Uint8Array(words.length);
  const last = new Uint8Array(words.length);
  for (let p = 0; p < words.length; p += 1) {
    const w = words.word[p] ?? 0;
    const from = vocabulary.wordTokenStart[w] ?? 0;
    const to = vocabulary.wordTokenStart[w + 1] ?? from;
    if (to === from) continue;
    first[p] = tokenFirst[vocabulary.wordTokens[from] ?? 0] ?? TAG_OTHER;
    last[p] = tokenLast[vocabulary.wordTokens[to - 1] ?? 0] ?? TAG_OTHER;
  }
  return { first, last };
}

/**
 * Tags of short runs of tokens (a comment's clauses), each run read in its own context: one wink
 * document for them all, the runs kept apart by full stops. Per run, per token: the tag of its
 * last wink token ("life" of "half-life"). Null when wink's words cannot be lined up with ours;
 * the caller then does without tags.
 */
export function tagTokenRuns(runs: readonly (readonly string[])[]): Uint8Array[] | null {
  if (runs.length === 0) return [];
  if (runs.some((run) => run.length === 0)) return null;
  // The runs and a full stop after each but the last, as one text.
  const words = runs.flatMap((run, r) => (r === 0 ? run : ['.', ...run]));
  const tagged: WordTags = { first: new Uint8Array(words.length), last: new Uint8Array(words.length) };
  if (tagSpacedWords(words, tagged, 0) !== words.length) return null;
  let start = 0;
  return runs.map((run) => {
    const tags = tagged.last.slice(start, start + run.length);
    start += run.length + 1;
    return tags;
  });
}
