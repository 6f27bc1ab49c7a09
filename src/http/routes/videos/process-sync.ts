import { defineRoute, keyWith } from '../../route';
import { awaitJob } from '../../../jobs/await-job';
import { resultRecord, submissionRecord } from '../../../jobs/api-views';
import { loadOneJobResultParts } from '../../../storage/repositories/job-results';
import { refusal } from '../../standard-responses';
import { JobResultRecordSchema, SubmissionSchema } from '../schemas';
import { ACCEPT_REFUSALS, acceptVideoRequest, type AcceptServices } from './accept-video-request';
import { ProcessRequestSchema } from './process-request';
import { assertCompleted } from './result';
import type { Drain } from '../../drain';

export const processVideoSyncRoute = (
  services: AcceptServices & { drain?: Drain },
) =>
  defineRoute({
    method: 'post',
    path: '/api/v1/videos/process-sync',
    summary: 'Submit a video job and wait for its result (admin)',
    description:
      'As POST /api/v1/videos/process, then waits up to PROCESS_SYNC_TIMEOUT_SECONDS (default 300): 200 with the result record, ' +
      '409 JOB_FAILED if the job failed, or 202 with the submission record if the wait ran out or the service is ' +
      'shutting down (poll status_url then).',
    auth: keyWith('admin'),
    request: { body: ProcessRequestSchema },
    // Waiting is this route's purpose: the standard bound applies on top of the wait.
    deadline: (standardMs) => standardMs + services.config.http.processSyncTimeoutSeconds * 1000,
    responses: {
      200: { description: 'The job completed: its result record', schema: JobResultRecordSchema },
      202: { description: 'Still running when the wait ran out', schema: SubmissionSchema },
      409: refusal('JOB_FAILED'),
      ...ACCEPT_REFUSALS,
    },
    async handler({ body, principal }) {
      const { job, headers } = await acceptVideoRequest(services, principal, body);
      const ended = await awaitJob(services, job.id, services.config.http.processSyncTimeoutSeconds * 1000, services.drain?.signal);
      if (ended.status === 'queued' || ended.status === 'processing') {
        return { status: 202, headers, body: submissionRecord(job, services.config.http.publicBaseUrl) };
      }
      assertCompleted(ended);
      return { headers, body: resultRecord(ended, await loadOneJobResultParts(services.db, job.id), services.config.http.publicBaseUrl) };
    },
  });
