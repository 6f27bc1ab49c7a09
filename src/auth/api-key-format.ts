/** Issuing, recognising and hashing API keys (docs/api-behaviour.md#authentication). */
import { hash, randomBytes } from 'node:crypto';

const ISSUED_KEY = /^sk_[0-9a-f]{64}$/;

export interface IssuedKey {
  key: string;
  hash: string;
  prefix: string;
  lastFour: string;
}

export function issueApiKey(): IssuedKey {
  const key = `sk_${randomBytes(32).toString('hex')}`;
  return { key, hash: hashApiKey(key), prefix: key.slice(0, 10), lastFour: key.slice(-4) };
}

/**
 * Keys carry 256 random bits, so a plain SHA-256 is as good as a slow KDF here and keeps the
 * lookup on every request cheap.
 */
export function hashApiKey(key: string): string {
  // The one-shot form: a quarter of createHash's cost, and this runs on every request.
  return hash('sha256', key, 'hex');
}

/** Whether a key has the shape of those this service issues (sk_ + 64 lowercase hex). */
export function isIssuedFormat(key: string): boolean {
  return ISSUED_KEY.test(key);
}

/** Whether a presented key has a shape we ever issue: sk_ keys, or legacy `<prefix>_...` keys. */
export function isWellFormedKey(key: string, legacyPrefix: string): boolean {
  if (ISSUED_KEY.test(key)) return true;
  return new RegExp(`^${legacyPrefix}_[A-Za-z0-9_-]{16,128}$`).test(key);
}
