import { z } from 'zod';
import { notFound } from '../../../domain/errors';
import { resultsRecord } from '../../../batches/api-views';
import { findBatchForUser, findBatchJobs } from '../../../storage/repositories/batches';
import { loadJobResultParts } from '../../../storage/repositories/job-results';
import { defineRoute } from '../../route';
import { ErrorEnvelopeSchema } from '../schemas';
import type { BatchRouteServices } from './process';
import { BatchIdParams, BatchResultsSchema } from './schemas';

const ResultsQuery = z.object({
  include_failed: z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .transform((v) => v === 'true' || v === '1')
    .describe('true: also list the failed jobs with their errors'),
});

export const batchResultsRoute = (services: BatchRouteServices) =>
  defineRoute({
    method: 'get',
    path: '/api/v1/batch/results/:batch_id',
    summary: 'Results of a batch (so far, while it runs)',
    tags: ['batch'],
    auth: { kind: 'key', permission: 'read' },
    feature: { name: 'batch', description: 'Batch processing' },
    request: { params: BatchIdParams, query: ResultsQuery },
    responses: {
      200: { description: 'The batch results record', schema: BatchResultsSchema },
      404: { description: "NOT_FOUND (also for another user's batch)", schema: ErrorEnvelopeSchema },
    },
    async handler({ params, query, principal }) {
      const batch = await findBatchForUser(services.db, params.batch_id, principal.userId);
      if (!batch) throw notFound('Batch');
      const jobs = await findBatchJobs(services.db, batch);
      const completed = jobs.filter((job) => job.status === 'completed').map((job) => job.id);
      const parts = await loadJobResultParts(services.db, completed);
      return { body: resultsRecord(batch, jobs, parts, { includeFailed: query.include_failed, baseUrl: services.config.http.publicBaseUrl }) };
    },
  });
