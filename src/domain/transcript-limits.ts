/** max_transcript_length: bytes of transcript text kept, cut at a segment boundary (docs/api-behaviour.md#transcript-length). */
import type { Transcript, TranscriptSegment, TranscriptSource } from './transcript';

export function truncateTranscript(transcript: Transcript, maxBytes: number): { transcript: Transcript; truncated: boolean } {
  let bytes = 0;
  let kept = 0;
  for (const segment of transcript.segments) {
    // Segments are joined with one space in `transcript.text`.
    const next = bytes + (kept > 0 ? 1 : 0) + Buffer.byteLength(segment.text, 'utf8');
    if (next > maxBytes) break;
    bytes = next;
    kept += 1;
  }
  if (kept === transcript.segments.length) return { transcript, truncated: false };
  return { transcript: { ...transcript, segments: transcript.segments.slice(0, kept) }, truncated: true };
}

/**
 * What a job needs of a whole transcript to take it whole: the bytes of its text as
 * `transcript.text` joins it (what max_transcript_length bounds) and its words.
 */
export interface TranscriptMeasures {
  textBytes: number;
  wordCount: number;
}

/** A transcript without its segments: what it is, and its measures. The cache keeps one per entry. */
export interface TranscriptOutline extends TranscriptMeasures {
  language: string;
  source: TranscriptSource;
  translated: boolean;
}

export function outlineTranscript(transcript: Transcript, measures: TranscriptMeasures): TranscriptOutline {
  return { language: transcript.language, source: transcript.source, translated: transcript.translated, ...measures };
}

export function measureTranscript(segments: readonly TranscriptSegment[]): TranscriptMeasures {
  let textBytes = Math.max(0, segments.length - 1); // the spaces that join them
  for (const segment of segments) textBytes += Buffer.byteLength(segment.text, 'utf8');
  return { textBytes, wordCount: countWords(segments) };
}

/**
 * Words as /\S+/g finds them, counted without building the matches: a 10 MB transcript is a
 * quarter of a million segments, and building the regex's arrays for them holds the event loop.
 */
export function countWords(segments: readonly TranscriptSegment[]): number {
  let words = 0;
  for (const { text } of segments) {
    let inWord = false;
    for (let index = 0; index < text.length; index++) {
      const space = isWhiteSpace(text.charCodeAt(index));
      if (!space && !inWord) words += 1;
      inWord = !space;
    }
  }
  return words;
}

/** What \s matches in a JavaScript regular expression: ECMAScript's WhiteSpace and LineTerminator. */
function isWhiteSpace(code: number): boolean {
  if (code <= 0x20) return code === 0x20 || (code >= 0x09 && code <= 0x0d);
  if (code < 0xa0) return false;
  return (
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}
