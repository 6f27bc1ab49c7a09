/**
 * PDF exports are laid out on a worker thread: a long transcript is seconds of pdfkit CPU, which on
 * the main thread would stall every request the process serves meanwhile (four long exports at
 * once once held /health for most of a second). Renders beyond the threads queue in the pool.
 */
import path from 'node:path';
import { createCpuThreads } from '../lib/cpu-threads';
import type { PdfTask } from './thread/pdf-task';

export interface PdfRenderer {
  render(task: PdfTask): Promise<Buffer>;
  /** Waits for running renders, then stops the threads. */
  close(): Promise<void>;
}

export interface PdfRendererOptions {
  /** Default 1: exports are occasional, and the cores belong to requests first. */
  maxThreads?: number;
  /** An idle thread exits after this long, so a service that is not exporting holds no pdfkit heap. Default 60 s. */
  idleTimeoutMs?: number;
}

const THREAD_MODULE = path.join(__dirname, 'thread', 'pdf-task');

export function createPdfRenderer(options: PdfRendererOptions = {}): PdfRenderer {
  const threads = createCpuThreads<PdfTask, Uint8Array>({ module: THREAD_MODULE, name: 'renderPdfTask', ...options });
  return {
    async render(task) {
      // Sent by copy: the PNG may be a slice of Node's shared buffer pool, which must not be detached.
      const pdf = await threads.run(task);
      return Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength);
    },
    close: () => threads.close(),
  };
}
