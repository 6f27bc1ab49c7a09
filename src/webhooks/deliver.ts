/** One delivery attempt: sign, POST once, record what happened (run by an activity). */
import type { Db } from '../storage/database';
import { abandonDelivery, findAttempt, findDelivery, recordAttempt } from '../storage/repositories/webhook-deliveries';
import { webhookSecretFor } from '../storage/repositories/webhook-secrets';
import type { WebhookHttpClient } from './http-client';
import { signedHeaders } from './signing';
import type { WebhookAttemptInput, WebhookDeliveryState } from './workflow-contract';

export interface AttemptDeps {
  db: Db;
  http: WebhookHttpClient;
}

const isSuccess = (statusCode: number | null) => statusCode !== null && statusCode >= 200 && statusCode < 300;

/**
 * Makes attempt `input.attempt` of a delivery unless it has been made already (a retried
 * activity), and returns the delivery's state afterwards: delivered on any 2xx; otherwise
 * pending while attempts remain, then failed. Redirects count as failures (never followed).
 */
export async function attemptDelivery(deps: AttemptDeps, input: WebhookAttemptInput): Promise<WebhookDeliveryState> {
  const delivery = await findDelivery(deps.db, input.deliveryId);
  if (!delivery) return 'failed';
  if (delivery.status !== 'pending') return delivery.status;
  const done = await findAttempt(deps.db, input.deliveryId, input.attempt);
  if (done) return done.delivered ? 'delivered' : input.nextAttemptInSeconds === null ? 'failed' : 'pending';

  const secret = await webhookSecretFor(deps.db, delivery.user_id);
  if (!secret) {
    await abandonDelivery(deps.db, delivery.id, 'the account no longer exists');
    return 'failed';
  }
  const attemptedAt = new Date();
  const result = await deps.http.post(delivery.url, signedHeaders(secret, delivery.id, attemptedAt, delivery.body), delivery.body);
  const delivered = isSuccess(result.statusCode);
  const nextAttemptAt =
    delivered || input.nextAttemptInSeconds === null ? null : new Date(Date.now() + input.nextAttemptInSeconds * 1000);
  return recordAttempt(deps.db, {
    deliveryId: delivery.id,
    attempt: input.attempt,
    attemptedAt,
    statusCode: result.statusCode,
    error: result.error ?? (delivered ? null : describeStatus(result.statusCode)),
    durationSeconds: result.durationSeconds,
    delivered,
    nextAttemptAt,
  });
}

function describeStatus(statusCode: number | null): string | null {
  if (statusCode === null) return null;
  if (statusCode >= 300 && statusCode < 400) return `HTTP ${statusCode}: redirects are not followed`;
  return `HTTP ${statusCode}`;
}
