/** max_transcript_length: bytes of transcript text kept, cut at a segment boundary (docs/api-behaviour.md#transcript-length). */
import type { Transcript, TranscriptSegment } from './transcript';

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

export function countWords(segments: readonly TranscriptSegment[]): number {
  let words = 0;
  for (const segment of segments) {
    const matches = segment.text.match(/\S+/g);
    if (matches) words += matches.length;
  }
  return words;
}
