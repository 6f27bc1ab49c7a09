import { statusRecord } from '../../../batches/api-views';
import { findBatchForUser, findJobsOfBatches } from '../../../storage/repositories/batches';
import { defineRoute, keyWith } from '../../route';
import { BATCH_PROCESSING } from '../plan-gates';
import { ownBatch } from '../resources';
import type { BatchRouteServices } from './process';
import { BatchStatusSchema } from './schemas';
import { batchWebhookState } from './webhook-state';

export const batchStatusRoute = (services: BatchRouteServices) =>
  defineRoute({
    method: 'get',
    path: '/api/v1/batch/status/:batch_id',
    summary: 'Status, aggregate progress and every job of a batch',
    auth: keyWith('read'),
    feature: BATCH_PROCESSING,
    resource: ownBatch((batchId, userId) => findBatchForUser(services.db, batchId, userId)),
    responses: {
      200: { description: 'The batch status record', schema: BatchStatusSchema },
    },
    async handler({ resource: batch }) {
      const [jobs, webhook] = await Promise.all([
        findJobsOfBatches(services.db, [batch.id]).then((byBatch) => byBatch.get(batch.id) ?? []),
        batchWebhookState(services.db, batch),
      ]);
      return { body: statusRecord(batch, jobs, { webhook }) };
    },
  });
