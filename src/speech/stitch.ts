/**
 * Joins the transcripts of overlapping audio chunks into one transcript with absolute times.
 *
 * Neighbouring chunks both hear the overlap, so each seam is cut in the middle of it: the earlier
 * chunk keeps its segments that start before the cut, the later one those that start at or after
 * it. A later segment that starts before the cut but runs past the end of the earlier chunk's
 * audio is kept as well, since the earlier chunk never heard its end. Whatever the two sides still
 * both say at the seam (a sentence both heard, segmented differently) is then removed from the
 * later side by matching the tail of the earlier text against the head of the later text.
 */
import type { TranscriptSegment } from '../domain/transcript';
import type { ChunkTranscript } from './types';

/** How many words on each side of a seam are compared when looking for doubled words. */
const SEAM_WORDS = 40;
/** Two chunks time the same words a little differently: words this far apart may still be the same. */
const SEAM_TIME_TOLERANCE_SECONDS = 1;

export function stitchChunks(chunks: readonly ChunkTranscript[]): TranscriptSegment[] {
  const ordered = [...chunks].sort((a, b) => a.startSeconds - b.startSeconds || a.index - b.index);
  const stitched: TranscriptSegment[] = [];
  ordered.forEach((chunk, position) => {
    const next = ordered[position + 1];
    const cut = position === 0 ? -Infinity : seamCut(chunk);
    const nextCut = next ? seamCut(next) : Infinity;
    const previousChunkEnd = chunk.startSeconds + chunk.overlapSeconds;
    const kept = chunk.segments
      .map((segment) => absolute(segment, chunk.startSeconds))
      .filter((segment) => segment.start < nextCut && (segment.start >= cut || segment.end > previousChunkEnd))
      .sort((a, b) => a.start - b.start);
    stitched.push(...withoutDoubledHead(stitched, kept));
  });
  return stitched
    .map((segment) => ({ ...segment, text: segment.text.trim() }))
    .filter((segment) => segment.text !== '')
    .sort((a, b) => a.start - b.start);
}

/** The middle of the overlap this chunk shares with the one before it. */
function seamCut(chunk: ChunkTranscript): number {
  return chunk.startSeconds + chunk.overlapSeconds / 2;
}

function absolute(segment: TranscriptSegment, offset: number): TranscriptSegment {
  const start = roundTime(offset + segment.start);
  return { start, end: Math.max(start, roundTime(offset + segment.end)), text: segment.text };
}

/** Milliseconds: sums of float seconds otherwise show as 12.499999999. */
function roundTime(seconds: number): number {
  return Math.round(seconds * 1000) / 1000;
}

/**
 * `later` without the words at its head that the end of `earlier` already says. Only words in
 * time range of the earlier text are candidates: two chunks heard the same words only where they
 * overlap.
 */
function withoutDoubledHead(earlier: readonly TranscriptSegment[], later: TranscriptSegment[]): TranscriptSegment[] {
  if (earlier.length === 0 || later.length === 0) return later;
  const earlierEnd = Math.max(...earlier.slice(-3).map((segment) => segment.end));
  const tail = earlier
    .slice(-SEAM_WORDS)
    .flatMap((segment) => wordsOf(segment.text))
    .slice(-SEAM_WORDS);
  const candidates = later.filter((segment) => segment.start < earlierEnd + SEAM_TIME_TOLERANCE_SECONDS);
  const head = candidates.flatMap((segment) => wordsOf(segment.text)).slice(0, SEAM_WORDS);
  const doubled = longestSuffixPrefix(tail, head);
  return doubled === 0 ? later : dropLeadingWords(later, doubled);
}

/** Words as compared across a seam: case, accents' composition and punctuation do not count. */
function wordsOf(text: string): string[] {
  return text
    .split(/\s+/)
    .map(normalizeWord)
    .filter((word) => word !== '');
}

function normalizeWord(token: string): string {
  return token.normalize('NFKC').toLowerCase().replace(/[^\p{L}\p{N}']+/gu, '').replace(/^'+|'+$/g, '');
}

/** The largest n for which the last n words of `tail` are the first n words of `head`. */
function longestSuffixPrefix(tail: readonly string[], head: readonly string[]): number {
  for (let n = Math.min(tail.length, head.length); n > 0; n--) {
    let same = true;
    for (let i = 0; i < n && same; i++) same = tail[tail.length - n + i] === head[i];
    if (same) return n;
  }
  return 0;
}

/**
 * Removes `count` words from the start of the segments. A segment that loses only some of its
 * words starts later by the share of its text removed: the engines give no word times here.
 */
function dropLeadingWords(segments: TranscriptSegment[], count: number): TranscriptSegment[] {
  let remaining = count;
  const result: TranscriptSegment[] = [];
  for (const segment of segments) {
    if (remaining === 0) {
      result.push(segment);
      continue;
    }
    const tokens = segment.text.trim().split(/\s+/);
    let dropped = 0;
    while (dropped < tokens.length && (remaining > 0 || normalizeWord(tokens[dropped]!) === '')) {
      if (normalizeWord(tokens[dropped]!) !== '') remaining -= 1;
      dropped += 1;
    }
    const rest = tokens.slice(dropped).join(' ');
    if (rest === '') continue;
    const removedShare = 1 - rest.length / segment.text.trim().length;
    const start = roundTime(segment.start + (segment.end - segment.start) * removedShare);
    result.push({ start, end: Math.max(start, segment.end), text: rest });
  }
  return result;
}
