/**
 * Webhooks (docs/api-behaviour.md#webhooks): Standard Webhooks signatures, durable delivery by a
 * Temporal workflow per delivery, and SSRF protection at submission and at connect time.
 */
export { recordWebhookDelivery, type RecordedDelivery, type WebhookDeps, type WebhookEventType, type ScheduleWebhookInput } from './schedule';
export { assertWebhookTarget, parseWebhookUrl, forbiddenReason, isForbiddenAddress, guardedLookup, resolvePublicAddresses, WebhookTargetRefusedError, type Resolver } from './address-policy';
export { createWebhookHttpClient, type WebhookHttpClient, type AttemptResult } from './http-client';
export { attemptDelivery } from './deliver';
export { signedHeaders } from './signing';
export { jobEventData, jobEventType } from './payloads';
export {
  webhookState,
  jobWebhookState,
  jobWebhookStates,
  deliveriesWithAttempts,
  type WebhookState,
  type DeliverySummary,
  type DeliveryDetail,
} from './api-views';
export { WEBHOOK_DELIVERY_WORKFLOW, type WebhookDeliveryInput, type WebhookDeliveryOutcome } from '../contracts/webhook-delivery';
