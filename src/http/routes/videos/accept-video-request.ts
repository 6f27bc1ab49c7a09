/**
 * What POST process and POST process-sync share: the request normalised, the plan's gates, the
 * webhook target checked, the job accepted. One path, so the two routes cannot drift apart.
 */
import type { Config } from '../../../config';
import type { Principal } from '../../../domain/access';
import { requireRequestFeatures } from '../../../domain/plans';
import type { JobServices } from '../../../jobs/services';
import { submitJob } from '../../../jobs/submit-job';
import type { JobRow } from '../../../storage/schema';
import { assertWebhookTarget } from '../../../webhooks/address-policy';
import type { DocumentedResponses } from '../../route';
import { refusal } from '../../standard-responses';
import { normaliseProcessRequest, SUMMARY_TYPE_DEPRECATION, type ProcessRequestBody } from './process-request';

/**
 * What accepting a video request refuses besides the router's standard errors, documented on both
 * routes: the plan's gates on options, the address and webhook checks, the daily quota.
 */
export const ACCEPT_REFUSALS = {
  403: refusal('INSUFFICIENT_PERMISSIONS (details.required), or PLAN_UPGRADE_REQUIRED (details.feature): an option the plan does not include'),
  422: refusal('VALIDATION_ERROR, UNSUPPORTED_URL or INVALID_WEBHOOK_URL'),
  429: refusal('RATE_LIMITED (Retry-After) or QUOTA_EXCEEDED (details.reset_at)'),
} satisfies DocumentedResponses;

export type AcceptServices = JobServices & { config: Pick<Config, 'webhooks'> };

export async function acceptVideoRequest(
  services: AcceptServices,
  principal: Principal,
  body: ProcessRequestBody,
): Promise<{ job: JobRow; headers: Record<string, string> }> {
  const normalised = normaliseProcessRequest(body, { infographicsEnabled: services.config.jobs.infographicsEnabled });
  requireRequestFeatures(principal.plan, normalised.request);
  // SSRF: the webhook's host must resolve to public addresses (checked again at delivery).
  if (normalised.request.webhookUrl) {
    await assertWebhookTarget(normalised.request.webhookUrl, { allowPrivate: services.config.webhooks.allowPrivate });
  }
  const job = await submitJob(services, {
    principal,
    request: normalised.request,
    attribution: normalised.attribution,
    warnings: normalised.warnings,
  });
  return { job, headers: normalised.usedDeprecatedField ? { Deprecation: SUMMARY_TYPE_DEPRECATION } : {} };
}
