/**
 * What the export thread does for one job: parse its transcript, lay out the PDF, and hand the
 * bytes back by moving their memory to the calling thread rather than copying them. The
 * transcript arrives as JSON text so that neither its parsing nor a structured clone of its
 * segments happens on the event loop that serves requests.
 */
import { move, transferableSymbol, valueSymbol } from 'piscina';
import type { SummaryEntry, SummaryMode } from '../../domain/summary';
import type { JobRow } from '../../storage/schema';
import { jobPdfInput } from '../job-pdf-input';
import { renderJobPdf } from '../job-pdf';

export interface PdfTask {
  job: JobRow;
  transcript: { json: string; truncated: boolean; wordCount: number } | null;
  summaries: SummaryEntry[];
  resultUrl: string;
  infographicPng: Uint8Array | null;
}

export async function renderPdfTask(task: PdfTask): Promise<unknown> {
  const transcript = task.transcript
    ? { job_id: task.job.id, transcript: JSON.parse(task.transcript.json), truncated: task.transcript.truncated, word_count: task.transcript.wordCount }
    : undefined;
  const summaries = new Map<SummaryMode, SummaryEntry>(task.summaries.map((entry) => [entry.mode, entry]));
  const png = task.infographicPng ? Buffer.from(task.infographicPng.buffer, task.infographicPng.byteOffset, task.infographicPng.byteLength) : null;
  const pdf = await renderJobPdf(jobPdfInput(task.job, transcript, summaries, task.resultUrl, png));
  // pdfkit's chunks were concatenated into a pooled or larger buffer: copy once into memory of its own to move it.
  const owned = new Uint8Array(pdf.byteLength);
  owned.set(pdf);
  return move({ [transferableSymbol]: [owned.buffer], [valueSymbol]: owned });
}
