/**
 * The library's backfill in a worker process, started once the worker polls: it indexes the
 * completed jobs without a marker (src/library/backfill.ts) and ends; stopping the worker stops it
 * between two jobs. Several workers may run it at once: a job indexed twice is cleared and
 * written again, never doubled.
 */
import type { Logger } from 'pino';
import { backfillLibrary } from '../src/library/backfill';
import type { IndexingDeps } from '../src/library/index-job';

export function startLibraryBackfill(deps: IndexingDeps, batchSize: number, logger: Logger): { stop(): Promise<void> } {
  const controller = new AbortController();
  const run = backfillLibrary(deps, {
    batchSize,
    signal: controller.signal,
    onJob: ({ jobId, error }) => {
      if (error) logger.warn({ jobId, error }, 'library backfill: indexing failed; the next backfill tries again');
    },
  }).then(
    (result) => {
      if (result.indexed + result.failed > 0) logger.info(result, 'library backfill done');
    },
    (error: unknown) => logger.warn({ error: (error as Error)?.message }, 'library backfill stopped; it resumes at the next start'),
  );
  return {
    async stop() {
      controller.abort();
      await run;
    },
  };
}
