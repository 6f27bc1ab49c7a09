/** The batch.completed delivery's state for the status record (null without a webhook_url). */
import { webhookState, type WebhookState } from '../../../webhooks';
import type { Db } from '../../../storage/database';
import type { BatchRow } from '../../../storage/schema';

export function batchWebhookState(db: Db, batch: BatchRow): Promise<WebhookState> {
  return webhookState(db, { batchId: batch.id }, batch.webhook_url);
}
