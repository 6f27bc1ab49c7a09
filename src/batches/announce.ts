/**
 * Announcing an ended batch: the batch.completed webhook (contract section 6) when the batch has a
 * webhook_url, and the 'batch_completed' email notice. Both are idempotent by key, so the activity
 * that calls this may be retried freely.
 */
import { queueNotice } from '../notifications';
import type { Db } from '../storage/database';
import { findBatch, setBatchWebhookDelivery } from '../storage/repositories/batches';
import type { BatchRow } from '../storage/schema';
import { scheduleWebhook, type WebhookDeps } from '../webhooks';

export interface BatchAnnouncer {
  db: Db;
  /** What scheduleWebhook needs besides the database. */
  webhooks: Omit<WebhookDeps, 'db'>;
}

/** The batch.completed payload's data (contract section 6); also what the email notice shows. */
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

export async function announceBatch(announcer: BatchAnnouncer, batchId: string, resultsUrl: string): Promise<void> {
  const { db } = announcer;
  const batch = await findBatch(db, batchId);
  if (!batch) return; // deleted with its user
  if (batch.status === 'processing') throw new Error(`batch ${batchId} has not ended`);
  const data = batchCompletedData(batch, resultsUrl);

  if (batch.webhook_url) {
    const { deliveryId } = await scheduleWebhook(
      { db, ...announcer.webhooks },
      {
        userId: batch.user_id,
        url: batch.webhook_url,
        type: 'batch.completed',
        data,
        batchId: batch.id,
        idempotencyKey: `batch.completed:${batch.id}`,
      },
    );
    if (batch.webhook_delivery_id !== deliveryId) await setBatchWebhookDelivery(db, batch.id, deliveryId);
  }

  await queueNotice(db, { userId: batch.user_id, kind: 'batch_completed', dedupeKey: `batch_completed:${batch.id}`, data });
}
