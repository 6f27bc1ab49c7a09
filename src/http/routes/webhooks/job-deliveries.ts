/** GET /api/v1/videos/webhooks/{job_id}: a job's webhook deliveries with every attempt. */
import type { JobServices } from '../../../jobs/services';
import { deliveriesWithAttempts } from '../../../webhooks';
import { defineRoute, keyWith } from '../../route';
import { ownJob } from '../resources';
import { JobWebhookDeliveriesSchema } from './schemas';

export const jobWebhookDeliveriesRoute = (services: Pick<JobServices, 'db' | 'jobs'>) =>
  defineRoute({
    method: 'get',
    path: '/api/v1/videos/webhooks/:job_id',
    summary: "A job's webhook deliveries and their attempts",
    description:
      'Each job.completed / job.failed delivery to the webhook_url, with every attempt (when it started, and its outcome: delivered, the HTTP status of a failure, no response, or not sent). ' +
      'Deliveries are retried per WEBHOOK_RETRY_SCHEDULE until a 2xx answer, then marked delivered, or failed after the last attempt.',
    tags: ['videos', 'webhooks'],
    auth: keyWith('read'),
    resource: ownJob(services),
    responses: {
      200: { description: 'The deliveries (empty without a webhook_url or before the job ends)', schema: JobWebhookDeliveriesSchema },
    },
    async handler({ resource: job }) {
      const deliveries = await deliveriesWithAttempts(services.db, { jobId: job.id });
      return { body: { job_id: job.id, webhook_url: job.request.webhookUrl, deliveries } };
    },
  });
