import { randomBytes } from 'node:crypto';

/** A delivery's id: its `webhook-id` header and its workflow's id. 128 random bits. */
export function newDeliveryId(): string {
  return `msg_${randomBytes(16).toString('base64url')}`;
}
