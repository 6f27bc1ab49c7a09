/**
 * The PDF export of a completed job (GET /api/v1/videos/export/{job_id}/pdf):
 *
 *  1. a title block: video title, channel, then duration, published date, URL, language,
 *     transcript source, processing time, job id and any warnings of the job;
 *  1b. the job's infographic (a PNG), on a page of its own, when the job has one;
 *  2. each summary in the fixed mode order (tldr, detailed, study_notes, timestamped,
 *     key_insights) under its own heading: Markdown content drawn as headings, lists and emphasis;
 *     the timestamped outline as a timestamp column beside titles and summaries; key insights as
 *     bullets;
 *  3. the video's chapters, when it has any;
 *  4. the transcript as an appendix, on a new page: segments grouped into paragraphs of about 30 to
 *     60 seconds, each with its start time.
 *
 * Every page has a footer with the title and the page number; the document carries Title, Author
 * (the channel), Subject, Keywords and CreationDate. The appendix stops after
 * MAX_APPENDIX_CHARS characters of transcript and says so (docs/api-guide.md#pdf-export): a multi-thousand-page PDF
 * helps nobody, and the full text is always in the result record.
 */
import type { SummaryEntry, SummaryMode } from '../domain/summary';
import { SUMMARY_MODES, formatTimestamp } from '../domain/summary';
import type { TranscriptSegment, TranscriptSource } from '../domain/transcript';
import type { Chapter } from '../domain/video';
import { renderMarkdown } from './markdown';
import { BODY_SIZE, COLORS, PdfWriter } from './pdf-writer';
import { transcriptParagraphs } from './transcript-paragraphs';

/** About 600 A4 pages of transcript. Longer transcripts are cut in the appendix, with a note. */
export const MAX_APPENDIX_CHARS = 2_000_000;

export interface JobPdfInput {
  jobId: string;
  video: {
    videoId: string;
    url: string;
    title: string | null;
    channel: string | null;
    durationSeconds: number | null;
    publishedAt: string | null;
    language: string | null;
    chapters: readonly Chapter[];
  };
  transcript: {
    language: string;
    source: TranscriptSource;
    translated: boolean;
    segments: readonly TranscriptSegment[];
    /** Cut at processing time by options.max_transcript_length. */
    truncated: boolean;
    wordCount: number;
  } | null;
  /** In any order; drawn in SUMMARY_MODES order. */
  summaries: readonly SummaryEntry[];
  processingTime: number | null;
  completedAt: Date | null;
  warnings: readonly { code: string; message: string }[];
  /** Where the full result can be read, for the note on a cut appendix. */
  resultUrl?: string;
  /** The infographic's PNG when the job drew one. */
  infographicPng?: Buffer | null;
}

export interface JobPdfOptions {
  maxAppendixChars?: number;
  /** CreationDate of the document; now by default. */
  now?: Date;
}

export const MODE_TITLES: Record<SummaryMode, string> = {
  tldr: 'TL;DR',
  detailed: 'Detailed summary',
  study_notes: 'Study notes',
  timestamped: 'Timestamped outline',
  key_insights: 'Key insights',
};

const SOURCE_LABELS: Record<TranscriptSource, string> = {
  captions_manual: 'Captions by the creator',
  captions_auto: 'Automatic captions',
  speech_to_text: 'Speech to text',
};

const SECTION_SIZE = 16;
const TRANSCRIPT_SIZE = 9.5;
/** Wide enough for "10:00:00" in bold. */
const TIMESTAMP_COLUMN = 60;
/** Paragraphs drawn between two pauses that let other requests run. */
const PARAGRAPHS_PER_SLICE = 40;

export async function renderJobPdf(input: JobPdfInput, options: JobPdfOptions = {}): Promise<Buffer> {
  const title = input.video.title?.trim() || `Video ${input.video.videoId}`;
  const modes = SUMMARY_MODES.filter((mode) => input.summaries.some((s) => s.mode === mode));
  const writer = new PdfWriter({
    footerLabel: title,
    lang: input.transcript?.language ?? input.video.language ?? undefined,
    info: {
      Title: title,
      Author: input.video.channel ?? undefined,
      Subject: `Transcript and summaries of ${input.video.url}`,
      Keywords: ['video summary', 'transcript', ...modes.map((m) => MODE_TITLES[m])].join(', '),
      CreationDate: options.now ?? new Date(),
      Creator: 'Video Digest',
    },
  });

  titleBlock(writer, input, title, modes);
  if (input.infographicPng) writer.imagePage(input.infographicPng);
  for (const mode of modes) {
    summarySection(writer, input.summaries.find((s) => s.mode === mode)!);
    await writer.breathe();
  }
  if (input.video.chapters.length > 0) chaptersSection(writer, input.video.chapters);
  await transcriptAppendix(writer, input, options.maxAppendixChars ?? MAX_APPENDIX_CHARS);
  return writer.finish();
}

function titleBlock(writer: PdfWriter, input: JobPdfInput, title: string, modes: SummaryMode[]): void {
  const { video, transcript } = input;
  writer.paragraph('VIDEO SUMMARY', { size: 8.5, color: COLORS.muted, bold: true, after: 4 });
  writer.paragraph(title, { size: 20, bold: true, after: 4 });
  if (video.channel) writer.paragraph(video.channel, { size: 12.5, color: COLORS.muted, after: 8 });
  writer.rule();

  const rows: [string, string, string?][] = [];
  if (video.channel) rows.push(['Channel', video.channel]);
  rows.push(['Duration', video.durationSeconds !== null ? formatTimestamp(video.durationSeconds) : 'unknown']);
  if (video.publishedAt) rows.push(['Published', formatDate(video.publishedAt)]);
  rows.push(['URL', video.url, video.url]);
  const language = transcript?.language ?? video.language;
  if (language) rows.push(['Language', languageName(language)]);
  if (transcript) {
    const parts = [SOURCE_LABELS[transcript.source] ?? transcript.source];
    if (transcript.translated) parts.push('machine-translated');
    parts.push(`${transcript.wordCount.toLocaleString('en-US')} words`);
    if (transcript.truncated) parts.push('cut to the requested maximum length');
    rows.push(['Transcript', parts.join(', ')]);
  }
  if (input.processingTime !== null) rows.push(['Processing time', formatDuration(input.processingTime)]);
  if (input.completedAt) rows.push(['Completed', `${input.completedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`]);
  rows.push(['Summaries', modes.length > 0 ? modes.map((m) => MODE_TITLES[m]).join(', ') : 'none']);
  rows.push(['Job', input.jobId]);

  for (const [label, value, link] of rows) {
    writer.columns(label, 100, (x, width) => writer.runs([{ text: value, link }], { x, width, after: 3 }), { size: 10 });
  }
  if (input.warnings.length > 0) {
    writer.space(4);
    for (const warning of input.warnings) {
      writer.columns('Note', 100, (x, width) => writer.runs([{ text: warning.message }], { x, width, color: COLORS.muted, after: 3 }), { size: 10 });
    }
  }
  writer.rule();
}

function summarySection(writer: PdfWriter, entry: SummaryEntry): void {
  writer.heading(MODE_TITLES[entry.mode], { size: SECTION_SIZE, color: COLORS.accent, before: 18, after: 2, rule: true });
  writer.doc.outline.addItem(MODE_TITLES[entry.mode]);
  writer.paragraph(`Written by ${entry.generator.engine} (${entry.generator.model})`, { size: 8, color: COLORS.muted, italic: true, after: 8 });

  if (entry.mode === 'timestamped' && entry.items.length > 0) {
    for (const item of entry.items) {
      writer.columns(item.timestamp, TIMESTAMP_COLUMN, (x, width) => {
        writer.runs([{ text: item.title, bold: true }], { x, width, after: item.summary ? 1 : 7 });
        if (item.summary) writer.runs([{ text: item.summary }], { x, width, after: 7 });
      }, { labelColor: COLORS.accent });
    }
    return;
  }
  if (entry.mode === 'key_insights' && entry.insights.length > 0) {
    for (const insight of entry.insights) {
      writer.columns('•', 16, (x, width) => writer.runs([{ text: insight }], { x, width, after: 5 }), { labelColor: COLORS.accent, labelStyle: 'regular' });
    }
    return;
  }
  renderMarkdown(writer, entry.content);
}

function chaptersSection(writer: PdfWriter, chapters: readonly Chapter[]): void {
  writer.heading('Chapters', { size: SECTION_SIZE, color: COLORS.accent, before: 18, after: 8, rule: true });
  writer.doc.outline.addItem('Chapters');
  for (const chapter of chapters) {
    writer.columns(formatTimestamp(chapter.start), TIMESTAMP_COLUMN, (x, width) => writer.runs([{ text: chapter.title }], { x, width, after: 3 }), {
      labelColor: COLORS.accent,
    });
  }
}

async function transcriptAppendix(writer: PdfWriter, input: JobPdfInput, maxChars: number): Promise<void> {
  writer.newPage();
  writer.heading('Appendix: Transcript', { size: SECTION_SIZE, color: COLORS.accent, after: 4, rule: true });
  writer.doc.outline.addItem('Appendix: Transcript');
  const { transcript } = input;
  if (!transcript || transcript.segments.length === 0) {
    writer.paragraph('This job has no transcript.', { color: COLORS.muted });
    return;
  }
  const total = transcript.segments.reduce((sum, s) => sum + s.text.length + 1, 0);
  const notes = [
    `${SOURCE_LABELS[transcript.source] ?? transcript.source}, ${languageName(transcript.language)}${transcript.translated ? ' (machine-translated)' : ''}. Each paragraph starts with its time in the video.`,
  ];
  if (transcript.truncated) notes.push('The transcript was cut to the maximum length requested for this job.');
  if (total > maxChars) {
    notes.push(
      `This appendix shows ${formatChars(maxChars, false)} of the transcript's ${formatChars(total)}; ` +
        `the full transcript is in the job result${input.resultUrl ? ` (${input.resultUrl})` : ''}.`,
    );
  }
  writer.paragraph(notes.join(' '), { size: 8.5, color: COLORS.muted, italic: true, after: 10 });

  let written = 0;
  let count = 0;
  let cutAt: number | null = null;
  for (const paragraph of transcriptParagraphs(transcript.segments)) {
    if (written + paragraph.text.length > maxChars) {
      cutAt = paragraph.start;
      break;
    }
    writer.columns(formatTimestamp(paragraph.start), TIMESTAMP_COLUMN - 6, (x, width) =>
      writer.runs([{ text: paragraph.text }], { x, width, size: TRANSCRIPT_SIZE, after: 6 }), { size: TRANSCRIPT_SIZE, labelColor: COLORS.accent },
    );
    written += paragraph.text.length + 1;
    if (++count % PARAGRAPHS_PER_SLICE === 0) await writer.breathe();
  }
  if (cutAt !== null) {
    writer.space(6);
    writer.paragraph(
      `[The appendix stops here, at ${formatTimestamp(cutAt)}: the PDF export includes at most ${formatChars(maxChars)} of transcript text. ` +
        `The full transcript is in the job result.]`,
      { size: BODY_SIZE - 1, color: COLORS.muted, italic: true },
    );
  }
}

function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toISOString().slice(0, 10);
}

function formatDuration(seconds: number): string {
  if (seconds < 60) return `${seconds.toFixed(1)} s`;
  const m = Math.floor(seconds / 60);
  const s = Math.round(seconds % 60);
  return `${m} min ${s} s`;
}

function formatChars(chars: number, unit = true): string {
  const amount = chars >= 1_000_000 ? `${(chars / 1_000_000).toFixed(1)} million` : chars.toLocaleString('en-US');
  return unit ? `${amount} characters` : amount;
}

const languageNames = (() => {
  try {
    return new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' });
  } catch {
    return null;
  }
})();

/** "German (de)"; the bare code when the runtime does not know it. */
export function languageName(code: string): string {
  try {
    const name = languageNames?.of(code);
    return name && name !== code ? `${name} (${code})` : code;
  } catch {
    return code;
  }
}
