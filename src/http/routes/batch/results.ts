import { z } from 'zod';
import { resultsRecord } from '../../../batches/api-views';
import { findBatchForUser, findBatchJobs } from '../../../storage/repositories/batches';
import { loadJobResultParts } from '../../../storage/repositories/job-results';
import { defineRoute, keyWith } from '../../route';
import { BATCH_PROCESSING } from '../plan-gates';
import { ownBatch } from '../resources';
import type { BatchRouteServices } from './process';
import { BatchResultsSchema } from './schemas';

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
    auth: keyWith('read'),
    feature: BATCH_PROCESSING,
    request: { query: ResultsQuery },
    resource: ownBatch((batchId, userId) => findBatchForUser(services.db, batchId, userId)),
    responses: {
      200: { description: 'The batch results record', schema: BatchResultsSchema },
    },
    async handler({ resource: batch, query }) {
      const jobs = await findBatchJobs(services.db, batch);
      const completed = jobs.filter((job) => job.status === 'completed').map((job) => job.id);
      const parts = await loadJobResultParts(services.db, completed);
      return { body: resultsRecord(batch, jobs, parts, { includeFailed: query.include_failed, baseUrl: services.config.http.publicBaseUrl }) };
    },
  });
