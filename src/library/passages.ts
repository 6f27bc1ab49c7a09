/**
 * A transcript cut into passages for the library: about 30 to 60 seconds each, ending at a
 * sentence's end where one comes after the shortest length, else at the longest. Each keeps the
 * start of its first piece and the end of its last. A segment longer than a passage (speech-to-text
 * writes long ones) is first cut at its sentences, their times shared out by length, so no passage
 * runs far past the longest.
 *
 */
import type { TranscriptSegment } from '../domain/transcript';

export interface Passage {
  /** 0, 1, 2... in the transcript's order. */
  seq: number;
  start: number;
  end: number;
  text: string;
}

export interface PassageLengths {
  minSeconds: number;
  maxSeconds: number;
}

export const PASSAGE_SECONDS: PassageLengths = { minSeconds: 30, maxSeconds: 60 };

/** A sentence's last character, maybe followed by closing quotes or brackets. */
const SENTENCE_END = /[.!?…。！？]["'”’)\]]*$/u;
const SENTENCES = /[^.!?…。！？]+(?:[.!?…。！？]+["'”’)\]]*|$)\s*/gu;

/** Cuts segments fed one at a time, so a long transcript is cut as it is read. */
export class PassageCutter {
  private seq = 0;
  private pieces: TranscriptSegment[] = [];

  constructor(private readonly lengths: PassageLengths = PASSAGE_SECONDS) {}

  /** The passages this segment closes (usually none or one). */
  push(segment: TranscriptSegment): Passage[] {
    const closed: Passage[] = [];
    for (const piece of sentencePieces(segment, this.lengths.minSeconds)) {
      if (!piece.text.trim()) continue;
      if (this.pieces.length > 0 && piece.end - this.pieces[0]!.start > this.lengths.maxSeconds) closed.push(this.close());
      this.pieces.push(piece);
      const length = piece.end - this.pieces[0]!.start;
      if (length >= this.lengths.minSeconds && SENTENCE_END.test(piece.text.trim())) closed.push(this.close());
    }
    return closed;
  }

  /** The last, shorter passage, if any text is left. */
  finish(): Passage[] {
    return this.pieces.length > 0 ? [this.close()] : [];
  }

  private close(): Passage {
    const pieces = this.pieces;
    this.pieces = [];
    return { seq: this.seq++, start: pieces[0]!.start, end: pieces[pieces.length - 1]!.end, text: pieces.map((piece) => piece.text.trim()).join(' ') };
  }
}

export function cutPassages(segments: Iterable<TranscriptSegment>, lengths: PassageLengths = PASSAGE_SECONDS): Passage[] {
  const cutter = new PassageCutter(lengths);
  const passages: Passage[] = [];
  for (const segment of segments) passages.push(...cutter.push(segment));
  passages.push(...cutter.finish());
  return passages;
}

/** The segment itself, or its sentences with times in proportion to their length when it is long. */
function sentencePieces(segment: TranscriptSegment, longSeconds: number): TranscriptSegment[] {
  const duration = segment.end - segment.start;
  if (duration <= longSeconds / 2) return [segment];
  const sentences = segment.text.match(SENTENCES)?.filter((sentence) => sentence.trim()) ?? [];
  if (sentences.length < 2) return [segment];
  const total = sentences.reduce((sum, sentence) => sum + sentence.length, 0);
  let at = segment.start;
  return sentences.map((sentence, index) => {
    const end = index === sentences.length - 1 ? segment.end : at + (duration * sentence.length) / total;
    const piece = { start: at, end, text: sentence.trim() };
    at = end;
    return piece;
  });
}
