/**
 * GET /api/v1/videos/transcript/{job_id}?format=… and GET /api/v1/videos/export/{job_id}/markdown:
 * a completed job's transcript, and the whole job as Markdown, as files to download (every plan).
 */
import { z } from 'zod';
import { INFOGRAPHIC_PNG } from '../../../artifacts/artifact-store';
import { infographicUrl } from '../../../jobs/api-views';
import { markdownExport } from '../../../jobs/markdown-export';
import type { JobServices } from '../../../jobs/services';
import { CONTENT_TYPES, TRANSCRIPT_FORMATS, transcriptDownload, type Download } from '../../../jobs/transcript-downloads';
import { contentDisposition } from '../../../pdf/file-name';
import { loadOneJobResultParts } from '../../../storage/repositories/job-results';
import type { JobRow } from '../../../storage/schema';
import { notFound } from '../../../domain/errors';
import { defineRoute, keyWith } from '../../route';
import { refusal } from '../../standard-responses';
import { ownJob } from '../resources';
import { NOT_COMPLETED, assertCompleted } from './result';

/** A file the caller saves: its type, and a name made from the video's title. */
function attachment(job: JobRow, file: Download) {
  return {
    body: Buffer.from(file.body, 'utf8'),
    contentType: file.contentType,
    headers: {
      'Content-Disposition': contentDisposition(job.video_info?.title, job.id, file.extension),
      'Cache-Control': 'private, no-cache',
      'X-Content-Type-Options': 'nosniff',
    },
  };
}

export const transcriptDownloadRoute = (services: JobServices) =>
  defineRoute({
    method: 'get',
    path: '/api/v1/videos/transcript/:job_id',
    summary: "A completed job's transcript as a file",
    description:
      'The transcript as an attachment named after the video title: `txt` (text/plain, the default), `srt` ' +
      '(application/x-subrip), `vtt` (text/vtt), `json` (application/json: the segments with the language and source) ' +
      'or `md` (text/markdown: paragraphs, each opened by its time linked to that moment). SRT and WebVTT cues have ' +
      'at most two lines of at most 42 characters, never overlap, and split long caption segments at word boundaries. ' +
      'Every plan.',
    auth: keyWith('read'),
    request: { query: z.object({ format: z.enum(TRANSCRIPT_FORMATS).default('txt') }) },
    resource: ownJob(services),
    responses: {
      200: { description: 'The transcript file, with Content-Disposition', contentType: 'text/plain' },
      409: NOT_COMPLETED,
      422: refusal('VALIDATION_ERROR (format)'),
    },
    async handler({ resource: job, query }) {
      assertCompleted(job);
      const { transcript } = await loadOneJobResultParts(services.db, job.id);
      if (!transcript) throw notFound('Transcript');
      return attachment(job, transcriptDownload(job, transcript, query.format));
    },
  });

export const markdownExportRoute = (services: JobServices) =>
  defineRoute({
    method: 'get',
    path: '/api/v1/videos/export/:job_id/markdown',
    summary: 'A completed job as a Markdown document',
    description:
      'Answers `text/markdown` as an attachment named after the video title, ready to paste into a notes app: a ' +
      'title block (title, channel, URL, duration, published date, language), each summary the job has with the ' +
      '`[m:ss](url)` link of every point, the infographic URL when there is one, then the transcript with a linked ' +
      'timestamp per paragraph. Every plan.',
    auth: keyWith('read'),
    resource: ownJob(services),
    responses: {
      200: { description: 'The Markdown document, with Content-Disposition', contentType: 'text/markdown' },
      409: NOT_COMPLETED,
    },
    async handler({ resource: job }) {
      assertCompleted(job);
      const parts = await loadOneJobResultParts(services.db, job.id);
      const body = markdownExport({
        job,
        transcript: parts.transcript,
        summaries: parts.summaries,
        infographicUrl: parts.artifacts.has(INFOGRAPHIC_PNG) ? infographicUrl(services.config.http.publicBaseUrl, job.id) : null,
      });
      return attachment(job, { body, contentType: CONTENT_TYPES.md, extension: 'md' });
    },
  });
