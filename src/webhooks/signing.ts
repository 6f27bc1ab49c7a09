/** Standard Webhooks signatures (docs/api-behaviour.md#signing), made with the `standardwebhooks` library. */
import { Webhook } from 'standardwebhooks';

export const WEBHOOK_USER_AGENT = 'video-digest-webhooks/1.0';

/**
 * The headers of one attempt: webhook-id is the delivery's id (the same on every attempt),
 * webhook-timestamp the attempt's time, webhook-signature `v1,<base64 HMAC-SHA256>` over
 * `${id}.${timestamp}.${body}` with the user's `whsec_...` secret.
 */
export function signedHeaders(secret: string, deliveryId: string, at: Date, body: string): Record<string, string> {
  return {
    'content-type': 'application/json',
    'user-agent': WEBHOOK_USER_AGENT,
    'webhook-id': deliveryId,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': new Webhook(secret).sign(deliveryId, at, body),
  };
}
