/** The caller's webhook signing secret (docs/api-behaviour.md#signing, Standard Webhooks). */
import { rotateWebhookSecret, webhookSecretFor } from '../../../storage/repositories/webhook-secrets';
import { defineRoute } from '../../route';
import { ofExistingUser } from '../resources';
import { WebhookSecretSchema } from '../schemas';
import { NO_STORE } from './key-schemas';
import { MANAGING_KEY, type AuthRouteDeps } from './keys';

export const webhookSecretRoute = (deps: AuthRouteDeps) =>
  defineRoute({
    method: 'get',
    path: '/api/v1/auth/webhook-secret',
    summary: 'Your webhook signing secret',
    description:
      'Webhook deliveries are signed per Standard Webhooks (webhook-id, webhook-timestamp, webhook-signature: v1,<base64 HMAC-SHA256>) ' +
      'with this secret: the HMAC key is the base64 part after whsec_. Created on first read; the same until rotated. ' +
      'Needs the "process" permission: whoever holds the secret can sign webhooks as this service.',
    auth: MANAGING_KEY,
    responses: { 200: { description: 'The secret', schema: WebhookSecretSchema } },
    async handler({ principal }) {
      return { headers: NO_STORE, body: { secret: ofExistingUser(await webhookSecretFor(deps.db, principal.userId)) } };
    },
  });

export const rotateWebhookSecretRoute = (deps: AuthRouteDeps) =>
  defineRoute({
    method: 'post',
    path: '/api/v1/auth/webhook-secret/rotate',
    summary: 'Replace your webhook signing secret',
    description: 'Needs the "process" permission. Deliveries signed from now on use the new secret; the old one stops being used at once.',
    auth: MANAGING_KEY,
    responses: { 200: { description: 'The new secret', schema: WebhookSecretSchema } },
    async handler({ principal }) {
      return { headers: NO_STORE, body: { secret: ofExistingUser(await rotateWebhookSecret(deps.db, principal.userId)) } };
    },
  });
