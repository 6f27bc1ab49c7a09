/**
 * Reading a job for its owner. Ended jobs never change, so their rows are kept in memory: clients
 * that keep polling a finished job (and they do) cost no database round trip.
 */
import { boundedCache } from '../lib/bounded-cache';
import { isTerminal } from '../domain/job';
import type { Db } from '../storage/database';
import { findJobForUser } from '../storage/repositories/jobs';
import type { JobRow } from '../storage/schema';

export interface JobLookup {
  findForUser(jobId: string, userId: string): Promise<JobRow | null>;
}

export function createJobLookup(db: Db): JobLookup {
  const ended = boundedCache<string, JobRow>({ maxEntries: 20_000, ttlMs: 15 * 60_000 });
  return {
    async findForUser(jobId, userId) {
      const cached = ended.get(jobId);
      if (cached) return cached.user_id === userId ? cached : null;
      const row = await findJobForUser(db, jobId, userId);
      if (row && isTerminal(row.status)) ended.set(jobId, row);
      return row;
    },
  };
}
