/**
 * Indexing a completed job for its owner's library (src/library), an activity of its own after the
 * job's end is recorded: the job is already completed for its client, and an indexing that fails
 * leaves no marker, so the backfill takes the job up later.
 */
import { Context } from '@temporalio/activity';
import { indexJob, type IndexOutcome } from '../src/library/index-job';
import type { Embedder } from '../src/library/embeddings';
import type { ServiceMetrics } from '../src/metrics/service-metrics';
import type { Db } from '../src/storage/database';

export interface LibraryActivityDeps {
  db: Db;
  metrics?: ServiceMetrics;
  /** Null with EMBEDDINGS_PROVIDER=none: passages are stored for lexical search only. */
  embedder: Embedder | null;
}

export function createLibraryActivities(deps: LibraryActivityDeps) {
  return {
    async indexJobInLibrary(input: { jobId: string }): Promise<IndexOutcome> {
      const context = Context.current();
      try {
        const outcome = await indexJob({ db: deps.db, embedder: deps.embedder }, input.jobId, () => context.heartbeat());
        if (outcome.kind === 'indexed') deps.metrics?.libraryIndexed('indexed', outcome.passages);
        return outcome;
      } catch (error) {
        deps.metrics?.libraryIndexed('failed');
        context.log.warn('library indexing failed; the backfill indexes the job later', { jobId: input.jobId, error: (error as Error)?.message });
        throw error;
      }
    },
  };
}
