/**
 * A model's structured answer for a mode, its citations checked, written up as the entry: the
 * Markdown with each point's link after it, the points, and the items or insights of the modes
 * that have them. The model's words are printed literally (escaped), so its Markdown is ours.
 */
import { momentLink, pointAt } from '../../domain/citations';
import { formatTimestamp, type CitationChecks, type SummaryEntry, type SummaryMode, type SummaryPoint, type TimestampedItem } from '../../domain/summary';
import { escapeMarkdown } from '../text/markdown';
import { ModelFailure } from './model-failure';
import { checkCitations, type CheckedPoint, type ProposedPoint, type SentPassages } from './passages';
import type { ModeOutput } from './prompts';

/** A summary entry before its generator is known, variant by variant. */
export type EntryWithoutGenerator = SummaryEntry extends infer E ? (E extends SummaryEntry ? Omit<E, 'generator'> : never) : never;

/** How a point is laid out: a sentence of running prose, a paragraph of its own, or a bullet. */
type Layout = 'sentence' | 'paragraph' | 'bullet';

type Block = { heading: string } | { point: ProposedPoint; layout: Layout };

export interface CitedEntry {
  entry: EntryWithoutGenerator;
  checks: CitationChecks;
}

export function citedEntry<M extends SummaryMode>(
  mode: M,
  output: ModeOutput<M>,
  sent: SentPassages,
  videoUrl: string,
  language: string,
): CitedEntry {
  if (mode === 'timestamped') return outlineEntry(output as ModeOutput<'timestamped'>, sent, videoUrl, language);
  const blocks = blocksOf(mode, output);
  const proposed = blocks.flatMap((block) => ('point' in block ? [block.point] : []));
  const { points: checked, checks } = checkCitations(proposed, sent, language);
  if (checked.every((point) => point === null)) throw new ModelFailure('The model cited no passage it was given for any point', 'invalid_output');
  const kept = new Map<ProposedPoint, CheckedPoint>();
  proposed.forEach((point, i) => {
    const cited = checked[i];
    if (cited) kept.set(point, cited);
  });
  const points: SummaryPoint[] = [];
  const lines: string[] = [];
  let prose: string[] = [];
  const endProse = () => {
    if (prose.length > 0) lines.push(prose.join(' '), '');
    prose = [];
  };
  for (const block of blocks) {
    if ('heading' in block) {
      endProse();
      if (lines.length > 0 && lines[lines.length - 1] !== '') lines.push('');
      lines.push(`## ${escapeMarkdown(block.heading.trim())}`, '');
      continue;
    }
    const cited = kept.get(block.point);
    if (!cited) continue;
    const point = pointAt(videoUrl, cited.text, cited.passage.start, cited.passage.end);
    points.push(point);
    const markdown = `${escapeMarkdown(cited.text)} ${momentLink(point)}`;
    if (block.layout === 'sentence') prose.push(markdown);
    else if (block.layout === 'paragraph') lines.push(markdown, '');
    else lines.push(`- ${markdown}`);
  }
  endProse();
  const content = withoutEmptySections(lines).join('\n').trim();
  if (mode === 'key_insights') return { entry: { mode, content, points, insights: points.map((point) => point.text) }, checks };
  return { entry: { mode: mode as 'tldr' | 'detailed' | 'study_notes', content, points }, checks };
}

function blocksOf(mode: SummaryMode, output: unknown): Block[] {
  switch (mode) {
    case 'tldr':
      return (output as ModeOutput<'tldr'>).sentences.map((point) => ({ point, layout: 'sentence' }));
    case 'detailed': {
      const detailed = output as ModeOutput<'detailed'>;
      return [
        { heading: 'Overview' },
        { point: detailed.overview, layout: 'paragraph' },
        ...detailed.topics.flatMap((topic): Block[] => [{ heading: topic.heading }, ...topic.points.map((point): Block => ({ point, layout: 'bullet' }))]),
      ];
    }
    case 'study_notes':
      return (output as ModeOutput<'study_notes'>).sections.flatMap((section): Block[] => [
        { heading: section.heading },
        ...section.points.map((point): Block => ({ point, layout: 'bullet' })),
      ]);
    case 'key_insights':
      return (output as ModeOutput<'key_insights'>).insights.map((point) => ({ point, layout: 'bullet' }));
    case 'timestamped':
      throw new Error('the outline is written by outlineEntry');
  }
}

/** Headings whose points were all dropped go too. */
function withoutEmptySections(lines: string[]): string[] {
  const kept: string[] = [];
  lines.forEach((line, i) => {
    if (line.startsWith('## ')) {
      const nextText = lines.slice(i + 1).find((l) => l !== '');
      if (nextText === undefined || nextText.startsWith('## ')) return;
    }
    if (line === '' && kept[kept.length - 1] === '') return;
    kept.push(line);
  });
  return kept;
}

/**
 * The outline: each item starts at its passage. An item that would go back in time once its
 * citation is checked is left out, and counted as dropped.
 */
function outlineEntry(output: ModeOutput<'timestamped'>, sent: SentPassages, videoUrl: string, language: string): CitedEntry {
  const proposed = output.items.map((item) => ({ text: `${item.title.trim()}: ${item.summary.trim()}`, passage: item.passage }));
  const { points: checked, checks } = checkCitations(proposed, sent, language);
  const items: TimestampedItem[] = [];
  const points: SummaryPoint[] = [];
  checked.forEach((cited, i) => {
    const item = output.items[i]!;
    if (!cited) return;
    if (items.length > 0 && cited.passage.start <= items[items.length - 1]!.start) {
      checks.dropped += 1;
      return;
    }
    items.push({ start: cited.passage.start, timestamp: formatTimestamp(cited.passage.start), title: item.title.trim(), summary: item.summary.trim() });
    points.push(pointAt(videoUrl, cited.text, cited.passage.start, cited.passage.end));
  });
  if (items.length === 0) throw new ModelFailure('The model placed every outline item outside the passages it was given', 'invalid_output');
  const content = items
    .map((item, i) => `- **${momentLink(points[i]!)}** ${escapeMarkdown(item.title)} — ${escapeMarkdown(item.summary)}`)
    .join('\n');
  return { entry: { mode: 'timestamped', content, points, items }, checks };
}
