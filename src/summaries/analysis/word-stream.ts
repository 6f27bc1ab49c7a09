/**
 * The cleaned transcript as one stream of space-separated words, each tied to the caption
 * segment it came from. Words are interned: a 10 MB transcript has millions of words but only
 * tens of thousands of distinct ones, and every later per-word step works on the distinct ones.
 */
import type { TranscriptSegment } from '../../domain/transcript';
import { cleanCaptionText, type NoiseRules } from '../text/caption-noise';

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

export function buildWordStream(segments: readonly TranscriptSegment[], rules: NoiseRules): WordStream {
  const texts: string[] = [];
  const starts: number[] = [];
  const ends: number[] = [];
  let totalChars = 0;
  for (const segment of inTimeOrder(segments)) {
    const text = cleanCaptionText(segment.text, rules);
    if (text === '') continue;
    const start = Number.isFinite(segment.start) ? Math.max(0, segment.start) : (starts[starts.length - 1] ?? 0);
    const end = Number.isFinite(segment.end) ? Math.max(start, segment.end) : start;
    texts.push(text);
    starts.push(start);
    ends.push(end);
    totalChars += text.length + 1;
  }

  const ids = new Map<string, number>();
  const distinct: string[] = [];
  // A word takes at least two characters with its space, so this bound never overflows.
  let word = new Int32Array(Math.max(16, Math.ceil(totalChars / 2)));
  let segment = new Int32Array(word.length);
  let length = 0;
  for (let s = 0; s < texts.length; s += 1) {
    for (const w of (texts[s] ?? '').split(' ')) {
      if (w === '') continue;
      let id = ids.get(w);
      if (id === undefined) {
        id = distinct.length;
        ids.set(w, id);
        distinct.push(w);
      }
      word[length] = id;
      segment[length] = s;
      length += 1;
    }
  }
  word = word.slice(0, length);
  segment = segment.slice(0, length);
  return {
    distinct,
    word,
    segment,
    length,
    segmentStart: Float64Array.from(starts),
    segmentEnd: Float64Array.from(ends),
    segmentText: texts,
  };
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
