import { randomBytes } from 'node:crypto';

/** Opaque, URL-safe and unguessable: 128 random bits (docs/api-behaviour.md#status-record asks for at least 122). */
export function newJobId(): string {
  return `job_${randomBytes(16).toString('base64url')}`;
}

export const JOB_ID_PATTERN = /^job_[A-Za-z0-9_-]{22}$/;
