/**
 * A transcript as caption files people load into players and editors: SubRip (SRT) and WebVTT.
 * Caption segments are re-cut into cues of at most two lines of at most 42 characters, broken at
 * word boundaries, each cue taking a share of its segment's time in proportion to its characters;
 * cues never overlap, and each ends after it starts.
 */
import type { TranscriptSegment } from '../domain/transcript';

export const MAX_LINE_CHARS = 42;
export const MAX_CUE_LINES = 2;

export interface CaptionCue {
  /** Milliseconds from the start of the video. */
  startMs: number;
  endMs: number;
  lines: string[];
}

/** The cues of a transcript, in time order, re-cut and made not to overlap. */
export function captionCues(segments: readonly TranscriptSegment[]): CaptionCue[] {
  const cut: CaptionCue[] = [];
  const ordered = [...segments].sort((a, b) => a.start - b.start);
  for (const segment of ordered) {
    const lines = wrapWords(segment.text);
    if (lines.length === 0) continue;
    const startMs = Math.max(0, Math.round(segment.start * 1000));
    const endMs = Math.max(startMs, Math.round(segment.end * 1000));
    const groups: string[][] = [];
    for (let i = 0; i < lines.length; i += MAX_CUE_LINES) groups.push(lines.slice(i, i + MAX_CUE_LINES));
    const total = groups.reduce((sum, group) => sum + charsOf(group), 0);
    let at = startMs;
    let used = 0;
    for (const group of groups) {
      used += charsOf(group);
      const until = startMs + Math.round(((endMs - startMs) * used) / total);
      cut.push({ startMs: at, endMs: until, lines: group });
      at = until;
    }
  }
  // Overlapping or zero-length segments: each cue starts no earlier than the one before ends, ends
  // no later than the next starts (when that leaves it any time), and lasts at least a millisecond.
  const cues: CaptionCue[] = [];
  cut.forEach((cue, i) => {
    const startMs = Math.max(cue.startMs, cues[cues.length - 1]?.endMs ?? 0);
    const nextStart = cut[i + 1]?.startMs;
    let endMs = nextStart !== undefined && nextStart > startMs ? Math.min(cue.endMs, nextStart) : cue.endMs;
    endMs = Math.max(endMs, startMs + 1);
    cues.push({ startMs, endMs, lines: cue.lines });
  });
  return cues;
}

/** SubRip: numbered cues, `HH:MM:SS,mmm --> HH:MM:SS,mmm`, a blank line after each. */
export function srtFile(segments: readonly TranscriptSegment[]): string {
  return captionCues(segments)
    .map((cue, i) => `${i + 1}\n${clock(cue.startMs, ',')} --> ${clock(cue.endMs, ',')}\n${cue.lines.map(srtText).join('\n')}\n`)
    .join('\n');
}

/** WebVTT: the header, then cues with `HH:MM:SS.mmm --> HH:MM:SS.mmm` and escaped text. */
export function vttFile(segments: readonly TranscriptSegment[]): string {
  const cues = captionCues(segments).map((cue) => `${clock(cue.startMs, '.')} --> ${clock(cue.endMs, '.')}\n${cue.lines.map(vttText).join('\n')}\n`);
  return ['WEBVTT\n', ...cues].join('\n');
}

/** Words into lines of at most MAX_LINE_CHARS; a longer word is cut into pieces that fit. */
function wrapWords(text: string): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.replace(/\s+/gu, ' ').trim().split(' ')) {
    if (word === '') continue;
    for (const piece of piecesOf(word)) {
      if (line === '') line = piece;
      else if (Array.from(line).length + 1 + Array.from(piece).length <= MAX_LINE_CHARS) line = `${line} ${piece}`;
      else {
        lines.push(line);
        line = piece;
      }
    }
  }
  if (line !== '') lines.push(line);
  return lines;
}

function piecesOf(word: string): string[] {
  const chars = Array.from(word);
  if (chars.length <= MAX_LINE_CHARS) return [word];
  const pieces: string[] = [];
  for (let i = 0; i < chars.length; i += MAX_LINE_CHARS) pieces.push(chars.slice(i, i + MAX_LINE_CHARS).join(''));
  return pieces;
}

function charsOf(lines: readonly string[]): number {
  return lines.reduce((sum, line) => sum + Array.from(line).length, 0);
}

/** `HH:MM:SS,mmm` (SRT) or `HH:MM:SS.mmm` (WebVTT). */
function clock(ms: number, separator: ',' | '.'): string {
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  const hours = Math.floor(ms / 3_600_000);
  const minutes = Math.floor((ms % 3_600_000) / 60_000);
  const seconds = Math.floor((ms % 60_000) / 1000);
  return `${pad(hours)}:${pad(minutes)}:${pad(seconds)}${separator}${pad(ms % 1000, 3)}`;
}

/** An arrow inside SRT text would read as a timing line. */
function srtText(line: string): string {
  return line.replace(/-->/g, '→');
}

/** WebVTT cue text is markup: &, < and > are escaped (which also keeps "-->" out of it). */
function vttText(line: string): string {
  return line.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
