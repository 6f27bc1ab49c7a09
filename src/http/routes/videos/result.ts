import { defineRoute, keyWith } from '../../route';
import { AppError } from '../../../domain/errors';
import type { JobServices } from '../../../jobs/services';
import { resultRecord } from '../../../jobs/api-views';
import { loadOneJobResultParts } from '../../../storage/repositories/job-results';
import type { JobRow } from '../../../storage/schema';
import { refusal } from '../../standard-responses';
import { JobResultRecordSchema } from '../schemas';
import { ownJob } from '../resources';

/** What the routes that need a completed job answer for one that is not. */
export const NOT_COMPLETED = refusal('JOB_NOT_COMPLETED (details.status) or JOB_FAILED (details.error)');

/** Result and export share this rule: only a completed job has a result (docs/api-behaviour.md#result-availability). */
export function assertCompleted(job: JobRow): void {
  if (job.status === 'failed') {
    throw new AppError('JOB_FAILED', 'The job failed; it has no result', {
      status: job.status,
      error: { code: job.error_code, message: job.error_message },
    });
  }
  if (job.status !== 'completed') {
    throw new AppError('JOB_NOT_COMPLETED', `The job is ${job.status}; its result is not ready yet`, { status: job.status });
  }
}

export const jobResultRoute = (services: JobServices) =>
  defineRoute({
    method: 'get',
    path: '/api/v1/videos/result/:job_id',
    summary: 'Result of a completed job',
    auth: keyWith('read'),
    resource: ownJob(services),
    responses: {
      200: { description: 'The job result record', schema: JobResultRecordSchema },
      409: NOT_COMPLETED,
    },
    async handler({ resource: job }) {
      assertCompleted(job);
      return { body: resultRecord(job, await loadOneJobResultParts(services.db, job.id), services.config.http.publicBaseUrl) };
    },
  });
