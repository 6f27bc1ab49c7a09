import { defineRoute } from '../../route';
import { submissionRecord } from '../../../jobs/job-records';
import { ErrorEnvelopeSchema, SubmissionSchema, authErrors } from '../schemas';
import { acceptVideoRequest, type AcceptServices } from './accept-video-request';
import { ProcessRequestSchema } from './process-request';

export const processVideoRoute = (services: AcceptServices) =>
  defineRoute({
    method: 'post',
    path: '/api/v1/videos/process',
    summary: 'Submit a video job',
    description: 'Accepts a video address and processes it asynchronously. Poll status_url, then read result_url.',
    tags: ['videos'],
    auth: { kind: 'key', permission: 'process' },
    request: { body: ProcessRequestSchema },
    responses: {
      202: { description: 'Accepted', schema: SubmissionSchema },
      400: { description: 'INVALID_JSON', schema: ErrorEnvelopeSchema },
      ...authErrors,
      413: { description: 'PAYLOAD_TOO_LARGE', schema: ErrorEnvelopeSchema },
      429: { description: 'RATE_LIMITED (Retry-After) or QUOTA_EXCEEDED (details.reset_at)', schema: ErrorEnvelopeSchema },
      422: { description: 'VALIDATION_ERROR, UNSUPPORTED_URL or INVALID_WEBHOOK_URL', schema: ErrorEnvelopeSchema },
    },
    async handler({ body, principal }) {
      const { job, headers } = await acceptVideoRequest(services, principal, body);
      return {
        status: 202,
        body: submissionRecord(job, services.config.publicBaseUrl),
        headers: { ...headers, Location: `${services.config.publicBaseUrl}/api/v1/videos/status/${job.id}` },
      };
    },
  });
