import { defineRoute } from '../../route';
import { requireRequestFeatures } from '../../../domain/plans';
import { assertWebhookTarget } from '../../../webhooks/address-policy';
import type { JobServices } from '../../../jobs/services';
import { submitJob } from '../../../jobs/submit-job';
import { submissionRecord } from '../../../jobs/job-records';
import { ErrorEnvelopeSchema, SubmissionSchema, authErrors } from '../schemas';
import { ProcessRequestSchema, SUMMARY_TYPE_DEPRECATION, normaliseProcessRequest } from './process-request';

export const processVideoRoute = (services: JobServices & { config: { ALLOW_PRIVATE_WEBHOOKS: boolean } }) =>
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
      const normalised = normaliseProcessRequest(body);
      requireRequestFeatures(principal.plan, normalised.request);
      // SSRF: the webhook's host must resolve to public addresses (checked again at delivery).
      if (normalised.request.webhookUrl) {
        await assertWebhookTarget(normalised.request.webhookUrl, { allowPrivate: services.config.ALLOW_PRIVATE_WEBHOOKS });
      }
      const job = await submitJob(services, {
        principal,
        request: normalised.request,
        attribution: normalised.attribution,
        warnings: normalised.warnings,
      });
      return {
        status: 202,
        body: submissionRecord(job, services.config.publicBaseUrl),
        headers: {
          Location: `${services.config.publicBaseUrl}/api/v1/videos/status/${job.id}`,
          ...(normalised.usedDeprecatedField ? { Deprecation: SUMMARY_TYPE_DEPRECATION } : {}),
        },
      };
    },
  });
