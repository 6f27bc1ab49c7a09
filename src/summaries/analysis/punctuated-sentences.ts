/**
 * Sentence starts in punctuated captions. Manual captions break lines mid-sentence, so the
 * splitter reads the joined text (ICU's sentence boundaries, with wink's reading of English where
 * ICU's is doubtful; ICU's alone for other languages) and each sentence is mapped back to the
 * word, and so the segment, where it begins. The text is read in windows that end at a sentence
 * mark: splitters grow slower than linearly on very long strings, and a window bounds the memory
 * a document takes.
 */
import { englishSentenceReader } from '../language/wink';
import type { LanguageProfile } from '../language/language-profile';
import * as wordFlags from './word-flags';
import type { WordFlags } from './word-flags';
import type { WordStream } from './word-stream';

/** A module-local copy: read once per word, and imported bindings can compile to getters. */
const FLAG_ENDS_SENTENCE = wordFlags.FLAG_ENDS_SENTENCE;
const WINDOW_CHARS = 6000;
const MAX_WINDOW_CHARS = 24000;

type SentenceSplitter = (text: string) => number[];

/** Word positions at which sentences start, ascending, beginning with 0 (empty for no words). */
export function punctuatedSentenceStarts(words: WordStream, flags: WordFlags, language: LanguageProfile): number[] {
  const split = language.isEnglish ? englishSentenceOffsets() : icuSentenceOffsets(language.locale);
  const starts: number[] = [];
  let from = 0;
  while (from < words.length) {
    let to = from;
    let chars = 0;
    while (to < words.length) {
      const w = words.word[to] ?? 0;
      chars += (words.distinct[w]?.length ?? 0) + 1;
      to += 1;
      if (chars >= MAX_WINDOW_CHARS) break;
      if (chars >= WINDOW_CHARS && (flags.flags[w] ?? 0) & FLAG_ENDS_SENTENCE) break;
    }
    addWindowStarts(words, from, to, split, starts);
    from = to;
  }
  return starts;
}

function addWindowStarts(words: WordStream, from: number, to: number, split: SentenceSplitter, starts: number[]): void {
  const charStart = new Int32Array(to - from);
  const parts: string[] = [];
  let offset = 0;
  for (let p = from; p < to; p += 1) {
    const text = words.distinct[words.word[p] ?? 0] ?? '';
    charStart[p - from] = offset;
    parts.push(text);
    offset += text.length + 1;
  }
  const offsets = split(parts.join(' '));
  if (offsets[0] !== 0) offsets.unshift(0);
  for (const charOffset of offsets) {
    const position = from + wordAt(charStart, charOffset);
    if (starts.length === 0 || position > (starts[starts.length - 1] ?? -1)) starts.push(position);
  }
}

/** Index of the word that contains a character offset (the last word starting at or before it). */
function wordAt(charStart: Int32Array, offset: number): number {
  let lo = 0;
  let hi = charStart.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((charStart[mid] ?? 0) <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/**
 * English sentence starts: ICU's boundaries, with the stretches where ICU is known to go wrong
 * read again by wink, whose English model knows abbreviations. ICU splits after any full stop
 * before a capital ("Dr. | Knuth", "Mr. | and Mrs. | Jones", "A. | Lincoln") and never before a
 * lower-case word ("home. then" stays one sentence, as unedited captions often need split). So
 * a segment is doubtful when its last word is an abbreviation to wink or when it holds a full
 * stop it was not split at; each run of doubtful segments, with the segment after it, is left to
 * wink. Elsewhere the two agree (bench/sentence-splitter.ts compares them), and wink's reading,
 * a full tokenization, costs about three times ICU's: on the 10 MB transcript it was most of the
 * analysis.
 */
export function englishSentenceOffsets(): SentenceSplitter {
  const icu = icuSentenceOffsets('en');
  // Per analysis: the few hundred words that end sentences are asked about once each.
  const abbreviation = new Map<string, boolean>();
  const endsInAbbreviation = (segment: string): boolean => {
    const word = FINAL_WORD.exec(segment)?.[1];
    if (!word) return false;
    let known = abbreviation.get(word);
    if (known === undefined) {
      // wink keeps an abbreviation's full stop in its token ("Dr.", "U.S."), and splits it off a word.
      known = englishSentenceReader().readDoc(word).tokens().length() === 1;
      abbreviation.set(word, known);
    }
    return known;
  };
  const doubtful = (segment: string): boolean => {
    const inner = segment.indexOf('. ');
    return (inner >= 0 && inner < segment.trimEnd().length - 1) || endsInAbbreviation(segment);
  };
  return (text) => {
    const starts = icu(text);
    starts.push(text.length);
    const offsets: number[] = [];
    const segments = starts.length - 1;
    for (let s = 0; s < segments; ) {
      const from = starts[s] ?? 0;
      if (!doubtful(text.slice(from, starts[s + 1]))) {
        offsets.push(from);
        s += 1;
        continue;
      }
      let end = s + 1;
      while (end < segments && doubtful(text.slice(starts[end], starts[end + 1]))) end += 1;
      end = Math.min(end + 1, segments);
      // The stretch begins after a segment both agree on, so its first sentence starts where it does.
      offsets.push(from);
      for (const offset of winkSentenceOffsets(text.slice(from, starts[end]))) if (offset > 0) offsets.push(from + offset);
      s = end;
    }
    return offsets;
  };
}

/** The word a segment ends with, full stop included: "Dr." in "as Dr. ", "Mr." in "Huck--Mr. ". */
const FINAL_WORD = /([\p{L}\p{N}][\p{L}\p{N}.'’]*\.)\s*$/u;

/** wink's reading alone: every token of the text, and its sentence boundaries. */
export function winkSentenceOffsets(text: string): number[] {
  const nlp = englishSentenceReader();
  const its = nlp.its;
  const doc = nlp.readDoc(text);
  const tokens = doc.tokens();
  const values = tokens.out(its.value) as string[];
  const spaces = tokens.out(its.precedingSpaces) as string[];
  const tokenStart = new Int32Array(values.length);
  let offset = 0;
  for (let t = 0; t < values.length; t += 1) {
    offset += spaces[t]?.length ?? 0;
    tokenStart[t] = offset;
    offset += values[t]?.length ?? 0;
  }
  const spans = doc.sentences().out(its.span) as unknown as number[][];
  return spans.map((span) => tokenStart[span[0] ?? 0] ?? 0);
}

function icuSentenceOffsets(locale: string | undefined): SentenceSplitter {
  const segmenter = new Intl.Segmenter(locale, { granularity: 'sentence' });
  return (text) => {
    const offsets: number[] = [];
    for (const part of segmenter.segment(text)) offsets.push(part.index);
    return offsets;
  };
}
