import type { Chapter } from '../domain/video';

/**
 * Creator chapters from a video description, by the rules YouTube states for them: lines that
 * carry a timestamp, the first at 0:00, at least three, in ascending order, each at least ten
 * seconds long. A description that breaks a rule gets no chapters at all, as on YouTube.
 *
 * Accepted line forms (leading bullets and numbering are ignored):
 *   0:00 Intro            1:02:03 - Title         (12:34) Title        [12:34] Title
 *   00:00 – 01:30 Title   (a range: its start counts)                 Title - 12:34
 *
 * The list starts at the first 0:00 line and ends at the first timestamp that does not move
 * forward, so a second list further down (song credits, say) does not spoil the first.
 */

const MIN_CHAPTERS = 3;
const MIN_CHAPTER_SECONDS = 10;

const TIME = String.raw`(?:\d{1,2}:)?\d{1,2}:\d{2}(?!\d)`;
const OPEN = String.raw`[(\[]?`;
const CLOSE = String.raw`[)\]]?`;
const SEPARATOR = String.raw`[\s\-–—:|•·.,]*`;
const LEADER = String.raw`^[\s\-–—*•·▶►>#]*(?:\d{1,2}[.)]\s+)?`;

const LEADING_TIME = new RegExp(
  String.raw`${LEADER}${OPEN}(${TIME})${CLOSE}(?:\s*[-–—]\s*${OPEN}${TIME}${CLOSE})?${SEPARATOR}(.*\S)\s*$`,
);
const TRAILING_TIME = new RegExp(String.raw`${LEADER}(.*?\S)${SEPARATOR}${OPEN}(${TIME})${CLOSE}\s*$`);

export function parseDescriptionChapters(description: string, durationSeconds?: number | null): Chapter[] {
  const candidates: Chapter[] = [];
  for (const line of description.split(/\r?\n/)) {
    const candidate = chapterFromLine(line);
    if (candidate) candidates.push(candidate);
  }

  const first = candidates.findIndex((c) => c.start === 0);
  if (first < 0) return [];

  const chapters: Chapter[] = [];
  for (const candidate of candidates.slice(first)) {
    const previous = chapters[chapters.length - 1];
    if (previous && candidate.start <= previous.start) break;
    if (durationSeconds && candidate.start >= durationSeconds) break;
    chapters.push(candidate);
  }

  if (chapters.length < MIN_CHAPTERS) return [];
  for (let i = 1; i < chapters.length; i++) {
    if (chapters[i]!.start - chapters[i - 1]!.start < MIN_CHAPTER_SECONDS) return [];
  }
  const last = chapters[chapters.length - 1]!;
  if (durationSeconds && durationSeconds - last.start < MIN_CHAPTER_SECONDS) return [];
  return chapters;
}

function chapterFromLine(line: string): Chapter | null {
  const leading = LEADING_TIME.exec(line);
  if (leading) {
    const title = tidyTitle(leading[2]!);
    return title ? { start: toSeconds(leading[1]!), title } : null;
  }
  const trailing = TRAILING_TIME.exec(line);
  if (trailing) {
    const title = tidyTitle(trailing[1]!);
    // A line that is nothing but a timestamp is not a chapter.
    return title ? { start: toSeconds(trailing[2]!), title } : null;
  }
  return null;
}

function tidyTitle(raw: string): string {
  return raw
    .replace(/^[\s\-–—:|•·.,]+/, '')
    .replace(/[\s\-–—:|•·,]+$/, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** "1:02:03" → 3723; seconds and minutes above 59 are not times, but YouTube accepts "75:00". */
function toSeconds(timestamp: string): number {
  return timestamp.split(':').reduce((total, part) => total * 60 + Number(part), 0);
}
