/**
 * A completed job's transcript as a file to download (docs/citations.md#transcript-downloads):
 * plain text, SubRip, WebVTT, JSON or Markdown, each with its content type and file extension.
 */
import { momentLink, momentUrl } from '../domain/citations';
import { formatTimestamp } from '../domain/summary';
import { transcriptText, type TranscriptSegment } from '../domain/transcript';
import { transcriptParagraphs } from '../pdf/transcript-paragraphs';
import type { JobTranscriptsTable, JobRow } from '../storage/schema';
import { escapeMarkdown } from '../summaries/text/markdown';
import { srtFile, vttFile } from '../transcripts/caption-files';
import type { Selectable } from 'kysely';

export const TRANSCRIPT_FORMATS = ['txt', 'srt', 'vtt', 'json', 'md'] as const;
export type TranscriptFormat = (typeof TRANSCRIPT_FORMATS)[number];

export const CONTENT_TYPES: Record<TranscriptFormat, string> = {
  txt: 'text/plain; charset=utf-8',
  srt: 'application/x-subrip; charset=utf-8',
  vtt: 'text/vtt; charset=utf-8',
  json: 'application/json; charset=utf-8',
  md: 'text/markdown; charset=utf-8',
};

export interface Download {
  body: string;
  contentType: string;
  /** The file name's extension, without the dot. */
  extension: string;
}

export type StoredTranscript = Selectable<JobTranscriptsTable>;

export function transcriptDownload(job: JobRow, stored: StoredTranscript, format: TranscriptFormat): Download {
  const segments = stored.transcript.segments;
  return { body: transcriptBody(job, stored, format, segments), contentType: CONTENT_TYPES[format], extension: format };
}

function transcriptBody(job: JobRow, stored: StoredTranscript, format: TranscriptFormat, segments: readonly TranscriptSegment[]): string {
  switch (format) {
    case 'txt':
      return `${transcriptText(segments)}\n`;
    case 'srt':
      return srtFile(segments);
    case 'vtt':
      return vttFile(segments);
    case 'json':
      return `${JSON.stringify(
        {
          success: true,
          job_id: job.id,
          video_id: job.video_id,
          title: job.video_info?.title ?? null,
          url: job.video_url,
          language: stored.transcript.language,
          source: stored.transcript.source,
          word_count: stored.word_count,
          truncated: stored.truncated,
          segments,
        },
        null,
        2,
      )}\n`;
    case 'md':
      return `# ${escapeMarkdown(job.video_info?.title ?? job.video_id)}\n\n${markdownTranscript(job.video_url, segments)}`;
  }
}

/** The transcript in paragraphs, each opened by its time, linked to that moment. */
export function markdownTranscript(videoUrl: string, segments: readonly TranscriptSegment[]): string {
  const paragraphs: string[] = [];
  for (const paragraph of transcriptParagraphs(segments)) {
    paragraphs.push(`**${momentLink({ start: paragraph.start, url: momentUrl(videoUrl, paragraph.start) })}** ${escapeMarkdown(paragraph.text)}`);
  }
  return paragraphs.length > 0 ? `${paragraphs.join('\n\n')}\n` : '_The transcript has no text._\n';
}

/** "1:02:03" for a duration in seconds. */
export function durationText(seconds: number | null | undefined): string | null {
  return typeof seconds === 'number' && Number.isFinite(seconds) ? formatTimestamp(seconds) : null;
}
