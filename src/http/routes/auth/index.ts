/** Every route under /api/v1/auth: key management, key validation and the webhook secret. */
import type { AnyRoute } from '../../route';
import { createKeyRoute, getKeyRoute, listKeysRoute, revokeKeyRoute, updateKeyRoute, type AuthRouteDeps } from './keys';
import { validateKeyRoute } from './validate';
import { rotateWebhookSecretRoute, webhookSecretRoute } from './webhook-secret';

export type { AuthRouteDeps } from './keys';

export function authRoutes(deps: AuthRouteDeps): AnyRoute[] {
  return [
    createKeyRoute(deps),
    listKeysRoute(deps),
    getKeyRoute(deps),
    updateKeyRoute(deps),
    revokeKeyRoute(deps),
    validateKeyRoute(deps),
    webhookSecretRoute(deps),
    rotateWebhookSecretRoute(deps),
  ];
}
