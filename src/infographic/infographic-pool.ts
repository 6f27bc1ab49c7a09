/**
 * Infographics are rendered on a worker thread: satori's layout and resvg's rasterising are tens
 * of milliseconds of CPU each, which on the main thread would stall every request the process
 * serves meanwhile. One thread is enough for one image per job; requests beyond it queue.
 */
import path from 'node:path';
import { createCpuThreads, type ThreadPoolSize } from '../lib/cpu-threads';
import type { InfographicData } from './infographic-data';
import type { RenderedInfographic } from './render-infographic';
import type { InfographicTaskResult } from './thread/infographic-task';

/** One thread by default: one image per job. */
export type InfographicRendererOptions = ThreadPoolSize;

const THREAD_MODULE = path.join(__dirname, 'thread', 'infographic-task');

/** Renders on the thread; `signal` abandons a render (the thread is replaced). `close` waits for running renders, then stops the thread. */
export type InfographicRenderer = ReturnType<typeof createInfographicRenderer>;

export function createInfographicRenderer(options: InfographicRendererOptions = {}) {
  const threads = createCpuThreads<InfographicData, InfographicTaskResult>({ module: THREAD_MODULE, name: 'renderInfographicTask', ...options });
  return {
    async render(data: InfographicData, { signal }: { signal?: AbortSignal } = {}): Promise<RenderedInfographic> {
      const { svg, png } = await threads.run(data, { signal });
      // The moved memory becomes a Buffer without another copy.
      return { svg, png: Buffer.from(png.buffer, png.byteOffset, png.byteLength) };
    },
    close: (): Promise<void> => threads.close(),
  };
}
