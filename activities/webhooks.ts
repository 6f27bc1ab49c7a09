/** The I/O of webhook delivery workflows: one signed HTTP attempt, recorded in Postgres. */
import { Context } from '@temporalio/activity';
import type { Db } from '../src/storage/database';
import type { ServiceMetrics } from '../src/metrics/service-metrics';
import { attemptDelivery, type WebhookHttpClient } from '../src/webhooks';
import type { WebhookAttemptInput, WebhookDeliveryState } from '../src/contracts/webhook-delivery';

/** What webhook activities (and the activities that record webhooks at a job's or batch's end) need. */
export interface WebhookRuntime {
  /** Connect-time SSRF checks unless ALLOW_PRIVATE_WEBHOOKS; WEBHOOK_TIMEOUT_MS per attempt. */
  http: WebhookHttpClient;
  /** WEBHOOK_RETRY_SCHEDULE, seconds between attempts. */
  retrySchedule: number[];
  /** WEBHOOK_TIMEOUT_MS. */
  attemptTimeoutMs: number;
  /** WEBHOOK_DELIVERIES_PER_HOUR: deliveries one user may start in an hour. */
  deliveriesPerHour: number;
}

export interface WebhookActivityDeps {
  db: Db;
  webhooks: WebhookRuntime;
  /** Webhook attempts and outcomes; jobs ended by the activities that share these deps. */
  metrics: ServiceMetrics;
}

export function createWebhookActivities(deps: WebhookActivityDeps) {
  return {
    /** Attempt `attempt` of a delivery; returns its state afterwards (delivered, pending, failed). */
    async attemptWebhookDelivery(input: WebhookAttemptInput): Promise<WebhookDeliveryState> {
      return attemptDelivery(
        {
          db: deps.db,
          http: deps.webhooks.http,
          deliveriesPerHour: deps.webhooks.deliveriesPerHour,
          attemptTimeoutMs: deps.webhooks.attemptTimeoutMs,
          metrics: deps.metrics,
          // Warn: the runtime passes the SDK's lines on from WARN up (src/runtime/temporal-logging.ts),
          // and this is the operator's one account of why an attempt got no answer.
          logNoResponse: (details) => Context.current().log.warn('webhook target gave no response', details),
        },
        input,
      );
    },
  };
}
