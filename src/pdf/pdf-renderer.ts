/**
 * PDF exports are laid out on a worker thread: a long transcript is seconds of pdfkit CPU, which on
 * the main thread would stall every request the process serves meanwhile (four long exports at
 * once once held /health for most of a second). Renders beyond the threads queue in the pool.
 */
import path from 'node:path';
import { createCpuThreads, type ThreadPoolSize } from '../lib/cpu-threads';
import type { PdfTask } from './thread/pdf-task';

/** `close` waits for running renders, then stops the threads. */
export type PdfRenderer = ReturnType<typeof createPdfRenderer>;

/** One thread by default: exports are occasional, and the cores belong to requests first. */
export function createPdfRenderer(size: ThreadPoolSize = {}) {
  const threads = createCpuThreads<PdfTask, Uint8Array>({ module: path.join(__dirname, 'thread', 'pdf-task'), name: 'renderPdfTask', ...size });
  // Sent by copy: the PNG may be a slice of Node's shared buffer pool, which must not be detached.
  const render = async (task: PdfTask): Promise<Buffer> => {
    const pdf = await threads.run(task);
    return Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength);
  };
  return { render, close: (): Promise<void> => threads.close() };
}
