/**
 * One webhook delivery: an attempt, then a durable timer, then the next, per the retry schedule
 * (docs/api-behaviour.md#delivery-and-retries). Deterministic code only: each attempt (HTTP POST
 * and its record in Postgres) is an activity; the waits are Temporal timers, so they survive worker
 * restarts.
 */
import { proxyActivities, sleep } from '@temporalio/workflow';
import type { createWebhookActivities } from '../activities/webhooks';
import type { WebhookDeliveryInput, WebhookDeliveryOutcome } from '../src/contracts/webhook-delivery';

export async function webhookDeliveryWorkflow(input: WebhookDeliveryInput): Promise<WebhookDeliveryOutcome> {
  const { attemptWebhookDelivery } = proxyActivities<ReturnType<typeof createWebhookActivities>>({
    // The HTTP client gives up at attemptTimeoutMs; the rest is reading and writing Postgres.
    startToCloseTimeout: input.attemptTimeoutMs + 30_000,
    // Only the activity's own trouble (database down, worker lost) is retried here; HTTP failures
    // are results, retried on the schedule below.
    retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '1 minute' },
  });
  const maxAttempts = input.retrySchedule.length + 1;
  for (let attempt = 1; attempt <= maxAttempts; attempt++) {
    const wait = attempt < maxAttempts ? input.retrySchedule[attempt - 1]! : null;
    const state = await attemptWebhookDelivery({ deliveryId: input.deliveryId, attempt, nextAttemptInSeconds: wait });
    if (state === 'delivered') return { status: 'delivered', attempts: attempt };
    if (state === 'failed' || wait === null) return { status: 'failed', attempts: attempt };
    await sleep(wait * 1000);
  }
  return { status: 'failed', attempts: maxAttempts };
}
