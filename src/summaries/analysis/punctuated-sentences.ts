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
 * read again by wink, whose English model knows abbreviations. ICU ends a sentence at any full
 * stop before a capital ("Dr. | Knuth", "Mr. | and Mrs. | Jones", "A. | Lincoln") and never at one
 * before a lower-case word, where unedited captions often need it ("we went home. then we ate").
 * So a segment is doubtful when its last word is an abbreviation to wink or when it holds a full
 * stop ICU did not end it at; each run of doubtful segments, with the segment after it, is left to
 * wink. Elsewhere the two agree (bench/sentence-splitter.ts compares them), and wink's reading
 * is a full tokenization: read everywhere, it would be most of a long transcript's analysis.
 */
export function englishSentenceOffsets(): SentenceSplitter {
  const icu = icuSentenceOffsets('en');
  // Per analysis: each word that ends a segment is asked about once.
  const abbreviations = new Map<string, boolean>();
  const isAbbreviation = (lastWord: string): boolean => {
    let known = abbreviations.get(lastWord);
    if (known === undefined) {
      const word = ABBREVIATION_FORM.exec(lastWord)?.[0];
      // wink keeps an abbreviation's full stop in its token ("Dr.", "U.S."), and splits it off a word.
      known = word !== undefined && englishSentenceReader().readDoc(word).tokens().length() === 1;
      abbreviations.set(lastWord, known);
    }
    return known;
  };
  return (text) => {
    const starts = icu(text);
    starts.push(text.length);
    // The next ". " at or after the segment asked about; segments are asked about in order, so
    // the whole text is searched once (a search per segment would be quadratic in a text of
    // sentences that end in "?" or "!").
    let stop = text.indexOf('. ');
    /** Whether ICU may be wrong inside segment s or at its end. */
    const doubtful = (s: number): boolean => {
      const from = starts[s] ?? 0;
      let end = starts[s + 1] ?? 0;
      while (end > from && text.charCodeAt(end - 1) <= SPACE) end -= 1;
      if (end === from) return false;
      while (stop >= 0 && stop < from) stop = text.indexOf('. ', stop + 1);
      if (stop >= 0 && stop < end - 1) return true;
      return text.charCodeAt(end - 1) === FULL_STOP && isAbbreviation(text.slice(text.lastIndexOf(' ', end - 1) + 1, end));
    };
    const offsets: number[] = [];
    const segments = starts.length - 1;
    for (let s = 0; s < segments; ) {
      const from = starts[s] ?? 0;
      // The segment begins after one both splitters agree on, so a sentence starts there.
      offsets.push(from);
      if (!doubtful(s)) {
        s += 1;
        continue;
      }
      let end = s + 1;
      while (end < segments && doubtful(end)) end += 1;
      end = Math.min(end + 1, segments);
      for (const offset of winkSentenceOffsets(text.slice(from, starts[end]))) if (offset > 0) offsets.push(from + offset);
      s = end;
    }
    return offsets;
  };
}

const SPACE = 0x20;
const FULL_STOP = 0x2e;
/** The abbreviation a word may end in, full stop included: "Dr." in "Dr.", "Mr." in "Huck--Mr.". */
const ABBREVIATION_FORM = /[\p{L}\p{N}][\p{L}\p{N}.'’]*\.$/u;

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

/**
 * ICU's sentence starts, read a piece of about ICU_PIECE_CHARS at a time: V8's segmenter takes
 * time in proportion to the whole string for every sentence it steps over (a 24,000-character
 * text of short sentences reads 15 times slower than the same text in pieces of 1,500). Pieces
 * end where ICU's rules always end a sentence whatever the language (a full stop, "?" or "!",
 * one space, a capital: Unicode's SB11), so the pieces change no boundary.
 */
export function icuSentenceOffsets(locale: string | undefined): SentenceSplitter {
  const segmenter = new Intl.Segmenter(locale, { granularity: 'sentence' });
  const pieceEnd = new RegExp(CERTAIN_BREAK.source, CERTAIN_BREAK.flags);
  return (text) => {
    const offsets: number[] = [];
    for (let from = 0; from < text.length; ) {
      pieceEnd.lastIndex = from + ICU_PIECE_CHARS;
      const to = pieceEnd.exec(text) === null ? text.length : pieceEnd.lastIndex;
      for (const part of segmenter.segment(text.slice(from, to))) offsets.push(from + part.index);
      from = to;
    }
    return offsets;
  };
}

const ICU_PIECE_CHARS = 1500;
/** A sentence mark, a space and a capital: the piece ends after the space. */
const CERTAIN_BREAK = /[.?!] (?=\p{Lu})/gu;
