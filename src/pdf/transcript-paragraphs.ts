/** Caption segments grouped into readable, timestamped paragraphs for the transcript appendix. */
import type { TranscriptSegment } from '../domain/transcript';

export interface TranscriptParagraph {
  /** Seconds from the start of the video. */
  start: number;
  text: string;
}

export interface ParagraphOptions {
  /** A paragraph may end at a sentence end once it is this long (seconds). */
  minSeconds?: number;
  /** A paragraph always ends once it is this long (seconds), sentence end or not. */
  maxSeconds?: number;
  /** ... or once its text is this long (characters): dense captions stay readable. */
  maxChars?: number;
}

const SENTENCE_END = /[.!?…。！？]["'”’)\]]*$/;

/**
 * Yields paragraphs lazily so a 10 MB transcript is never held twice. A paragraph ends at the
 * first sentence end after `minSeconds`, or at `maxSeconds` (unpunctuated automatic captions), or
 * at a silence of more than 5 s once it is at least half the minimum long.
 */
export function* transcriptParagraphs(
  segments: Iterable<TranscriptSegment>,
  { minSeconds = 30, maxSeconds = 60, maxChars = 1500 }: ParagraphOptions = {},
): Generator<TranscriptParagraph> {
  let start = 0;
  let parts: string[] = [];
  let chars = 0;
  let lastEnd = 0;
  for (const segment of segments) {
    const text = segment.text.replace(/\s+/g, ' ').trim();
    if (!text) continue;
    if (parts.length > 0) {
      const length = segment.start - start;
      const gap = segment.start - lastEnd;
      const previous = parts[parts.length - 1]!;
      const atSentenceEnd = SENTENCE_END.test(previous);
      if (
        length >= maxSeconds ||
        chars >= maxChars ||
        (length >= minSeconds && atSentenceEnd) ||
        (gap > 5 && length >= minSeconds / 2)
      ) {
        yield { start, text: parts.join(' ') };
        parts = [];
        chars = 0;
      }
    }
    if (parts.length === 0) start = segment.start;
    parts.push(text);
    chars += text.length + 1;
    lastEnd = Math.max(lastEnd, segment.end);
  }
  if (parts.length > 0) yield { start, text: parts.join(' ') };
}
