/**
 * Topic sections of a transcript: the creator's chapters when there are any, otherwise the
 * boundaries found by topic segmentation. A section is a run of sentences with a time span.
 */
import type { Chapter } from '../../domain/video';
import type { SentenceTable } from './sentences';

export interface Section {
  readonly index: number;
  /** Sentences [firstSentence, endSentence); empty for a chapter nobody spoke in. */
  readonly firstSentence: number;
  readonly endSentence: number;
  /** Seconds. The first section starts at 0; a chapter starts where its creator put it. */
  readonly start: number;
  readonly end: number;
  /** The chapter's title when sections are chapters. */
  readonly chapterTitle: string | null;
}

/** Chapters usable as sections: inside the video, ordered, one per start time, titled. */
export function usableChapters(chapters: readonly Chapter[], durationSeconds: number): Chapter[] {
  const sorted = chapters
    .filter((c) => Number.isFinite(c.start) && c.start >= 0 && (durationSeconds <= 0 || c.start < durationSeconds))
    .map((c, order) => ({ start: c.start, title: c.title.replace(/\s+/g, ' ').trim(), order }))
    .sort((a, b) => a.start - b.start || a.order - b.order);
  const out: Chapter[] = [];
  for (const chapter of sorted) {
    if (out.length > 0 && out[out.length - 1]?.start === chapter.start) continue;
    out.push({ start: chapter.start, title: chapter.title || `Part ${out.length + 1}` });
  }
  return out;
}

/** Sections from chapters; speech before the first chapter belongs to it. */
export function sectionsFromChapters(chapters: readonly Chapter[], sentences: SentenceTable, durationSeconds: number): Section[] {
  const sections: Section[] = [];
  let s = 0;
  chapters.forEach((chapter, index) => {
    const next = chapters[index + 1];
    const first = s;
    while (s < sentences.count && (next === undefined || (sentences.start[s] ?? 0) < next.start)) s += 1;
    sections.push({
      index,
      firstSentence: first,
      endSentence: s,
      start: chapter.start,
      end: next ? next.start : Math.max(durationSeconds, chapter.start),
      chapterTitle: chapter.title,
    });
  });
  return sections;
}

/** Sections that start at the given sentences (ascending, excluding 0). */
export function sectionsFromBoundaries(boundaries: readonly number[], sentences: SentenceTable, durationSeconds: number): Section[] {
  const starts = [0, ...boundaries];
  return starts.map((first, index) => {
    const endSentence = starts[index + 1] ?? sentences.count;
    const start = index === 0 ? 0 : (sentences.start[first] ?? 0);
    const nextFirst = starts[index + 1];
    const end = nextFirst === undefined ? durationSeconds : (sentences.start[nextFirst] ?? durationSeconds);
    return { index, firstSentence: first, endSentence, start, end: Math.max(start, end), chapterTitle: null };
  });
}
