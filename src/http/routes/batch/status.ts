import { notFound } from '../../../domain/errors';
import { statusRecord } from '../../../batches/api-views';
import { findBatchForUser, findJobsOfBatches } from '../../../storage/repositories/batches';
import { defineRoute } from '../../route';
import { ErrorEnvelopeSchema, authErrors } from '../schemas';
import type { BatchRouteServices } from './process';
import { BatchIdParams, BatchStatusSchema } from './schemas';
import { batchWebhookState } from './webhook-state';

export const batchStatusRoute = (services: BatchRouteServices) =>
  defineRoute({
    method: 'get',
    path: '/api/v1/batch/status/:batch_id',
    summary: 'Status, aggregate progress and every job of a batch',
    tags: ['batch'],
    auth: { kind: 'key', permission: 'read' },
    feature: { name: 'batch', description: 'Batch processing' },
    request: { params: BatchIdParams },
    responses: {
      200: { description: 'The batch status record', schema: BatchStatusSchema },
      ...authErrors,
      404: { description: "NOT_FOUND (also for another user's batch)", schema: ErrorEnvelopeSchema },
    },
    async handler({ params, principal }) {
      const batch = await findBatchForUser(services.db, params.batch_id, principal.userId);
      if (!batch) throw notFound('Batch');
      const [jobs, webhook] = await Promise.all([
        findJobsOfBatches(services.db, [batch.id]).then((byBatch) => byBatch.get(batch.id) ?? []),
        batchWebhookState(services.db, batch),
      ]);
      return { body: statusRecord(batch, jobs, { webhook }) };
    },
  });
