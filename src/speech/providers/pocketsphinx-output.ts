/**
 * Reads what `pocketsphinx_continuous -time yes` prints: per utterance, the hypothesis on one line,
 * then one line per word, `word start end confidence` in seconds from the start of the file:
 *
 *   he was not until this blows young man
 *   <s> 8.510 8.600 0.999800
 *   he 8.840 8.950 0.998801
 *   was(2) 8.960 9.170 0.999900
 *   <sil> 9.610 9.740 0.651518
 *   </s> 11.360 11.720 1.000000
 *
 * The words become caption-sized segments: one utterance is one segment unless it runs long; then
 * it is split at a pause once a segment has a couple of seconds, and after 8 s in any case.
 */
import type { TranscriptSegment } from '../../domain/transcript';

/** Segments longer than this are split at a pause. */
const LONGEST_SEGMENT_SECONDS = 8;
/** A pause this long ends a segment that already has some length. */
const PAUSE_SECONDS = 0.5;
const SHORTEST_SEGMENT_SECONDS = 2;

interface TimedWord {
  word: string;
  start: number;
  end: number;
}

const WORD_LINE = /^(\S+) (\d+(?:\.\d+)?) (\d+(?:\.\d+)?) (-?\d+(?:\.\d+)?)$/;

/** Utterance markers, silence and noise fillers (`<sil>`, `[NOISE]`, `++BREATH++`) are not words. */
function isFiller(token: string): boolean {
  return /^<.*>$/.test(token) || /^\[.*\]$/.test(token) || /^\+\+.*\+\+$/.test(token);
}

export function segmentsFromPocketsphinx(output: string): TranscriptSegment[] {
  const utterances: TimedWord[][] = [];
  let current: TimedWord[] = [];
  for (const line of output.split('\n')) {
    const match = WORD_LINE.exec(line.trim());
    if (!match) continue;
    const [, token, start, end] = match;
    if (token === '<s>' || token === '</s>') {
      if (current.length > 0) utterances.push(current);
      current = [];
      continue;
    }
    if (isFiller(token!)) continue;
    // "was(2)": the second pronunciation of "was" in the dictionary.
    current.push({ word: token!.replace(/\(\d+\)$/, ''), start: Number(start), end: Number(end) });
  }
  if (current.length > 0) utterances.push(current);
  return utterances.flatMap(splitUtterance).map(toSegment);
}

function splitUtterance(words: TimedWord[]): TimedWord[][] {
  const parts: TimedWord[][] = [];
  let part: TimedWord[] = [];
  for (const word of words) {
    const previous = part[part.length - 1];
    if (previous) {
      const length = previous.end - part[0]!.start;
      const pause = word.start - previous.end;
      if (length >= LONGEST_SEGMENT_SECONDS || (pause >= PAUSE_SECONDS && length >= SHORTEST_SEGMENT_SECONDS)) {
        parts.push(part);
        part = [];
      }
    }
    part.push(word);
  }
  if (part.length > 0) parts.push(part);
  return parts;
}

function toSegment(words: TimedWord[]): TranscriptSegment {
  const start = words[0]!.start;
  return { start, end: Math.max(start, words[words.length - 1]!.end), text: words.map((word) => word.word).join(' ') };
}
