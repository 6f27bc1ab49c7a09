/**
 * Per-user webhook signing secrets (docs/api-behaviour.md#signing, Standard Webhooks): `whsec_` +
 * base64 of 32 random bytes, made on first use and kept in users.webhook_secret.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../database';

export const WEBHOOK_SECRET_PREFIX = 'whsec_';

export function generateWebhookSecret(): string {
  return `${WEBHOOK_SECRET_PREFIX}${randomBytes(32).toString('base64')}`;
}

/**
 * The user's secret, created on first use. One statement, so concurrent first reads (an API
 * request and a webhook delivery, say) agree on the same secret. Null for an unknown user.
 */
export async function webhookSecretFor(db: Db, userId: string): Promise<string | null> {
  const existing = await db.selectFrom('users').select('webhook_secret').where('id', '=', userId).executeTakeFirst();
  if (!existing) return null;
  if (existing.webhook_secret) return existing.webhook_secret;
  const row = await db
    .updateTable('users')
    .set({ webhook_secret: sql<string>`COALESCE(webhook_secret, ${generateWebhookSecret()})` })
    .where('id', '=', userId)
    .returning('webhook_secret')
    .executeTakeFirst();
  return row?.webhook_secret ?? null;
}

/** Replaces the user's secret with a new one and returns it. Null for an unknown user. */
export async function rotateWebhookSecret(db: Db, userId: string): Promise<string | null> {
  const row = await db
    .updateTable('users')
    .set({ webhook_secret: generateWebhookSecret() })
    .where('id', '=', userId)
    .returning('webhook_secret')
    .executeTakeFirst();
  return row?.webhook_secret ?? null;
}
