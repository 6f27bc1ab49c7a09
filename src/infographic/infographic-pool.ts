/**
 * Infographics are rendered on a worker thread: satori's layout and resvg's rasterising are tens
 * of milliseconds of CPU each, which on the main thread would stall every request the process
 * serves meanwhile. One thread is enough for one image per job; requests beyond it queue.
 */
import path from 'node:path';
import { createCpuThreads } from '../lib/cpu-threads';
import type { InfographicData } from './infographic-data';
import type { RenderedInfographic } from './render-infographic';
import type { InfographicTaskResult } from './thread/infographic-task';

export interface InfographicRenderer {
  /** Renders on the thread; `signal` abandons the render (the thread is replaced). */
  render(data: InfographicData, options?: { signal?: AbortSignal }): Promise<RenderedInfographic>;
  /** Waits for running renders, then stops the thread. */
  close(): Promise<void>;
}

export interface InfographicRendererOptions {
  /** Default 1. */
  maxThreads?: number;
  /** An idle thread exits after this long, so an idle service holds no fonts or renderer heap. Default 60 s. */
  idleTimeoutMs?: number;
}

const THREAD_MODULE = path.join(__dirname, 'thread', 'infographic-task');

export function createInfographicRenderer(options: InfographicRendererOptions = {}): InfographicRenderer {
  const threads = createCpuThreads<InfographicData, InfographicTaskResult>({ module: THREAD_MODULE, name: 'renderInfographicTask', ...options });
  return {
    async render(data, { signal } = {}) {
      const { svg, png } = await threads.run(data, { signal });
      // The moved memory becomes a Buffer without another copy.
      return { svg, png: Buffer.from(png.buffer, png.byteOffset, png.byteLength) };
    },
    close: () => threads.close(),
  };
}
