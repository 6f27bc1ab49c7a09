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
import { threadModule } from '../lib/thread-module';
import type { SummaryEngineConfig, SummaryTask, SummaryTaskResult } from './thread/summary-task';

export type SummaryJob = Omit<SummaryTask, 'provider' | 'cachePort'>;
export type SummaryRun = SummaryTaskResult;

export interface SummaryPoolStats {
  /** Jobs (sets of modes) summarized. */
  runs: number;
  /** Whole-transcript analyses made for them. */
  analyses: number;
  /** Of those jobs, the ones with a long transcript, each on a thread of its own. */
  longRuns: number;
  /** Threads alive now, idle or not. */
  threads: number;
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
  /**
   * Transcripts of at least this many characters of JSON are summarized on a thread that exits
   * after the job. Default 2 Mi.
   */
  longTranscriptLength?: number;
}

const THREAD_ENTRY = threadModule(path.join(__dirname, 'thread', 'summary-task'));
const DEFAULT_LONG_TRANSCRIPT_LENGTH = 2 * 1024 * 1024;

/**
 * Two sets of threads. Most jobs go to threads kept for a while, which stay warm. A long
 * transcript's analysis grows a thread's heap many times over the size of its text, and an idle
 * thread keeps that heap: kept for the next job, it would sit beside that job's caption parsing
 * and take a plain `npm start` to the edge of its memory target. So a long transcript gets a
 * thread of its own, which exits when done. Its cold start costs that job time the first such
 * job pays anyway.
 */
export function createSummaryPool(options: SummaryPoolOptions): SummaryPool {
  const threadsFor = (idleTimeout: number) =>
    new Piscina<SummaryTask, SummaryTaskResult>({
      filename: THREAD_ENTRY.filename,
      name: 'runSummaryTask',
      execArgv: THREAD_ENTRY.execArgv,
      minThreads: 0,
      maxThreads: options.maxThreads ?? Math.max(1, Math.min(4, os.availableParallelism() - 1)),
      idleTimeout,
      // Below the event loop's priority (Linux): when the cores are busy, requests are served first.
      niceIncrement: 10,
      // Piscina's run and wait time histograms are never read: no recording them at every task.
      recordTiming: false,
    });
  const kept = threadsFor(options.idleTimeoutMs ?? 60_000);
  const oneOff = threadsFor(0);
  const longTranscriptLength = options.longTranscriptLength ?? DEFAULT_LONG_TRANSCRIPT_LENGTH;
  const totals = { runs: 0, analyses: 0, longRuns: 0 };
  let closing: Promise<void> | null = null;
  return {
    engine: options.provider,
    async summarize(job, { signal, cache, engine = options.provider } = {}) {
      const long = job.transcriptJson.length >= longTranscriptLength;
      const pool = long ? oneOff : kept;
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
      if (long) totals.longRuns += 1;
      return result;
    },
    stats: () => ({ ...totals, threads: kept.threads.length + oneOff.threads.length }),
    close() {
      closing ??= Promise.all([kept.close(), oneOff.close()]).then(() => undefined);
      return closing;
    },
  };
}
