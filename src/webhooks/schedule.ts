/** Recording a webhook's delivery durably before its workflow starts (docs/api-behaviour.md#delivery-and-retries). */
import type { Db } from '../storage/database';
import { insertOrFindDelivery } from '../storage/repositories/webhook-deliveries';
import { newDeliveryId } from './ids';
import type { WebhookDeliveryInput } from '../contracts/webhook-delivery';

export type WebhookEventType = 'job.completed' | 'job.failed' | 'batch.completed';

export interface WebhookDeps {
  db: Db;
  /** WEBHOOK_RETRY_SCHEDULE: seconds between attempts. */
  retrySchedule: number[];
  /** WEBHOOK_TIMEOUT_MS (default 10 000): sets the attempt activity's own time limit above it. */
  attemptTimeoutMs?: number;
}

export interface ScheduleWebhookInput {
  userId: string;
  url: string;
  type: WebhookEventType;
  data: Record<string, unknown>;
  jobId?: string | null;
  batchId?: string | null;
  /** One delivery per key, however often this is called (e.g. `job.completed:<job_id>`). */
  idempotencyKey: string;
}

const DEFAULT_ATTEMPT_TIMEOUT_MS = 10_000;

/** A recorded delivery, with its workflow's input while that workflow still has to be started. */
export interface RecordedDelivery {
  deliveryId: string;
  /** Null once the delivery has been attempted or has ended: its workflow exists, or existed. */
  start: WebhookDeliveryInput | null;
}

/**
 * Durable and idempotent by key: records the delivery (once per idempotencyKey) and says whether
 * its workflow still has to be started. Workflows start it as their child (workflow id = delivery
 * id, parent close policy ABANDON), so the orchestration shows in their history.
 */
export async function recordWebhookDelivery(deps: Pick<WebhookDeps, 'db' | 'retrySchedule' | 'attemptTimeoutMs'>, input: ScheduleWebhookInput): Promise<RecordedDelivery> {
  const body = JSON.stringify({ type: input.type, timestamp: new Date().toISOString(), data: input.data });
  const delivery = await insertOrFindDelivery(deps.db, {
    id: newDeliveryId(),
    userId: input.userId,
    idempotencyKey: input.idempotencyKey,
    eventType: input.type,
    url: input.url,
    jobId: input.jobId ?? null,
    batchId: input.batchId ?? null,
    body,
    maxAttempts: deps.retrySchedule.length + 1,
  });
  const unstarted = delivery.status === 'pending' && delivery.attempts === 0;
  return {
    deliveryId: delivery.id,
    start: unstarted ? { deliveryId: delivery.id, retrySchedule: deps.retrySchedule, attemptTimeoutMs: deps.attemptTimeoutMs ?? DEFAULT_ATTEMPT_TIMEOUT_MS } : null,
  };
}
