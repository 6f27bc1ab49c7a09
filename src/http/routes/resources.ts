/**
 * The resources route paths name, each found for the calling key's user: one that does not exist
 * and one of another user's are the same 404, so ids cannot be probed.
 */
import { notFound } from '../../domain/errors';
import type { JobServices } from '../../jobs/services';
import type { JobRow } from '../../storage/schema';
import type { RouteResource } from '../route';
import { BatchIdParams } from './batch/schemas';
import { JobIdParams } from './videos/job-params';

/**
 * What hangs off the calling key's own user (its settings, its webhook secret): missing only when
 * the user was deleted while its key was still cached.
 */
export function ofExistingUser<T>(value: T | null | undefined): T {
  if (value === null || value === undefined) throw notFound('User');
  return value;
}

export function ownJob(services: Pick<JobServices, 'jobs'>): RouteResource<typeof JobIdParams, JobRow> {
  return {
    name: 'Job',
    params: JobIdParams,
    notFound: "NOT_FOUND: unknown id, or another user's job",
    find: ({ params, principal }) => services.jobs.findForUser(params.job_id, principal.userId),
  };
}

export function ownBatch<B>(findForUser: (batchId: string, userId: string) => Promise<B | null>): RouteResource<typeof BatchIdParams, B> {
  return {
    name: 'Batch',
    params: BatchIdParams,
    notFound: "NOT_FOUND: unknown id, or another user's batch",
    find: ({ params, principal }) => findForUser(params.batch_id, principal.userId),
  };
}
