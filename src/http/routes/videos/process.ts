import { defineRoute, keyWith } from '../../route';
import { submissionRecord } from '../../../jobs/api-views';
import { SubmissionSchema } from '../schemas';
import { ACCEPT_REFUSALS, acceptVideoRequest, type AcceptServices } from './accept-video-request';
import { ProcessRequestSchema } from './process-request';

export const processVideoRoute = (services: AcceptServices) =>
  defineRoute({
    method: 'post',
    path: '/api/v1/videos/process',
    summary: 'Submit a video job',
    description: 'Accepts a video address and processes it asynchronously. Poll status_url, then read result_url.',
    auth: keyWith('process'),
    request: { body: ProcessRequestSchema },
    responses: {
      202: { description: 'Accepted', schema: SubmissionSchema },
      ...ACCEPT_REFUSALS,
    },
    async handler({ body, principal }) {
      const { job, headers } = await acceptVideoRequest(services, principal, body);
      const record = submissionRecord(job, services.config.http.publicBaseUrl);
      return { status: 202, body: record, headers: { ...headers, Location: record.status_url } };
    },
  });
