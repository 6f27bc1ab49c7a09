import { defineRoute } from '../../route';
import { AppError, notFound } from '../../../domain/errors';
import type { JobServices } from '../../../jobs/services';
import { resultRecord } from '../../../jobs/api-views';
import { loadOneJobResultParts } from '../../../storage/repositories/job-results';
import type { JobRow } from '../../../storage/schema';
import { ErrorEnvelopeSchema, JobResultRecordSchema } from '../schemas';
import { JobIdParams } from './job-params';

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
    tags: ['videos'],
    auth: { kind: 'key', permission: 'read' },
    request: { params: JobIdParams },
    responses: {
      200: { description: 'The job result record', schema: JobResultRecordSchema },
      409: { description: 'JOB_NOT_COMPLETED (details.status) or JOB_FAILED (details.error)', schema: ErrorEnvelopeSchema },
    },
    async handler({ params, principal }) {
      const job = await services.jobs.findForUser(params.job_id, principal.userId);
      if (!job) throw notFound('Job');
      assertCompleted(job);
      return { body: resultRecord(job, await loadOneJobResultParts(services.db, job.id), services.config.http.publicBaseUrl) };
    },
  });
