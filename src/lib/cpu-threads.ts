/**
 * A pool of threads for CPU-heavy work the event loop must not do (infographics, PDF exports,
 * large caption tracks): no thread while idle, so an idle service holds no heap for it, and
 * threads below the event loop's priority (Linux), so when the cores are busy requests are
 * served first.
 */
import { Piscina } from 'piscina';
import { threadModule } from './thread-module';

/** How many threads a pool may hold, and how soon an idle one exits. */
export interface ThreadPoolSize {
  /** Default 1; tasks beyond the threads queue. */
  maxThreads?: number;
  /** An idle thread exits after this long, so an idle service holds no heap for it. Default 60 s. */
  idleTimeoutMs?: number;
}

export interface CpuThreadOptions extends ThreadPoolSize {
  /** The task's module, its path without the extension (src/lib/thread-module.ts). */
  module: string;
  /** The function of that module each task runs. */
  name: string;
}

export interface CpuThreads<Task, Result> {
  run(task: Task, options?: { signal?: AbortSignal }): Promise<Result>;
  /** Waits for running tasks, then stops the threads; once, however often it is called. */
  close(): Promise<void>;
}

export function createCpuThreads<Task, Result>(options: CpuThreadOptions): CpuThreads<Task, Result> {
  const entry = threadModule(options.module);
  const pool = new Piscina<Task, Result>({
    filename: entry.filename,
    name: options.name,
    execArgv: entry.execArgv,
    minThreads: 0,
    maxThreads: options.maxThreads ?? 1,
    idleTimeout: options.idleTimeoutMs ?? 60_000,
    niceIncrement: 10,
    // Piscina's run and wait time histograms are never read: no recording them at every task.
    recordTiming: false,
  });
  let closing: Promise<void> | null = null;
  return {
    run: (task, { signal } = {}) => pool.run(task, { signal: signal ?? null }),
    close() {
      closing ??= pool.close();
      return closing;
    },
  };
}
