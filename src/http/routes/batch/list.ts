import { BATCH_STATUSES } from '../../../domain/batch';
import { statusRecord } from '../../../batches/api-views';
import { findJobsOfBatches, listBatchesForUser } from '../../../storage/repositories/batches';
import { defineRoute, keyWith } from '../../route';
import { pagedListQuery, pagination } from '../pagination';
import { BATCH_PROCESSING } from '../plan-gates';
import type { BatchRouteServices } from './process';
import { BatchListSchema } from './schemas';

export const listBatchesRoute = (services: BatchRouteServices) =>
  defineRoute({
    method: 'get',
    path: '/api/v1/batch/',
    aliases: ['/api/v1/batch'],
    summary: "The caller's batches, newest first",
    auth: keyWith('read'),
    feature: BATCH_PROCESSING,
    request: { query: pagedListQuery(BATCH_STATUSES) },
    responses: {
      200: { description: 'A page of batch status records', schema: BatchListSchema },
    },
    async handler({ query, principal }) {
      const page = await listBatchesForUser(services.db, principal.userId, query);
      const jobs = await findJobsOfBatches(services.db, page.rows.map((batch) => batch.id));
      return {
        body: {
          batches: page.rows.map((batch) => statusRecord(batch, jobs.get(batch.id) ?? [])),
          pagination: pagination(query, page.rows.length, page.total),
        },
      };
    },
  });
