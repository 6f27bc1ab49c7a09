/** The caller's webhook signing secret (docs/api-behaviour.md#signing, Standard Webhooks). */
import type { Db } from '../../../storage/database';
import { rotateWebhookSecret, webhookSecretFor } from '../../../storage/repositories/webhook-secrets';
import { defineRoute, type HttpMethod } from '../../route';
import { ofExistingUser } from '../resources';
import { WebhookSecretSchema } from '../schemas';
import { NO_STORE } from './key-schemas';
import { MANAGING_KEY, type AuthRouteDeps } from './keys';

interface SecretRouteDocs {
  summary: string;
  description: string;
  /** What the 200 answer holds. */
  answer: string;
}

/**
 * Both routes answer with the secret, never cached, and need the "process" permission: whoever
 * holds the secret can sign webhooks as this service.
 */
const secretRoute =
  (method: HttpMethod, path: string, docs: SecretRouteDocs, secretOf: (db: Db, userId: string) => Promise<string | null>) =>
  (deps: AuthRouteDeps) =>
    defineRoute({
      method,
      path,
      summary: docs.summary,
      description: docs.description,
      auth: MANAGING_KEY,
      responses: { 200: { description: docs.answer, schema: WebhookSecretSchema } },
      async handler({ principal }) {
        return { headers: NO_STORE, body: { secret: ofExistingUser(await secretOf(deps.db, principal.userId)) } };
      },
    });

export const webhookSecretRoute = secretRoute(
  'get',
  '/api/v1/auth/webhook-secret',
  {
    summary: 'Your webhook signing secret',
    description:
      'Webhook deliveries are signed per Standard Webhooks (webhook-id, webhook-timestamp, webhook-signature: v1,<base64 HMAC-SHA256>) ' +
      'with this secret: the HMAC key is the base64 part after whsec_. Created on first read; the same until rotated. ' +
      'Needs the "process" permission: whoever holds the secret can sign webhooks as this service.',
    answer: 'The secret',
  },
  webhookSecretFor,
);

export const rotateWebhookSecretRoute = secretRoute(
  'post',
  '/api/v1/auth/webhook-secret/rotate',
  {
    summary: 'Replace your webhook signing secret',
    description: 'Needs the "process" permission. Deliveries signed from now on use the new secret; the old one stops being used at once.',
    answer: 'The new secret',
  },
  rotateWebhookSecret,
);
