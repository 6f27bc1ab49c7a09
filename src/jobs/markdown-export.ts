/**
 * A completed job as one Markdown document to paste into a notes app (Obsidian, Notion): a title
 * block, each summary with its citation links, the infographic's address when there is one, then
 * the transcript with a linked timestamp per paragraph (docs/citations.md#markdown-export).
 */
import { SUMMARY_MODES, type SummaryEntry, type SummaryMode } from '../domain/summary';
import { MODE_TITLES } from '../pdf';
import type { JobRow } from '../storage/schema';
import { escapeMarkdown } from '../summaries/text/markdown';
import { durationText, markdownTranscript, type StoredTranscript } from './transcript-downloads';

export interface MarkdownExportInput {
  job: JobRow;
  transcript: StoredTranscript | undefined;
  summaries: ReadonlyMap<SummaryMode, SummaryEntry>;
  infographicUrl: string | null;
}

export function markdownExport({ job, transcript, summaries, infographicUrl }: MarkdownExportInput): string {
  const video = job.video_info;
  const facts: [string, string | null][] = [
    ['Channel', video?.channel ? escapeMarkdown(video.channel) : null],
    ['Video', `<${job.video_url}>`],
    ['Duration', durationText(video?.durationSeconds)],
    ['Published', video?.publishedAt ? video.publishedAt.slice(0, 10) : null],
    ['Language', transcript?.transcript.language ?? video?.language ?? null],
  ];
  const parts = [
    `# ${escapeMarkdown(video?.title ?? job.video_id)}`,
    facts.flatMap(([label, value]) => (value ? [`- **${label}:** ${value}`] : [])).join('\n'),
  ];
  for (const mode of SUMMARY_MODES) {
    const entry = summaries.get(mode);
    if (entry) parts.push(`## ${MODE_TITLES[mode]}`, nested(entry.content));
  }
  if (infographicUrl) parts.push('## Infographic', `<${infographicUrl}>`);
  if (transcript) parts.push('## Transcript', markdownTranscript(job.video_url, transcript.transcript.segments).trimEnd());
  return `${parts.join('\n\n')}\n`;
}

/** A summary's own headings one level below the export's section for it. */
function nested(content: string): string {
  return content.replace(/^(#{1,5}) /gm, '#$1 ');
}
