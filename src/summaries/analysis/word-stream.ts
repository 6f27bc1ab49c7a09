/**
 * The cleaned transcript as one stream of words (split at spaces, or by a word segmenter for
 * scripts written without them), each tied to the caption segment it came from. Fillers and
 * stutters are left out here. Words are interned: a 10 MB transcript has millions of words but
 * only tens of thousands of distinct ones, and every later per-word step works on the distinct ones.
 */
import type { TranscriptSegment } from '../../domain/transcript';
import { cleanCaptionText, type DisfluencyRules } from '../text/caption-noise';
import { isContinuousScript } from '../text/word-tokens';

export interface WordStream {
  /** Distinct words exactly as written (case and punctuation kept). */
  readonly distinct: readonly string[];
  /** Per word position: index into `distinct`. */
  readonly word: Int32Array;
  /** Per word position: index of its segment in `segmentStart` / `segmentEnd`. */
  readonly segment: Int32Array;
  /** Number of word positions. */
  readonly length: number;
  /** Times of the segments that kept any speech after cleaning, in transcript order. */
  readonly segmentStart: Float64Array;
  readonly segmentEnd: Float64Array;
  /** Cleaned text of each kept segment. */
  readonly segmentText: readonly string[];
}

/**
 * `splitUnspaced` splits captions in scripts written without spaces into words; other captions
 * are split at whitespace.
 */
export function buildWordStream(
  segments: readonly TranscriptSegment[],
  disfluencies: DisfluencyRules,
  splitUnspaced: (text: string) => string[],
): WordStream {
  const ids = new Map<string, number>();
  const distinct: string[] = [];
  /** Per distinct word: 1 filler (dropped), 2 stutter-prone (dropped when repeated), 0 otherwise. */
  const kind: number[] = [];
  const intern = (w: string): number => {
    let id = ids.get(w);
    if (id === undefined) {
      id = distinct.length;
      ids.set(w, id);
      distinct.push(w);
      kind.push(disfluencies.isFiller(w) ? FILLER : disfluencies.isStutterProne(w) ? STUTTER_PRONE : 0);
    }
    return id;
  };
  const texts: string[] = [];
  const starts: number[] = [];
  const ends: number[] = [];
  let word: Int32Array = new Int32Array(1024);
  let segment: Int32Array = new Int32Array(1024);
  let length = 0;
  let previous = -1;
  for (const original of inTimeOrder(segments)) {
    const text = cleanCaptionText(original.text);
    if (text === '') continue;
    const s = texts.length;
    const before = length;
    const parts = isContinuousScript(text) ? splitUnspaced(text) : text.split(WHITESPACE.test(text) ? WHITESPACE_RUN : ' ');
    for (const w of parts) {
      if (w === '') continue;
      const id = intern(w);
      if (kind[id] === FILLER) {
        // "...in Energie um. Das..." must not lose its full stop with the filler that carried it.
        const mark = SENTENCE_MARK.exec(w)?.[0];
        const last = distinct[word[length - 1] ?? -1];
        if (mark && length > 0 && last !== undefined && !SENTENCE_MARK.test(last)) {
          word[length - 1] = intern(last.replace(CLAUSE_MARK, '') + mark);
        }
        continue;
      }
      if (kind[id] === STUTTER_PRONE && id === previous) continue;
      if (length === word.length) {
        word = grow(word);
        segment = grow(segment);
      }
      word[length] = id;
      segment[length] = s;
      length += 1;
      previous = id;
    }
    // A segment that was only noise or fillers leaves no trace.
    if (length === before) continue;
    const start = Number.isFinite(original.start) ? Math.max(0, original.start) : (starts[starts.length - 1] ?? 0);
    texts.push(text);
    starts.push(start);
    ends.push(Number.isFinite(original.end) ? Math.max(start, original.end) : start);
  }
  return {
    distinct,
    word: word.slice(0, length),
    segment: segment.slice(0, length),
    length,
    segmentStart: Float64Array.from(starts),
    segmentEnd: Float64Array.from(ends),
    segmentText: texts,
  };
}

const SENTENCE_MARK = /[.!?…。！？]+$/u;
const CLAUSE_MARK = /[,;:、，；：]+$/u;
const FILLER = 1;
const STUTTER_PRONE = 2;
/** Tabs and line breaks (multi-line manual captions) as well as spaces separate words. */
const WHITESPACE = /[\t\n\r\f\v\u00a0\u2028\u2029]| {2}/;
const WHITESPACE_RUN = /\s+/;

function grow(array: Int32Array): Int32Array {
  const bigger = new Int32Array(array.length * 2);
  bigger.set(array);
  return bigger;
}

/** Captions are normally in time order; when they are not, sentence times would go backwards. */
function inTimeOrder(segments: readonly TranscriptSegment[]): readonly TranscriptSegment[] {
  for (let i = 1; i < segments.length; i += 1) {
    if ((segments[i]?.start ?? 0) < (segments[i - 1]?.start ?? 0)) {
      return segments
        .map((segment, index) => ({ segment, index }))
        .sort((a, b) => a.segment.start - b.segment.start || a.index - b.index)
        .map((entry) => entry.segment);
    }
  }
  return segments;
}
