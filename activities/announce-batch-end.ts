/**
 * Announcing an ended batch: the batch.completed webhook
 * (docs/api-behaviour.md#events-and-payloads) when the batch has a webhook_url, and the
 * 'batch_completed' email notice. Both are idempotent by key, so the activity that calls this may
 * be retried freely.
 */
import { queueNotice } from '../src/notifications';
import type { Db } from '../src/storage/database';
import { findBatch, setBatchWebhookDelivery } from '../src/storage/repositories/batches';
import type { BatchRow } from '../src/storage/schema';
import { recordWebhookDelivery, type WebhookDeliveryInput, type WebhookDeps } from '../src/webhooks';

export interface BatchAnnouncer {
  db: Db;
  /** What recording the delivery needs besides the database. */
  webhooks: Omit<WebhookDeps, 'db'>;
}

/** The batch.completed payload's data (docs/api-behaviour.md#events-and-payloads); also what the email notice shows. */
export function batchCompletedData(batch: BatchRow, resultsUrl: string) {
  return {
    batch_id: batch.id,
    status: batch.status,
    total_jobs: batch.total_jobs,
    successful_jobs: batch.successful_jobs ?? 0,
    failed_jobs: batch.failed_jobs ?? 0,
    results_url: resultsUrl,
    completed_at: batch.completed_at ? batch.completed_at.toISOString() : null,
  };
}

/**
 * The batch.completed webhook's delivery and the email notice: the delivery is recorded, and its
 * workflow's input returned for the batch workflow to start as its child.
 */
export async function announceBatch(
  announcer: BatchAnnouncer,
  batchId: string,
  resultsUrl: string,
): Promise<WebhookDeliveryInput | null> {
  const { db } = announcer;
  const batch = await findBatch(db, batchId);
  if (!batch) return null; // deleted with its user
  if (batch.status === 'processing') throw new Error(`batch ${batchId} has not ended`);
  const data = batchCompletedData(batch, resultsUrl);

  let start: WebhookDeliveryInput | null = null;
  if (batch.webhook_url) {
    const event = {
      userId: batch.user_id,
      url: batch.webhook_url,
      type: 'batch.completed' as const,
      data,
      batchId: batch.id,
      idempotencyKey: `batch.completed:${batch.id}`,
    };
    const webhookDeps = { db, ...announcer.webhooks };
    const recorded = await recordWebhookDelivery(webhookDeps, event);
    const { deliveryId } = recorded;
    start = recorded.start;
    if (batch.webhook_delivery_id !== deliveryId) await setBatchWebhookDelivery(db, batch.id, deliveryId);
  }

  await queueNotice(db, { userId: batch.user_id, kind: 'batch_completed', dedupeKey: `batch_completed:${batch.id}`, data });
  return start;
}
