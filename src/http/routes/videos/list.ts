import { defineRoute, keyWith } from '../../route';
import { JOB_STATUSES } from '../../../domain/job';
import type { JobServices } from '../../../jobs/services';
import { statusRecord } from '../../../jobs/api-views';
import { jobWebhookStates } from '../../../webhooks/api-views';
import { listJobsForUser } from '../../../storage/repositories/jobs';
import { JobListSchema } from '../schemas';
import { pagedListQuery, pagination } from '../pagination';

export const listJobsRoute = (services: JobServices) =>
  defineRoute({
    method: 'get',
    path: '/api/v1/videos/',
    aliases: ['/api/v1/videos'],
    summary: "The caller's jobs, newest first",
    auth: keyWith('read'),
    request: { query: pagedListQuery(JOB_STATUSES) },
    responses: {
      200: { description: 'A page of job status records', schema: JobListSchema },
    },
    async handler({ query, principal }) {
      const page = await listJobsForUser(services.db, principal.userId, query);
      // Webhook deliveries of the page's jobs: one query, only when some job has a webhook_url.
      const webhooks = await jobWebhookStates(services.db, page.rows);
      return {
        body: {
          jobs: page.rows.map((job) => statusRecord(job, null, Date.now(), webhooks.get(job.id) ?? null)),
          pagination: pagination(query, page.rows.length, page.total),
        },
      };
    },
  });
