/**
 * Records API requests without slowing them down: `record` only pushes onto an in-memory buffer;
 * the buffer is written to api_requests in batches (one INSERT, a row per key, route, status and
 * second) every `flushIntervalMs` or as soon as `batchSize` rows are waiting, and once more on close.
 *
 * It never grows without bound and never fails a request:
 * - the buffer holds at most `maxBuffered` rows; past that, new rows are dropped and counted;
 * - at most `maxConcurrentFlushes` writes are in flight, so a slow database does not pile up
 *   connections (rows wait in the bounded buffer instead);
 * - a failed write is logged (at most once per `logEveryMs`) and its rows are counted as lost.
 *   They are not retried: the log is best-effort telemetry, and retrying would let a database
 *   outage fill memory. The quota counter (usage_periods) is the system of record, not this.
 */
import type { Logger } from 'pino';
import type { Db } from '../storage/database';
import { insertApiRequests, type ApiRequestRow } from '../storage/repositories/api-requests';

export type { ApiRequestRow } from '../storage/repositories/api-requests';

export interface UsageRecorderOptions {
  /** Longest a row waits in memory before its batch is written. */
  flushIntervalMs?: number;
  /** Requests per write (one INSERT); a full batch is written at once. */
  batchSize?: number;
  /** Rows held in memory at most (waiting, not counting those being written); the rest are dropped. */
  maxBuffered?: number;
  maxConcurrentFlushes?: number;
  /** Rate limit of the warnings about drops and failed writes. */
  logEveryMs?: number;
  /** The writer; tests and benchmarks may hand in another. */
  write?: (rows: readonly ApiRequestRow[]) => Promise<void>;
}

export interface UsageRecorderStats {
  /** Rows accepted into the buffer. */
  recorded: number;
  /** Rows written to the database. */
  written: number;
  /** Rows refused because the buffer was full. */
  dropped: number;
  /** Rows lost in failed writes. */
  failed: number;
  failedFlushes: number;
  /** Rows waiting in memory now. */
  buffered: number;
  /** Rows being written now. */
  inFlight: number;
}

export interface UsageRecorder {
  /** Buffers one row. Synchronous and never throws. */
  record(row: ApiRequestRow): void;
  /** Writes everything buffered so far and waits for writes already under way. Never throws. */
  flush(): Promise<void>;
  /** Stops the timer and flushes; rows recorded afterwards are dropped. */
  close(): Promise<void>;
  stats(): UsageRecorderStats;
}

export function createUsageRecorder(db: Db, logger: Logger, options: UsageRecorderOptions = {}): UsageRecorder {
  const flushIntervalMs = options.flushIntervalMs ?? 500;
  // A batch becomes a row per key, route, status and second, so its size bounds the wait and the
  // memory of the rows in hand rather than the statement: a busy second is one write, not forty.
  const batchSize = options.batchSize ?? 5_000;
  const maxBuffered = options.maxBuffered ?? 20_000;
  const maxConcurrentFlushes = options.maxConcurrentFlushes ?? 2;
  const logEveryMs = options.logEveryMs ?? 10_000;
  const write = options.write ?? ((rows: readonly ApiRequestRow[]) => insertApiRequests(db, rows));

  let buffer: ApiRequestRow[] = [];
  /** Writes under way, each with the sequence number of its first row. */
  const inFlight = new Map<Promise<void>, number>();
  let inFlightRows = 0;
  /** Rows ever buffered, and rows ever taken from the buffer for a write (FIFO). */
  let pushedSeq = 0;
  let takenSeq = 0;
  let timer: NodeJS.Timeout | null = null;
  let closed = false;
  const counts = { written: 0, dropped: 0, failed: 0, failedFlushes: 0 };
  let lastDropLog = 0;
  let droppedSinceLog = 0;
  let lastFailureLog = 0;

  /** Starts one write of up to batchSize rows from the front of the buffer. */
  const startWrite = (): void => {
    const rows = buffer.length <= batchSize ? buffer : buffer.slice(0, batchSize);
    buffer = rows === buffer ? [] : buffer.slice(batchSize);
    const firstSeq = takenSeq;
    takenSeq += rows.length;
    inFlightRows += rows.length;
    let done: Promise<void>;
    try {
      done = write(rows);
    } catch (error) {
      done = Promise.reject(error);
    }
    const tracked: Promise<void> = done
      .then(
        () => {
          counts.written += rows.length;
        },
        (error: unknown) => {
          counts.failed += rows.length;
          counts.failedFlushes += 1;
          const now = Date.now();
          if (now - lastFailureLog >= logEveryMs) {
            lastFailureLog = now;
            logger.error({ err: error, rows: rows.length, failedRowsTotal: counts.failed }, 'usage recording: a batch of API requests could not be written; it is dropped');
          }
        },
      )
      .finally(() => {
        inFlightRows -= rows.length;
        inFlight.delete(tracked);
        // Rows that waited for a free writer go now if a full batch is ready; otherwise the timer takes them.
        if (buffer.length >= batchSize) pump();
        else schedule();
      });
    inFlight.set(tracked, firstSeq);
  };

  /** Starts writes while a writer is free and there is something to write. */
  const pump = (): void => {
    while (buffer.length > 0 && inFlight.size < maxConcurrentFlushes) startWrite();
  };

  const schedule = (): void => {
    if (timer || closed || buffer.length === 0) return;
    timer = setTimeout(() => {
      timer = null;
      pump();
      schedule();
    }, flushIntervalMs);
    // Recording must never keep a process alive.
    timer.unref();
  };

  /**
   * Writes every row buffered before the call and waits until each is written (or lost). Rows
   * recorded meanwhile are left to the usual schedule, so a flush ends even under steady load.
   */
  const flushUpTo = async (target: number): Promise<void> => {
    for (;;) {
      if (takenSeq < target) {
        if (inFlight.size < maxConcurrentFlushes) startWrite();
        else await Promise.race(inFlight.keys());
        continue;
      }
      const pending = [...inFlight].filter(([, firstSeq]) => firstSeq < target).map(([write]) => write);
      if (pending.length === 0) return;
      await Promise.all(pending);
    }
  };

  return {
    record(row) {
      if (closed || buffer.length >= maxBuffered) {
        counts.dropped += 1;
        droppedSinceLog += 1;
        const now = Date.now();
        if (now - lastDropLog >= logEveryMs) {
          lastDropLog = now;
          logger.warn({ dropped: droppedSinceLog, droppedTotal: counts.dropped, maxBuffered }, closed ? 'usage recording: closed; API requests not recorded' : 'usage recording: buffer full; API requests not recorded');
          droppedSinceLog = 0;
        }
        return;
      }
      buffer.push(row);
      pushedSeq += 1;
      if (buffer.length >= batchSize) pump();
      else schedule();
    },
    async flush() {
      await flushUpTo(pushedSeq);
    },
    async close() {
      closed = true;
      if (timer) {
        clearTimeout(timer);
        timer = null;
      }
      await flushUpTo(pushedSeq);
    },
    stats() {
      return { recorded: pushedSeq, ...counts, buffered: buffer.length, inFlight: inFlightRows };
    },
  };
}
