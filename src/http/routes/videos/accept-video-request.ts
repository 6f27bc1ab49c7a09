/**
 * What POST process and POST process-sync share: the request normalised, the plan's gates, the
 * webhook target checked, the job accepted. One path, so the two routes cannot drift apart.
 */
import type { Principal } from '../../../domain/access';
import { requireRequestFeatures } from '../../../domain/plans';
import type { JobServices } from '../../../jobs/services';
import { submitJob } from '../../../jobs/submit-job';
import type { JobRow } from '../../../storage/schema';
import { assertWebhookTarget } from '../../../webhooks/address-policy';
import { normaliseProcessRequest, SUMMARY_TYPE_DEPRECATION, type ProcessRequestBody } from './process-request';

export type AcceptServices = JobServices & { config: { ALLOW_PRIVATE_WEBHOOKS: boolean } };

export async function acceptVideoRequest(
  services: AcceptServices,
  principal: Principal,
  body: ProcessRequestBody,
): Promise<{ job: JobRow; headers: Record<string, string> }> {
  const normalised = normaliseProcessRequest(body, { infographicsEnabled: services.config.INFOGRAPHICS_ENABLED });
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
  return { job, headers: normalised.usedDeprecatedField ? { Deprecation: SUMMARY_TYPE_DEPRECATION } : {} };
}
