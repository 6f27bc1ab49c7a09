/**
 * The delivery workflow's name and shapes, shared by the job and batch workflows (which start it
 * as their child), workflows/webhook-delivery.ts (which runs it) and src/webhooks (which records a
 * delivery and hands back its input). Declarations only: safe inside a workflow.
 */
export const WEBHOOK_DELIVERY_WORKFLOW = 'webhookDeliveryWorkflow';

export interface WebhookDeliveryInput {
  deliveryId: string;
  /** Seconds to wait after each failed attempt; its length + 1 attempts in all. */
  retrySchedule: number[];
  /** WEBHOOK_TIMEOUT_MS: the activity's own time limit is set above it. */
  attemptTimeoutMs: number;
}

export type WebhookDeliveryState = 'pending' | 'delivered' | 'failed';

export interface WebhookAttemptInput {
  deliveryId: string;
  /** 1-based. */
  attempt: number;
  /** Seconds until the next attempt should this one fail; null for the last attempt. */
  nextAttemptInSeconds: number | null;
}

export interface WebhookDeliveryOutcome {
  status: 'delivered' | 'failed';
  attempts: number;
}
