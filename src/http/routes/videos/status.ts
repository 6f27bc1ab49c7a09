import { defineRoute, keyWith, PreparedJson } from '../../route';
import { isTerminal } from '../../../domain/job';
import type { JobServices } from '../../../jobs/services';
import { statusRecord } from '../../../jobs/api-views';
import { liveProgress } from '../../../jobs/live-progress';
import { jobWebhookState } from '../../../webhooks/api-views';
import { JobStatusRecordSchema } from '../schemas';
import { ownJob } from '../resources';
import type { JobRow } from '../../../storage/schema';

export const jobStatusRoute = (services: JobServices) => {
  // An ended job's record never changes unless it has webhook deliveries to report, and clients
  // keep polling ended jobs: build and serialize it once per cached row (the job lookup keeps
  // ended rows).
  const endedRecords = new WeakMap<JobRow, PreparedJson>();
  return defineRoute({
    method: 'get',
    path: '/api/v1/videos/status/:job_id',
    summary: 'Status and progress of a job',
    description: 'Live from the running workflow; from the database once the job has ended or when the workflow cannot answer.',
    auth: keyWith('read'),
    resource: ownJob(services),
    responses: {
      200: { description: 'The job status record', schema: JobStatusRecordSchema },
    },
    async handler({ resource: job }) {
      const ended = isTerminal(job.status) && !job.request.webhookUrl;
      const known = ended ? endedRecords.get(job) : undefined;
      if (known) return { body: known };
      // The webhook's deliveries: one indexed query, only when the job has a webhook_url.
      const [live, webhook] = await Promise.all([
        !isTerminal(job.status) && job.workflow_started ? liveProgress(services, job.id) : null,
        jobWebhookState(services.db, job),
      ]);
      const record = statusRecord(job, live, Date.now(), webhook);
      if (!ended) return { body: record };
      const prepared = new PreparedJson(record);
      endedRecords.set(job, prepared);
      return { body: prepared };
    },
  });
};
