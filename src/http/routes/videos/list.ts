import { z } from 'zod';
import { defineRoute } from '../../route';
import { JOB_STATUSES } from '../../../domain/job';
import type { JobServices } from '../../../jobs/services';
import { statusRecord } from '../../../jobs/api-views';
import { jobWebhookStates } from '../../../webhooks/api-views';
import { listJobsForUser } from '../../../storage/repositories/jobs';
import { JobListSchema } from '../schemas';

/** Query strings arrive as text; a repeated parameter arrives as an array and is refused. */
const intParam = (min: number, max: number, fallback: number) =>
  z
    .string()
    .regex(/^\d+$/, 'must be a whole number')
    .transform(Number)
    .pipe(z.number().int().min(min).max(max))
    .optional()
    .transform((v) => v ?? fallback);

export const PaginationQuery = {
  limit: intParam(1, 100, 20).describe('1..100, default 20'),
  offset: intParam(0, Number.MAX_SAFE_INTEGER, 0).describe('>= 0, default 0'),
};

const ListQuery = z.object({ ...PaginationQuery, status: z.enum(JOB_STATUSES).optional() });

export const listJobsRoute = (services: JobServices) =>
  defineRoute({
    method: 'get',
    path: '/api/v1/videos/',
    aliases: ['/api/v1/videos'],
    summary: "The caller's jobs, newest first",
    tags: ['videos'],
    auth: { kind: 'key', permission: 'read' },
    request: { query: ListQuery },
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
          pagination: { limit: query.limit, offset: query.offset, total: page.total, has_more: query.offset + page.rows.length < page.total },
        },
      };
    },
  });
