/** Every route under /api/v1/auth: key management, key validation and the webhook secret. */
import type { Logger } from 'pino';
import type { KeyResolver } from '../../../auth/key-resolver';
import type { Db } from '../../../storage/database';
import type { SharedCache } from '../../../storage/shared-cache';
import type { AnyRoute } from '../../route';
import type { Config } from '../../../config';
import { createKeyChanges } from '../../../auth/key-changes';
import { createKeyRoute, getKeyRoute, listKeysRoute, revokeKeyRoute, updateKeyRoute } from './keys';
import { validateKeyRoute } from './validate';
import { rotateWebhookSecretRoute, webhookSecretRoute } from './webhook-secret';

export type { AuthRouteDeps } from './keys';

/**
 * Built once per API process, after its key resolver (see src/auth/key-changes.ts for why the order
 * matters).
 */
export function authRoutes(services: {
  db: Db;
  store: SharedCache;
  keys: KeyResolver;
  logger: Logger;
  config: Pick<Config, 'limits'>;
}): AnyRoute[] {
  const deps = {
    db: services.db,
    logger: services.logger,
    changes: createKeyChanges(services),
    keysPerUserMax: services.config.limits.keysPerUser,
  };
  return [
    createKeyRoute(deps),
    listKeysRoute(deps),
    getKeyRoute(deps),
    updateKeyRoute(deps),
    revokeKeyRoute(deps),
    validateKeyRoute(),
    webhookSecretRoute(deps),
    rotateWebhookSecretRoute(deps),
  ];
}
