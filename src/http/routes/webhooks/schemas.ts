/** Webhook delivery shapes (docs/api-behaviour.md#delivery-records), for validation and the OpenAPI document. */
import { z } from 'zod';

const isoDate = z.string().describe('ISO 8601, UTC');

export const WEBHOOK_EVENTS = ['job.completed', 'job.failed', 'batch.completed'] as const;

export const DeliverySummarySchema = z
  .object({
    delivery_id: z.string().describe('Also the webhook-id header of every attempt'),
    event: z.enum(WEBHOOK_EVENTS),
    status: z.enum(['pending', 'delivered', 'failed']).describe('pending while attempts remain; failed after the last one'),
    attempts: z.number().int().describe('Attempts made so far, those not sent (the hourly limit) included'),
    last_attempt_at: isoDate.nullable().describe('When the last attempt was due (see WebhookAttempt.attempted_at)'),
    last_status_code: z.number().int().nullable().describe('HTTP status of the last attempt; null when it got no response'),
    next_attempt_at: isoDate.nullable().describe('When the next attempt is due; null once delivered or failed'),
  })
  .meta({ id: 'WebhookDeliverySummary' });

export const WebhookStateSchema = z
  .object({
    url: z.string().describe('The webhook_url of the request'),
    deliveries: z.array(DeliverySummarySchema).describe('Empty until the event happens'),
  })
  .nullable()
  .meta({ id: 'WebhookState', description: 'null when the request had no webhook_url' });

export const WebhookAttemptSchema = z
  .object({
    attempt: z.number().int().describe('1-based'),
    attempted_at: isoDate.describe('When the attempt was due; it went out then or moments later'),
    outcome: z
      .enum(['delivered', 'http_error', 'no_response', 'not_sent'])
      .describe(
        'delivered: a 2xx answer; http_error: any other answer (status_code says which); no_response: the connection failed or no answer came in time ' +
          '(which of these, and how long it took, is not recorded); not_sent: the account had started WEBHOOK_DELIVERIES_PER_HOUR deliveries in the past hour, so the next attempt tries again',
      ),
    status_code: z.number().int().nullable().describe('The HTTP status of the answer; null when none came or nothing was sent'),
    error: z.string().nullable().describe('Why the attempt failed: "HTTP 503", a redirect, no response, or not sent (the hourly limit)'),
    delivered: z.boolean(),
  })
  .meta({ id: 'WebhookAttempt' });

export const DeliveryDetailSchema = DeliverySummarySchema.extend({
  url: z.string(),
  max_attempts: z.number().int(),
  created_at: isoDate,
  delivered_at: isoDate.nullable().describe('When the attempt that delivered was due'),
  last_error: z.string().nullable(),
  attempt_log: z.array(WebhookAttemptSchema).describe('Every attempt, oldest first'),
}).meta({ id: 'WebhookDelivery' });

/** The deliveries of one job or batch; its id field is added beside these. */
const DeliveriesOfOne = z.object({
  success: z.literal(true),
  webhook_url: z.string().nullable(),
  deliveries: z.array(DeliveryDetailSchema),
});

export const JobWebhookDeliveriesSchema = DeliveriesOfOne.extend({ job_id: z.string() }).meta({ id: 'JobWebhookDeliveries' });
export const BatchWebhookDeliveriesSchema = DeliveriesOfOne.extend({ batch_id: z.string() }).meta({ id: 'BatchWebhookDeliveries' });
