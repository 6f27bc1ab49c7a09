/**
 * The layout model: every text of the infographic already cut to the lines it may take, every
 * block's height, the timeline's geometry and the image's height. The template draws exactly
 * this, so the tests can check the picture's bounds (line counts, labels, positions) here
 * without reading pixels.
 *
 * The image grows with its content between CANVAS.minHeight and CANVAS.maxHeight. When the
 * content would be taller, it is trimmed in a fixed order (shorter insights, fewer chips and
 * legend rows, fewer insights, a shorter tldr, no key terms, a shorter title) until it fits.
 */
import { formatTimestamp } from '../domain/summary';
import type { TranscriptSource } from '../domain/transcript';
import type { InfographicData } from './infographic-data';
import { fitLine, fitText, textWidth, type FittedText } from './text-fit';
import { CANVAS, CONTENT_WIDTH, PALETTE, SPACE, TYPE, type TypeName } from './theme';

export interface TextBlock extends FittedText {
  style: TypeName;
  /** Box width, px. */
  width: number;
  maxLines: number;
}

export interface FigureColumn {
  label: string;
  value: TextBlock;
  note: TextBlock | null;
  /** The note is drawn beside the value, on its baseline, rather than below it. */
  noteInline: boolean;
  /** Share of the bar filled (reading time against watch time), or no bar. */
  barShare: number | null;
  width: number;
}

export interface TimelineSegment {
  /** 1-based, as in the legend. */
  number: number;
  start: number;
  end: number;
  /** px from the bar's left edge, and width, rounded to 0.01 px. */
  left: number;
  width: number;
  color: string;
  /** The number is drawn inside the segment when it is wide enough. */
  showNumber: boolean;
}

export interface LegendEntry {
  number: number;
  color: string;
  time: string;
  title: TextBlock;
}

export interface InfographicLayout {
  width: number;
  height: number;
  /** Height the content asks for, before the minimum height is applied. */
  contentHeight: number;
  /** The dark band: what the video is, then its figures. */
  header: {
    /** The channel (or "Video summary"), above the title. */
    kicker: TextBlock;
    /** Duration and date, at the right of the kicker; may be empty. */
    facts: string;
    title: TextBlock;
    figures: { columns: FigureColumn[]; height: number };
    height: number;
  };
  tldr: { label: string; text: TextBlock; height: number } | null;
  insights: { label: string; items: TextBlock[]; height: number } | null;
  timeline: {
    label: string;
    note: string;
    barWidth: number;
    segments: TimelineSegment[];
    axis: { start: string; end: string };
    legend: { columns: number; columnWidth: number; timeWidth: number; entries: LegendEntry[]; more: string | null };
    height: number;
  } | null;
  /** Chips by row, each with its width (padding included). */
  keyTerms: { label: string; rows: { text: string; width: number }[][]; height: number } | null;
  footer: { brand: string; note: string };
  /** The limits the content was fitted with. */
  budget: Budget;
}

/** How much of each part the image shows; lower limits trade content for height. */
export interface Budget {
  titleLines: number;
  tldrLines: number;
  insightCount: number;
  insightLines: number;
  /** Rows of the chapter legend: one column of up to legendRows + 1 entries, else two columns of legendRows. */
  legendRows: number;
  chipRows: number;
}

const BUDGETS: readonly Budget[] = (() => {
  const steps: Partial<Budget>[] = [
    {},
    { insightLines: 2 },
    { chipRows: 2 },
    { legendRows: 5 },
    { insightCount: 5 },
    { legendRows: 4 },
    { chipRows: 1 },
    { tldrLines: 5 },
    { tldrLines: 4 },
    { insightCount: 4 },
    { insightCount: 3 },
    { chipRows: 0 },
    { titleLines: 2 },
    { legendRows: 3, tldrLines: 3 },
  ];
  let current: Budget = { titleLines: 3, tldrLines: 6, insightCount: 6, insightLines: 3, legendRows: 7, chipRows: 3 };
  return steps.map((step) => (current = { ...current, ...step }));
})();

/** The card border, px: cards are drawn with a 1 px border inside their width. */
export const CARD_BORDER = 1;
export const CARD_INNER_WIDTH = CONTENT_WIDTH - 2 * SPACE.cardPaddingX - 2 * CARD_BORDER;
const CARD_CHROME = 2 * SPACE.cardPaddingY + 2 * CARD_BORDER;
/** A card's label and the space below it. */
const LABEL_HEIGHT = TYPE.label.lineHeight + SPACE.labelGap;
/** The accent mark before the kicker, with its gap. */
export const KICKER_MARK = 36 + 16;
const KICKER_GAP = 24;
const FIGURE_DIVIDER = 1 + 2 * SPACE.figureDivider;
export const FIGURE_BAR = { height: 8, top: 16 } as const;
export const FIGURE_NOTE_GAP = 14;
export const FIGURE_LABEL_GAP = 6;
export const INSIGHT_TEXT_WIDTH = CARD_INNER_WIDTH - SPACE.badge - SPACE.badgeGap;
/** Between timeline segments, px: each but the last is drawn this much narrower. */
export const SEGMENT_GAP = 2;
const MIN_NUMBERED_SEGMENT = 36;
const ONE_COLUMN_LEGEND = 8;
export const CHIP_HEIGHT = TYPE.chip.lineHeight + 2 * SPACE.chipPaddingY;

export function layoutInfographic(data: InfographicData): InfographicLayout {
  let layout: InfographicLayout | null = null;
  for (const budget of BUDGETS) {
    layout = layoutWith(data, budget);
    if (layout.contentHeight <= CANVAS.maxHeight) break;
  }
  // Trimming goes part by part; give back what still fits, most important part first.
  let fitted = layout!;
  for (const key of REGROWTH) {
    while (fitted.budget[key] < FULL_BUDGET[key]) {
      const grown = layoutWith(data, { ...fitted.budget, [key]: fitted.budget[key] + 1 });
      if (grown.contentHeight > CANVAS.maxHeight) break;
      fitted = grown;
    }
  }
  return fitted;
}

const FULL_BUDGET = BUDGETS[0]!;
const REGROWTH: readonly (keyof Budget)[] = ['titleLines', 'tldrLines', 'insightCount', 'insightLines', 'legendRows', 'chipRows'];

function block(text: string, style: TypeName, width: number, maxLines: number): TextBlock {
  return { ...fitText(text, TYPE[style], width, maxLines), style, width, maxLines };
}

function textHeight(text: TextBlock): number {
  return text.lines * TYPE[text.style].lineHeight;
}

function layoutWith(data: InfographicData, budget: Budget): InfographicLayout {
  const header = layoutHeader(data, budget);
  const tldr = data.tldr ? layoutTldr(data.tldr, budget) : null;
  const insights = data.insights.length > 0 ? layoutInsights(data.insights, budget) : null;
  const timeline = data.timeline && data.durationSeconds ? layoutTimeline(data.timeline, data.durationSeconds, budget) : null;
  const keyTerms = data.keyTerms.length > 0 && budget.chipRows > 0 ? layoutKeyTerms(data.keyTerms, budget) : null;

  const sections = ([tldr, insights, timeline, keyTerms] as ({ height: number } | null)[]).filter((s): s is { height: number } => s !== null);
  const body =
    SPACE.bodyTop + sections.reduce((sum, s) => sum + s.height, 0) + SPACE.sectionGap * Math.max(0, sections.length - 1) + SPACE.bodyBottom;
  const contentHeight = header.height + body + SPACE.footerHeight;
  return {
    width: CANVAS.width,
    height: Math.min(CANVAS.maxHeight, Math.max(CANVAS.minHeight, contentHeight)),
    contentHeight,
    header,
    tldr,
    insights,
    timeline,
    keyTerms,
    footer: { brand: 'Video Digest', note: 'Summarised from the transcript' },
    budget,
  };
}

// ---------------------------------------------------------------------------------------------

function layoutHeader(data: InfographicData, budget: Budget): InfographicLayout['header'] {
  const title = block(data.title, 'title', CONTENT_WIDTH, budget.titleLines);
  const facts: string[] = [];
  if (data.durationSeconds !== null) facts.push(formatDuration(data.durationSeconds));
  const date = data.publishedAt ? formatDate(data.publishedAt) : null;
  if (date) facts.push(date);
  const factsText = facts.join('  ·  ');
  // The channel gets what the facts leave of the line.
  const factsWidth = factsText ? Math.ceil(textWidth(factsText, TYPE.meta)) + KICKER_GAP : 0;
  const kickerWidth = Math.floor(CONTENT_WIDTH - KICKER_MARK - factsWidth);
  const kicker = block(data.channel || 'Video summary', 'eyebrow', kickerWidth, 1);
  const figures = layoutFigures(data.figures);
  const height =
    SPACE.headerTop +
    TYPE.meta.lineHeight +
    SPACE.headerGap +
    textHeight(title) +
    SPACE.figuresAbove +
    1 +
    SPACE.figuresBelow +
    figures.height +
    SPACE.headerBottom;
  return { kicker, facts: factsText, title, figures, height };
}

function layoutTldr(tldr: string, budget: Budget): NonNullable<InfographicLayout['tldr']> {
  const text = block(tldr, 'lead', CARD_INNER_WIDTH, budget.tldrLines);
  return { label: 'TL;DR', text, height: CARD_CHROME + LABEL_HEIGHT + textHeight(text) };
}

const SOURCE_LABEL: Record<TranscriptSource, string> = {
  captions_manual: 'Manual captions',
  captions_auto: 'Auto captions',
  speech_to_text: 'Speech-to-text',
};

function layoutFigures(figures: InfographicData['figures']): InfographicLayout['header']['figures'] {
  const inner = CONTENT_WIDTH - 2 * FIGURE_DIVIDER;
  // Widths that fit "99,999" and "Manual captions" on one line; reading time takes the rest.
  const wordsWidth = 165;
  const sourceWidth = 290;
  const readWidth = inner - wordsWidth - sourceWidth;
  const reading = block(figures.readingMinutes > 0 ? formatMinutes(figures.readingMinutes) : '–', 'bigFigure', readWidth, 1);
  const watch = figures.watchMinutes !== null ? `vs ${formatMinutes(figures.watchMinutes)} watch` : 'to read';
  // The note sits beside the figure when there is room, else below it.
  const beside = readWidth - Math.ceil(textWidth(reading.text, TYPE.bigFigure)) - FIGURE_NOTE_GAP;
  const noteInline = textWidth(watch, TYPE.figureNote) <= beside - 2;
  const columns: FigureColumn[] = [
    {
      label: 'Reading time',
      value: reading,
      note: block(watch, 'figureNote', noteInline ? Math.floor(beside) : readWidth, noteInline ? 1 : 2),
      noteInline,
      barShare: figures.watchMinutes ? Math.min(1, Math.max(0.02, figures.readingMinutes / figures.watchMinutes)) : null,
      width: readWidth,
    },
    {
      label: 'Words',
      value: block(formatWords(figures.wordCount), 'bigFigure', wordsWidth, 1),
      note: null,
      noteInline: false,
      barShare: null,
      width: wordsWidth,
    },
    {
      label: 'Transcript',
      value: block(SOURCE_LABEL[figures.captionSource], 'figure', sourceWidth, 2),
      note: null,
      noteInline: false,
      barShare: null,
      width: sourceWidth,
    },
  ];
  return { columns, height: Math.max(...columns.map(figureColumnHeight)) };
}

export function figureColumnHeight(column: FigureColumn): number {
  return (
    TYPE.statLabel.lineHeight +
    FIGURE_LABEL_GAP +
    Math.max(TYPE.bigFigure.lineHeight, textHeight(column.value)) +
    (column.note && !column.noteInline ? 4 + textHeight(column.note) : 0) +
    (column.barShare !== null ? FIGURE_BAR.top + FIGURE_BAR.height : 0)
  );
}

function layoutInsights(insights: readonly string[], budget: Budget): NonNullable<InfographicLayout['insights']> {
  const items = insights.slice(0, budget.insightCount).map((text) => block(text, 'body', INSIGHT_TEXT_WIDTH, budget.insightLines));
  const itemsHeight =
    items.reduce((sum, item) => sum + insightHeight(item), 0) + (items.length - 1) * (SPACE.insightGap + 1);
  return { label: 'Key insights', items, height: CARD_CHROME + LABEL_HEIGHT + itemsHeight };
}

export function insightHeight(item: TextBlock): number {
  return Math.max(SPACE.badge, SPACE.insightTextTop + textHeight(item));
}

function layoutTimeline(
  timeline: NonNullable<InfographicData['timeline']>,
  duration: number,
  budget: Budget,
): NonNullable<InfographicLayout['timeline']> {
  const barWidth = CARD_INNER_WIDTH;
  const sections = timeline.sections;
  const segments: TimelineSegment[] = sections.map((section, i) => {
    const end = Math.min(duration, sections[i + 1]?.start ?? duration);
    const left = (section.start / duration) * barWidth;
    const width = ((end - section.start) / duration) * barWidth;
    return {
      number: i + 1,
      start: section.start,
      end,
      left: round2(left),
      width: round2(width),
      color: PALETTE.sections[i % PALETTE.sections.length]!,
      showNumber: width - SEGMENT_GAP >= MIN_NUMBERED_SEGMENT,
    };
  });

  // One column while every section gets its own row (up to ONE_COLUMN_LEGEND), else two.
  const oneColumn = Math.min(ONE_COLUMN_LEGEND, budget.legendRows + 1);
  const columns = sections.length <= oneColumn ? 1 : 2;
  const capacity = columns === 1 ? oneColumn : 2 * budget.legendRows;
  const shown = sections.length <= capacity ? sections.length : capacity - 1;
  const more = sections.length - shown;
  const columnWidth = (barWidth - (columns - 1) * SPACE.legendColumnGap) / columns;
  const times = sections.slice(0, shown).map((s) => formatTimestamp(s.start));
  const timeWidth = Math.ceil(Math.max(...times.map((t) => textWidth(t, TYPE.time))));
  const titleWidth = Math.floor(columnWidth - SPACE.legendSwatch - 2 * SPACE.legendSwatchGap - timeWidth);
  const entries: LegendEntry[] = sections.slice(0, shown).map((section, i) => ({
    number: i + 1,
    color: segments[i]!.color,
    time: times[i]!,
    title: block(section.title, 'legend', titleWidth, 1),
  }));
  const kind = timeline.source === 'chapters' ? 'chapter' : 'topic';
  const rows = Math.ceil((shown + (more > 0 ? 1 : 0)) / columns);
  const legendHeight = rows * SPACE.legendSwatch + Math.max(0, rows - 1) * SPACE.legendRowGap;
  const height =
    CARD_CHROME + LABEL_HEIGHT + SPACE.timelineBar + SPACE.axisGap + TYPE.time.lineHeight + SPACE.legendTop + legendHeight;
  return {
    label: timeline.source === 'chapters' ? 'Chapters' : 'Topics',
    note: `${sections.length} ${kind}s · ${formatDuration(duration)}`,
    barWidth,
    segments,
    axis: { start: formatTimestamp(0), end: formatTimestamp(duration) },
    legend: { columns, columnWidth, timeWidth, entries, more: more > 0 ? `+ ${more} more ${kind}${more === 1 ? '' : 's'}` : null },
    height,
  };
}

function layoutKeyTerms(terms: readonly string[], budget: Budget): NonNullable<InfographicLayout['keyTerms']> {
  const rows: { text: string; width: number }[][] = [[]];
  let rowWidth = 0;
  for (const term of terms) {
    const text = fitLine(term, TYPE.chip, CARD_INNER_WIDTH - 2 * SPACE.chipPaddingX - 2).text;
    const width = Math.ceil(textWidth(text, TYPE.chip)) + 2 * SPACE.chipPaddingX + 2;
    const needed = rowWidth === 0 ? width : rowWidth + SPACE.chipGap + width;
    if (needed <= CARD_INNER_WIDTH) {
      rowWidth = needed;
    } else {
      if (rows.length >= budget.chipRows) break;
      rows.push([]);
      rowWidth = width;
    }
    rows[rows.length - 1]!.push({ text, width });
  }
  const height = CARD_CHROME + LABEL_HEIGHT + rows.length * CHIP_HEIGHT + (rows.length - 1) * SPACE.chipGap;
  return { label: 'Key terms', rows, height };
}

// ---------------------------------------------------------------------------------------------

function round2(n: number): number {
  return Math.round(n * 100) / 100;
}

/** "45 sec", "42 min", "1 h 12 min". */
export function formatDuration(seconds: number): string {
  const total = Math.max(0, Math.round(seconds));
  if (total < 60) return `${total} sec`;
  const minutes = Math.round(total / 60);
  if (minutes < 60) return `${minutes} min`;
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return m === 0 ? `${h} h` : `${h} h ${m} min`;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "12 Mar 2024" (UTC), or null for a date that does not parse. */
export function formatDate(iso: string): string | null {
  const time = Date.parse(iso);
  if (!Number.isFinite(time)) return null;
  const date = new Date(time);
  return `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}

/** "27 min", and from 100 minutes on whole hours: "3 h". */
export function formatMinutes(minutes: number): string {
  return minutes < 100 ? `${minutes} min` : `${formatCount(Math.round(minutes / 60))} h`;
}

/** "7,412", and from 100,000 on "183k" or "1.8M". */
export function formatWords(n: number): string {
  const count = Math.max(0, Math.round(n));
  if (count < 100_000) return formatCount(count);
  if (count < 1_000_000) return `${Math.round(count / 1000)}k`;
  return `${(Math.round(count / 100_000) / 10).toFixed(1).replace(/\.0$/, '')}M`;
}

/** "7,412". */
export function formatCount(n: number): string {
  return String(Math.max(0, Math.round(n))).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}
