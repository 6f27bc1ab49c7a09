/** GET /api/v1/videos/export/{job_id}/pdf: a completed job as a PDF download (Pro/Admin). */
import { defineRoute, keyWith } from '../../route';
import type { JobServices } from '../../../jobs/services';
import type { PdfExports } from '../../../jobs/pdf-exports';
import { contentDisposition } from '../../../pdf/file-name';
import { PDF_EXPORT } from '../plan-gates';
import { ownJob } from '../resources';
import { NOT_COMPLETED, assertCompleted } from './result';

export const exportPdfRoute = (services: JobServices & { pdfExports: PdfExports }) =>
  defineRoute({
    method: 'get',
    path: '/api/v1/videos/export/:job_id/pdf',
    summary: 'A completed job as a PDF document',
    description:
      'Answers `application/pdf` as an attachment (`Content-Disposition: attachment; filename="<title>.pdf"`, ' +
      'the title in ASCII, or the job id when none of it is; `filename*` carries the Unicode title). ' +
      'The document has a title block (title, channel, duration, published date, URL, language, transcript source, ' +
      'processing time), the job\'s infographic on a page of its own when it has one, each summary the job has in the order tldr, detailed, study_notes, timestamped, key_insights, ' +
      "the video's chapters, and the transcript as an appendix in timestamped paragraphs (at most about 2 million " +
      'characters of it; the document says so when it is cut). Pro and Admin plans only.',
    auth: keyWith('read'),
    feature: PDF_EXPORT,
    resource: ownJob(services),
    // Rendering a long transcript takes seconds, and an export may queue behind others for a slot.
    deadline: (standardMs) => standardMs * 4,
    responses: {
      200: { description: 'The PDF file, with Content-Disposition and Content-Length', contentType: 'application/pdf' },
      409: NOT_COMPLETED,
    },
    async handler({ resource: job, principal }) {
      assertCompleted(job);
      const pdf = await services.pdfExports.pdfFor(job, principal.userId);
      return {
        body: pdf,
        contentType: 'application/pdf',
        headers: {
          'Content-Disposition': contentDisposition(job.video_info?.title, job.id),
          'Content-Length': String(pdf.length),
          'Cache-Control': 'private, no-cache',
        },
      };
    },
  });
