/** GET /api/v1/batch/webhooks/{batch_id}: a batch's batch.completed delivery with every attempt. */
import { z } from 'zod';
import type { Db } from '../../../storage/database';
import { deliveriesWithAttempts } from '../../../webhooks';
import { defineRoute, keyWith } from '../../route';
import { BATCH_PROCESSING } from '../plan-gates';
import { ownBatch } from '../resources';
import { BatchWebhookDeliveriesSchema } from './schemas';

export interface BatchDeliveriesDeps {
  db: Db;
  /** The caller's batch, or null (unknown or another user's: both answer 404). */
  findBatchForUser(batchId: string, userId: string): Promise<{ id: string; webhook_url: string | null } | null>;
  /** The batch id's pattern (a malformed id answers 404). */
  batchIdPattern: RegExp;
}

export const batchWebhookDeliveriesRoute = (deps: BatchDeliveriesDeps) =>
  defineRoute({
    method: 'get',
    path: '/api/v1/batch/webhooks/:batch_id',
    summary: "A batch's webhook deliveries and their attempts",
    description: 'The batch.completed delivery to the batch webhook_url, with every attempt (when it started, and its outcome: delivered, the HTTP status of a failure, no response, or not sent).',
    tags: ['batch', 'webhooks'],
    auth: keyWith('read'),
    feature: BATCH_PROCESSING,
    request: { params: z.object({ batch_id: z.string().regex(deps.batchIdPattern) }) },
    resource: ownBatch(deps.findBatchForUser),
    responses: {
      200: { description: 'The deliveries (empty without a webhook_url or before the batch ends)', schema: BatchWebhookDeliveriesSchema },
    },
    async handler({ resource: batch }) {
      const deliveries = await deliveriesWithAttempts(deps.db, { batchId: batch.id });
      return { body: { batch_id: batch.id, webhook_url: batch.webhook_url, deliveries } };
    },
  });
