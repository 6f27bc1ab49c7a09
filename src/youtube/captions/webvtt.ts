import type { TranscriptSegment } from '../../domain/transcript';
import { CaptionFormatError, captionSegment, cleanCaptionText, roundMs } from './caption-text';

/**
 * WebVTT as YouTube serves it (timedtext fmt=vtt).
 *
 * Auto-captions roll: each cue repeats the previous line above the new one, and a 10 ms cue
 * between them repeats the new line alone, with word timings inline:
 *
 *   00:00:00.080 --> 00:00:02.070 align:start position:0%
 *   (a line holding one space)
 *   hey<00:00:00.240><c> guys</c><00:00:00.480><c> welcome</c>
 *
 *   00:00:02.070 --> 00:00:02.080 align:start position:0%
 *   hey guys welcome
 *   (a line holding one space)
 *
 *   00:00:02.080 --> 00:00:04.960 align:start position:0%
 *   hey guys welcome
 *   to<00:00:02.320><c> the</c><00:00:02.560><c> channel</c>
 *
 * A line already shown by the previous cue is not said again, so it is dropped; a cue with
 * nothing new only stretches the previous segment to its own end. Read that way the example
 * gives "hey guys welcome" (0.08 to 2.08) and "to the channel" (2.08 to 4.96).
 */

const TIMESTAMP = String.raw`(?:\d+:)?\d{1,2}:\d{2}[.,]\d{1,3}`;
const TIMING_LINE = new RegExp(String.raw`^\s*(${TIMESTAMP})\s+-->\s+(${TIMESTAMP})`);
const INLINE_TIMESTAMP = new RegExp(String.raw`<${TIMESTAMP}>`, 'g');

interface Cue {
  start: number;
  end: number;
  lines: string[];
}

export function parseWebVttCaptions(payload: string): TranscriptSegment[] {
  const text = payload.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  if (!/^WEBVTT(?:[ \t]|\n|$)/.test(text)) throw new CaptionFormatError('WebVTT', 'missing WEBVTT header');
  return collapseRollingCues(readCues(text.split('\n')));
}

/** Cue blocks in order. Header fields, NOTE and STYLE blocks and cue identifiers are skipped. */
function readCues(lines: string[]): Cue[] {
  const cues: Cue[] = [];
  let current: Cue | null = null;
  for (const line of lines) {
    const timing = TIMING_LINE.exec(line);
    if (timing) {
      current = { start: toSeconds(timing[1]!), end: toSeconds(timing[2]!), lines: [] };
      cues.push(current);
    } else if (line === '') {
      // Only a truly empty line ends a cue; YouTube's cues contain lines holding a single space.
      current = null;
    } else if (current) {
      const cleaned = cleanCaptionText(line.replace(INLINE_TIMESTAMP, ''));
      if (cleaned) current.lines.push(cleaned);
    }
  }
  return cues;
}

function collapseRollingCues(cues: Cue[]): TranscriptSegment[] {
  const segments: TranscriptSegment[] = [];
  let previousLines: readonly string[] = [];
  for (const cue of cues) {
    const fresh = cue.lines.filter((line) => !previousLines.includes(line));
    previousLines = cue.lines;
    if (fresh.length === 0) {
      const last = segments[segments.length - 1];
      if (last && cue.lines.length > 0 && cue.end > last.end) last.end = roundMs(cue.end);
      continue;
    }
    const segment = captionSegment(cue.start, cue.end - cue.start, fresh.join(' '));
    if (segment) segments.push(segment);
  }
  return segments;
}

function toSeconds(timestamp: string): number {
  const parts = timestamp.replace(',', '.').split(':').map(Number);
  return parts.reduce((total, part) => total * 60 + part, 0);
}
