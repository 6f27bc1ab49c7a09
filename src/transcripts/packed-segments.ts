import type { TranscriptSegment } from '../domain/transcript';

/**
 * Segments as they cross from a thread: every text in one string and every time in one array.
 * Structured-cloned as objects, a long transcript's segments take the receiving event loop many
 * times longer to rebuild than this form does.
 */
export interface PackedSegments {
  /** The texts joined by NUL, which caption text never holds (platform-text.ts removes it). */
  texts: string;
  /** start, end of each segment in turn. */
  times: Float64Array;
}

const SEPARATOR = '\u0000';

export function packSegments(segments: readonly TranscriptSegment[]): PackedSegments {
  const times = new Float64Array(segments.length * 2);
  const texts: string[] = new Array<string>(segments.length);
  segments.forEach((segment, index) => {
    if (segment.text.includes(SEPARATOR)) throw new Error('a segment text holds a NUL');
    times[2 * index] = segment.start;
    times[2 * index + 1] = segment.end;
    texts[index] = segment.text;
  });
  return { texts: texts.join(SEPARATOR), times };
}

export function unpackSegments(packed: PackedSegments): TranscriptSegment[] {
  const count = packed.times.length / 2;
  if (count === 0) return [];
  const texts = packed.texts.split(SEPARATOR);
  if (texts.length !== count) throw new Error(`packed segments disagree: ${texts.length} texts, ${count} times`);
  const segments: TranscriptSegment[] = new Array<TranscriptSegment>(count);
  for (let index = 0; index < count; index++) {
    segments[index] = { start: packed.times[2 * index]!, end: packed.times[2 * index + 1]!, text: texts[index]! };
  }
  return segments;
}
