import { randomBytes } from 'node:crypto';

/** Opaque, URL-safe and unguessable, like job ids: 128 random bits. */
export function newBatchId(): string {
  return `batch_${randomBytes(16).toString('base64url')}`;
}

export const BATCH_ID_PATTERN = /^batch_[A-Za-z0-9_-]{22}$/;
