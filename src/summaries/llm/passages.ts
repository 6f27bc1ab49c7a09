/**
 * The passages a model is shown, numbered, and the check of its answers against them
 * (docs/citations.md#checking-a-models-citations). A passage is one transcript segment; its number
 * is its position in the transcript, counted from 1, so the same passage has the same number in
 * every call. The model cites passages by number; a number that is outside the video, or names a
 * passage that call was not shown, is repaired from the passage sent whose words the point shares
 * most, or the point is dropped when none shares enough.
 */
import { formatTimestamp, type CitationChecks } from '../../domain/summary';
import type { TranscriptSegment } from '../../domain/transcript';
import { englishStopWords, stopWordsFor } from '../language/stop-word-lists';
import { asData } from './prompts';

/** A passage as one call saw it: its number, its time and the text it was shown. */
export interface SentPassage {
  number: number;
  start: number;
  end: number;
  text: string;
}

/** A point as the model wrote it: its text and the passage number it gave. */
export interface ProposedPoint {
  text: string;
  passage: number;
}

/** A point whose passage is one that was sent. */
export interface CheckedPoint {
  text: string;
  passage: SentPassage;
}

/** `[P12 1:23]`: how a passage's number and time open its line. */
export function passageLabel(number: number, start: number): string {
  return `[P${number} ${formatTimestamp(start)}]`;
}

/** One data line per passage (or per note on one): its label, then its text. */
export function passageLine(passage: SentPassage): string {
  return `${passageLabel(passage.number, passage.start)} ${asData(passage.text)}`;
}

/** The transcript's segments as passages. */
export function passagesOf(segments: readonly TranscriptSegment[]): SentPassage[] {
  return segments.map((segment, i) => ({ number: i + 1, start: segment.start, end: Math.max(segment.start, segment.end), text: segment.text }));
}

/** What a call showed the model, by number; several notes on one passage show it once per note. */
export class SentPassages {
  private readonly byNumber = new Map<number, SentPassage>();
  private readonly shown: SentPassage[] = [];

  constructor(shown: Iterable<SentPassage>) {
    for (const passage of shown) {
      this.shown.push(passage);
      if (!this.byNumber.has(passage.number)) this.byNumber.set(passage.number, passage);
    }
  }

  get(number: number): SentPassage | undefined {
    return this.byNumber.get(number);
  }

  /** The passage whose shown text shares the most words with `text`, or null when none shares enough. */
  bestMatch(text: string, language: string): SentPassage | null {
    const words = contentWords(text, language);
    if (words.size === 0) return null;
    let best: SentPassage | null = null;
    let bestShared = 0;
    for (const passage of this.shown) {
      let shared = 0;
      for (const word of contentWords(passage.text, language)) if (words.has(word)) shared += 1;
      if (shared > bestShared) {
        best = passage;
        bestShared = shared;
      }
    }
    // One shared word is enough only for a point of very few words.
    const needed = words.size <= 3 ? 1 : 2;
    return bestShared >= needed ? (this.byNumber.get(best!.number) ?? best) : null;
  }
}

/**
 * Each point with its passage, repaired where it can be, or null where it is dropped (an empty
 * point is dropped without counting), in the order given.
 */
export function checkCitations(
  proposed: readonly ProposedPoint[],
  sent: SentPassages,
  language: string,
): { points: (CheckedPoint | null)[]; checks: CitationChecks } {
  const checks: CitationChecks = { checked: 0, repaired: 0, dropped: 0 };
  const points = proposed.map((point): CheckedPoint | null => {
    const text = point.text.trim();
    if (text === '') return null;
    checks.checked += 1;
    const cited = Number.isInteger(point.passage) ? sent.get(point.passage) : undefined;
    if (cited) return { text, passage: cited };
    const repaired = sent.bestMatch(text, language);
    if (repaired) checks.repaired += 1;
    else checks.dropped += 1;
    return repaired ? { text, passage: repaired } : null;
  });
  return { points, checks };
}

export function addChecks(a: CitationChecks, b: CitationChecks): CitationChecks {
  return { checked: a.checked + b.checked, repaired: a.repaired + b.repaired, dropped: a.dropped + b.dropped };
}

/** Lower-case words of three letters or more, the language's stop words (and English ones) left out. */
function contentWords(text: string, language: string): Set<string> {
  const stop = stopWordsFor(language) ?? englishStopWords();
  const english = englishStopWords();
  const words = new Set<string>();
  for (const word of text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) {
    if (word.length >= 3 && !stop.has(word) && !english.has(word)) words.add(word);
  }
  return words;
}
