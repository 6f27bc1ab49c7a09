import { randomBytes } from 'node:crypto';

/** A delivery's id: its `webhook-id` header and its workflow's id. 128 random bits. */
export function newDeliveryId(): string {
  return `msg_${randomBytes(16).toString('base64url')}`;
}

export const DELIVERY_ID_PATTERN = /^msg_[A-Za-z0-9_-]{22}$/;
