/**
 * Summaries are written on worker threads. The extractive analysis of a long transcript is seconds
 * of CPU, and `npm start` runs the API in the same process as the activities: on the main thread
 * it would stall every request for that long.
 */
import os from 'node:os';
import path from 'node:path';
import { Piscina } from 'piscina';
import { MessageChannel } from 'node:worker_threads';
import type { ModelCallCache } from './llm/call-cache';
import { serveModelCallCache } from './llm/call-cache';
import type { SummaryEngineConfig, SummaryTask, SummaryTaskResult } from './thread/summary-task';

export type SummaryJob = Omit<SummaryTask, 'provider' | 'cachePort'>;
export type SummaryRun = SummaryTaskResult;

export interface SummaryPoolStats {
  /** Jobs (sets of modes) summarized. */
  runs: number;
  /** Whole-transcript analyses made for them. */
  analyses: number;
}

export interface SummaryPool {
  /**
   * Writes every mode of `job` on a thread; `signal` abandons it (the thread is replaced). A model
   * engine reaches `cache` (the model call cache) through a message port.
   */
  summarize(job: SummaryJob, options?: { signal?: AbortSignal; cache?: ModelCallCache; engine?: SummaryEngineConfig }): Promise<SummaryRun>;
  /** The engine this pool's threads use unless a job names another (the fallback). */
  readonly engine: SummaryEngineConfig;
  stats(): SummaryPoolStats;
  /** Waits for running jobs, then stops the threads. */
  close(): Promise<void>;
}

export interface SummaryPoolOptions {
  provider: SummaryEngineConfig;
  /** Default: one core left for the event loop, at most four threads. */
  maxThreads?: number;
  /** Idle threads exit after this long, so an idle service holds no analysis heap. */
  idleTimeoutMs?: number;
}

const THREAD_ENTRY = path.join(__dirname, 'thread', 'summary-thread.js');

export function createSummaryPool(options: SummaryPoolOptions): SummaryPool {
  const pool = new Piscina<SummaryTask, SummaryTaskResult>({
    filename: THREAD_ENTRY,
    minThreads: 0,
    maxThreads: options.maxThreads ?? Math.max(1, Math.min(4, os.availableParallelism() - 1)),
    idleTimeout: options.idleTimeoutMs ?? 60_000,
    // Below the event loop's priority (Linux): when the cores are busy, requests are served first.
    niceIncrement: 10,
    // Piscina's run and wait time histograms are never read: no recording them at every task.
    recordTiming: false,
  });
  const totals: SummaryPoolStats = { runs: 0, analyses: 0 };
  let closing: Promise<void> | null = null;
  return {
    engine: options.provider,
    async summarize(job, { signal, cache, engine = options.provider } = {}) {
      let result: SummaryTaskResult;
      if (engine.provider === 'extractive') {
        result = await pool.run({ ...job, provider: engine }, { signal: signal ?? null });
      } else {
        if (!cache) throw new Error('a model engine needs the model call cache');
        const channel = new MessageChannel();
        serveModelCallCache(channel.port1, cache);
        try {
          result = await pool.run({ ...job, provider: engine, cachePort: channel.port2 }, { signal: signal ?? null, transferList: [channel.port2] });
        } finally {
          channel.port1.close();
        }
      }
      totals.runs += 1;
      totals.analyses += result.analyses;
      return result;
    },
    stats: () => ({ ...totals }),
    close() {
      closing ??= pool.close();
      return closing;
    },
  };
}
