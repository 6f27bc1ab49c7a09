/**
 * timestamped: the outline of topic sections with their start times. With chapters, each
 * item keeps the creator's title and is summarised from what is said within that chapter's
 * time range; without, sections and titles come from topic segmentation and key phrases.
 */
import { momentLink, pointAt } from '../../domain/citations';
import { formatTimestamp, type SummaryPoint, type TimestampedItem } from '../../domain/summary';
import type { Section } from '../analysis/sections';
import type { TranscriptAnalysis } from '../analysis/transcript-analysis';
import { escapeMarkdown } from '../text/markdown';
import { candidateSentences, inReadingOrder, selectDiverse } from './selection';
import { NO_SPEECH, quotableSectionSalience, similarity } from './sentence-measures';

/** Sections longer than this get a two-sentence summary. */
const LONG_SECTION_SECONDS = 240;

/** An outline item with the time its section ends: the item's point rests on the whole section. */
export interface OutlineItem {
  item: TimestampedItem;
  end: number;
}

export function timestampedItems(analysis: TranscriptAnalysis): TimestampedItem[] {
  return timestampedOutline(analysis).map(({ item }) => item);
}

export function timestampedOutline(analysis: TranscriptAnalysis): OutlineItem[] {
  const similar = similarity(analysis);
  const chosen: number[] = [];
  const items: OutlineItem[] = [];
  analysis.sections.forEach((section, i) => {
    // Captions that run past the stated duration do not get outline items beyond the end.
    if (i > 0 && section.start >= analysis.durationSeconds) return;
    const start = Math.min(section.start, analysis.durationSeconds);
    const picked = summarySentences(analysis, section, chosen, similar);
    chosen.push(...picked);
    items.push({
      item: {
        start,
        timestamp: formatTimestamp(start),
        title: analysis.headings[i] ?? `Part ${i + 1}`,
        summary: picked.map((s) => analysis.presenter.sentence(analysis.text(s))).join(' '),
      },
      end: Math.max(start, Math.min(section.end, analysis.durationSeconds)),
    });
  });
  return items;
}

/** Each item is a point; its time is its link. */
export function renderTimestamped(analysis: TranscriptAnalysis, outline: readonly OutlineItem[], videoUrl: string): { content: string; points: SummaryPoint[] } {
  if (outline.length === 0 || (analysis.sentences.count === 0 && !analysis.chaptered)) return { content: NO_SPEECH, points: [] };
  const points = outline.map(({ item, end }) => pointAt(videoUrl, item.summary ? `${item.title}: ${item.summary}` : item.title, item.start, end));
  const content = outline
    .map(({ item }, i) => {
      const head = `- **${momentLink(points[i]!)}** ${escapeMarkdown(item.title)}`;
      return item.summary ? `${head} — ${escapeMarkdown(item.summary)}` : head;
    })
    .join('\n');
  return { content, points };
}

function summarySentences(
  analysis: TranscriptAnalysis,
  section: Section,
  chosen: readonly number[],
  similar: (a: number, b: number) => number,
): number[] {
  if (section.endSentence <= section.firstSentence) return [];
  const local = analysis.salience.local;
  const candidates = candidateSentences((s) => local[s] ?? 0, section.firstSentence, section.endSentence, 10);
  const count = section.end - section.start > LONG_SECTION_SECONDS ? 2 : 1;
  return inReadingOrder(selectDiverse(candidates, (s) => quotableSectionSalience(analysis, s), similar, count, 0.7, chosen));
}
