import type { FakeCue } from './model';
import type { Random } from './seeded-random';
import { WORDS_PER_SECOND, type Talk } from './spoken-english';

/**
 * Times a talk into caption cues, in the two styles YouTube carries:
 * - creator captions: punctuated, wrapped at about 42 characters, two lines per cue;
 * - automatic captions: lower-case, unpunctuated, short runs of words back to back, with a
 *   "[Music]" cue over the intro jingle, as YouTube's speech recognition produces them.
 */

export interface TimedCaptions {
  cues: FakeCue[];
  /** Start of each talk section, in ms, in section order. */
  sectionStartsMs: number[];
  /** End of the last cue, in ms. */
  endMs: number;
}

const MS_PER_WORD = 1000 / WORDS_PER_SECOND;
const LINE_WIDTH = 42;

export function creatorCaptions(talk: Talk, random: Random, startMs = 1000): TimedCaptions {
  const cues: FakeCue[] = [];
  const sectionStartsMs: number[] = [];
  let cursor = startMs;
  for (const section of talk.sections) {
    sectionStartsMs.push(cursor);
    for (const sentence of section.sentences) {
      const lines = wrap(sentence, LINE_WIDTH);
      for (let i = 0; i < lines.length; i += 2) {
        const text = lines.slice(i, i + 2).join('\n');
        const durationMs = Math.round(words(text).length * MS_PER_WORD) + random.int(0, 250);
        cues.push({ startMs: cursor, durationMs, text });
        cursor += durationMs + random.int(0, 120);
      }
    }
    cursor += random.int(300, 900); // a breath between sections
  }
  return { cues, sectionStartsMs, endMs: cursor };
}

export function automaticCaptions(talk: Talk, random: Random): TimedCaptions {
  const jingleMs = random.int(2000, 4500);
  const cues: FakeCue[] = [{ startMs: 0, durationMs: jingleMs, text: '[Music]' }];
  const sectionStartsMs: number[] = [];
  let cursor = jingleMs;
  for (const section of talk.sections) {
    sectionStartsMs.push(cursor);
    const spoken = words(section.sentences.map(asRecognised).join(' '));
    for (let i = 0; i < spoken.length; ) {
      const run = spoken.slice(i, i + random.int(5, 10));
      i += run.length;
      const durationMs = Math.round(run.length * MS_PER_WORD * (0.85 + random.next() * 0.3));
      cues.push({ startMs: cursor, durationMs, text: run.join(' ') });
      cursor += durationMs;
    }
  }
  return { cues, sectionStartsMs, endMs: cursor };
}

/** How speech recognition writes a sentence: no case but "I", no punctuation but apostrophes. */
export function asRecognised(sentence: string): string {
  return sentence
    .toLowerCase()
    .replace(/[^\p{L}\p{N}'\s-]/gu, ' ')
    .replace(/(^|\s)-+|-+(?=\s|$)/g, ' ')
    .replace(/\bi('m|'ve|'ll|'d)?\b/g, (_, suffix: string | undefined) => `I${suffix ?? ''}`)
    .replace(/\s+/g, ' ')
    .trim();
}

function wrap(sentence: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of words(sentence)) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

function words(text: string): string[] {
  return text.split(/\s+/).filter(Boolean);
}
