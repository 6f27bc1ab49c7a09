/** Finds where a summary sentence was spoken, so tests can check order, coverage and ranges. */
import type { TranscriptSegment } from '../../src/domain/transcript';

function normalise(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .split(' ')
    .filter(Boolean);
}

/**
 * Start time of the segment where the snippet's first words were spoken, or null when they
 * do not occur in that order in the transcript.
 */
export function spokenAt(snippet: string, segments: readonly TranscriptSegment[], probeWords = 5): number | null {
  const words: string[] = [];
  const times: number[] = [];
  for (const segment of segments) {
    for (const word of normalise(segment.text)) {
      words.push(word);
      times.push(segment.start);
    }
  }
  const probe = normalise(snippet).slice(0, probeWords);
  if (probe.length === 0) return null;
  outer: for (let i = 0; i + probe.length <= words.length; i += 1) {
    for (let k = 0; k < probe.length; k += 1) if (words[i + k] !== probe[k]) continue outer;
    return times[i] ?? null;
  }
  return null;
}

/** Sentences of a Markdown paragraph or bullet: split after . ! ? followed by a space. */
export function sentencesOf(text: string): string[] {
  return text
    .split(/(?<=[.!?])\s+(?=\S)/u)
    .map((s) => s.trim())
    .filter(Boolean);
}

/** Bullet items ("- text") under a "## heading", up to the next heading. */
export function bulletsUnder(markdown: string, heading: string): string[] {
  const lines = markdown.split('\n');
  const start = lines.findIndex((line) => line.trim() === `## ${heading}`);
  if (start < 0) return [];
  const bullets: string[] = [];
  for (const line of lines.slice(start + 1)) {
    if (line.startsWith('## ')) break;
    if (line.startsWith('- ')) bullets.push(line.slice(2));
  }
  return bullets;
}

const OUTLINE_LINK = /\*\*\[(\d+(?::\d{2}){1,2})\]\([^)\s]+\)\*\*/g;
const TRAILING_LINK = / \[\d+(?::\d{2}){1,2}\]\([^)\s]+\)/g;

/** A summary's Markdown without its citation links, for tests that read its words. */
export function withoutMomentLinks(markdown: string): string {
  return markdown.replace(OUTLINE_LINK, '**$1**').replace(TRAILING_LINK, '');
}
