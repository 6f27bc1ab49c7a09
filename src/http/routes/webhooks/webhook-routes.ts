/** The webhook delivery routes (docs/api-behaviour.md#delivery-records): a job's and a batch's deliveries with every attempt. */
import type { JobServices } from '../../../jobs/services';
import { BATCH_ID_PATTERN } from '../../../batches/batch-id';
import { findBatchForUser } from '../../../storage/repositories/batches';
import type { AnyRoute } from '../../route';
import { jobWebhookDeliveriesRoute } from './job-deliveries';
import { batchWebhookDeliveriesRoute } from './batch-deliveries';

export { jobWebhookDeliveriesRoute } from './job-deliveries';
export { batchWebhookDeliveriesRoute, type BatchDeliveriesDeps } from './batch-deliveries';
export { WebhookStateSchema, DeliverySummarySchema, DeliveryDetailSchema } from './schemas';

export function webhookRoutes(services: Pick<JobServices, 'db' | 'jobs'>): AnyRoute[] {
  const { db } = services;
  return [
    jobWebhookDeliveriesRoute(services),
    batchWebhookDeliveriesRoute({
      db,
      findBatchForUser: (batchId, userId) => findBatchForUser(db, batchId, userId),
      batchIdPattern: BATCH_ID_PATTERN,
    }),
  ];
}
