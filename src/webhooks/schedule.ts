/** Scheduling a webhook: a durable record first, then its delivery workflow (contract section 6). */
import { WorkflowExecutionAlreadyStartedError, type Client } from '@temporalio/client';
import type { Db } from '../storage/database';
import { insertOrFindDelivery } from '../storage/repositories/webhook-deliveries';
import { newDeliveryId } from './ids';
import { WEBHOOK_DELIVERY_WORKFLOW, type WebhookDeliveryInput } from './workflow-contract';

export type WebhookEventType = 'job.completed' | 'job.failed' | 'batch.completed';

export interface WebhookDeps {
  db: Db;
  temporal: { client: Client; taskQueue: string };
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

/**
 * Durable: records the delivery and starts its workflow (workflow id = delivery id, so
 * idempotent). Call it again after a crash with the same idempotencyKey and the same delivery is
 * found and its workflow started if it never was; a delivery that has ended is left alone.
 */
export async function scheduleWebhook(deps: WebhookDeps, input: ScheduleWebhookInput): Promise<{ deliveryId: string }> {
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
  if (delivery.status === 'pending' && delivery.attempts === 0) {
    const workflowInput: WebhookDeliveryInput = {
      deliveryId: delivery.id,
      retrySchedule: deps.retrySchedule,
      attemptTimeoutMs: deps.attemptTimeoutMs ?? DEFAULT_ATTEMPT_TIMEOUT_MS,
    };
    try {
      await deps.temporal.client.workflow.start(WEBHOOK_DELIVERY_WORKFLOW, {
        taskQueue: deps.temporal.taskQueue,
        workflowId: delivery.id,
        args: [workflowInput],
        // A closed delivery workflow is never run again under the same id.
        workflowIdReusePolicy: 'REJECT_DUPLICATE',
      });
    } catch (error) {
      if (!(error instanceof WorkflowExecutionAlreadyStartedError)) throw error;
    }
  }
  return { deliveryId: delivery.id };
}
