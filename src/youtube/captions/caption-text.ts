import he from 'he';
import type { TranscriptSegment } from '../../domain/transcript';
import { cleanPlatformText } from '../platform-text';

/**
 * Text and timing rules shared by every caption format, so json3, srv3 and WebVTT of the same
 * track come out identical.
 *
 * Policy on noise: cues that are empty or whitespace-only are dropped (a segment's text is never
 * empty). Sound annotations such as "[Music]" or "[Applause]" are kept as YouTube shows them;
 * they are part of the captions and some readers want them. Whoever builds summaries can drop
 * bracketed cues if they choose.
 */

/** Markup tags YouTube leaves in caption text (<i>, <font color=...>, <c.colorE5E5E5>, ...). */
const MARKUP_TAG = /<\/?[a-zA-Z][^<>]*>/g;
const MAX_DECODE_PASSES = 3;
/**
 * Anything cleanCaptionText would change besides controls: markup, an entity, white space other
 * than single inner spaces. Text without it (with cleanPlatformText's own check) is returned as
 * it is: most cues are, and a 10 MB transcript is a quarter of a million of them, cleaned once
 * when fetched and once more when analysed.
 */
const NEEDS_FOLDING = /[<&]|[^\S ]| {2}|^ | $/;

/**
 * Plain text from a caption's raw text: entities decoded (repeatedly, because YouTube's XML
 * often double-encodes, e.g. "&amp;#39;"), markup removed, newlines and runs of spaces folded.
 */
export function cleanCaptionText(raw: string): string {
  if (!NEEDS_FOLDING.test(raw) && cleanPlatformText(raw) === raw) return raw;
  let text = raw.replace(MARKUP_TAG, '');
  for (let pass = 0; pass < MAX_DECODE_PASSES && text.includes('&'); pass++) {
    const decoded = he.decode(text);
    if (decoded === text) break;
    text = decoded;
  }
  // Decoding can reveal markup that was itself escaped ("&lt;i&gt;not&lt;/i&gt;"), and controls
  // written as entities; cleaned before folding, a cue of nothing but controls is empty and dropped.
  return cleanPlatformText(text).replace(MARKUP_TAG, '').replace(/\s+/g, ' ').trim();
}

/**
 * A segment from a start and a duration in seconds, or null when the text is empty after
 * cleaning. End is start plus duration, never before start.
 */
export function captionSegment(startSeconds: number, durationSeconds: number, rawText: string): TranscriptSegment | null {
  const text = cleanCaptionText(rawText);
  if (!text) return null;
  const start = roundMs(Number.isFinite(startSeconds) && startSeconds > 0 ? startSeconds : 0);
  const duration = Number.isFinite(durationSeconds) && durationSeconds > 0 ? durationSeconds : 0;
  return { start, end: roundMs(start + duration), text };
}

/** Milliseconds are the finest unit any caption format carries; avoids 0.1 + 0.2 noise. */
export function roundMs(seconds: number): number {
  return Math.round(seconds * 1000) / 1000;
}

/** Thrown when a payload is not the caption format it should be, so the caller can try another. */
export class CaptionFormatError extends Error {
  constructor(
    format: string,
    readonly why: string,
  ) {
    super(`not ${format} captions: ${why}`);
    this.name = 'CaptionFormatError';
  }
}
