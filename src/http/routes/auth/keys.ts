/**
 * API key management under /api/v1/auth/keys
 * (docs/api-behaviour.md#permissions-and-key-management). Any valid key may list its owner's keys;
 * creating, changing and revoking them needs `process`, so a leaked read-only key cannot take over
 * the account. A key never grants more than it holds. Another user's key is "not found".
 */
import type { Logger } from 'pino';
import { issueApiKey } from '../../../auth/api-key-format';
import { AppError, notFound } from '../../../domain/errors';
import type { Db } from '../../../storage/database';
import { findActiveKey, insertKeyWithinLimit, listActiveKeys, revokeKey, updateKey, type ApiKeyRecord } from '../../../storage/repositories/api-key-admin';
import { ANY_KEY, defineRoute, keyWith, type RouteResource } from '../../route';
import { refusal } from '../../standard-responses';
import { ApiKeyListSchema, ApiKeyResponseSchema, CreatedApiKeySchema, RevokedApiKeySchema } from '../schemas';
import { checkGrant, defaultGrant } from './key-grants';
import type { KeyChanges } from '../../../auth/key-changes';
import { CreateKeyBody, KeyIdParams, NO_STORE, UpdateKeyBody, keyRecord } from './key-schemas';

export interface AuthRouteDeps {
  db: Db;
  logger: Logger;
  changes: KeyChanges;
  /** KEYS_PER_USER_MAX: active keys one user may hold. */
  keysPerUserMax: number;
}

/** Changing what keys exist or may do, or the webhook secret: `process`. Reading them: any valid key. */
export const MANAGING_KEY = keyWith('process');

const escalation = refusal(
  'INSUFFICIENT_PERMISSIONS: the calling key lacks the "process" permission, or asks for a permission it does not hold, or "admin" off the admin plan ' +
    '(details.required names a permission, as on every route; here also details.missing, details.held)',
);

const keyLimitReached = refusal(
  'KEY_LIMIT_REACHED: the user already holds KEYS_PER_USER_MAX active (unrevoked, unexpired) keys (details.limit, details.active)',
);

const KEY_NOT_FOUND = "NOT_FOUND: no such key, a revoked one, or another user's";

/** One of the caller's active keys; a revoked key or another user's is not found. */
const ownKey = (db: Db): RouteResource<typeof KeyIdParams, ApiKeyRecord> => ({
  name: 'API key',
  params: KeyIdParams,
  notFound: KEY_NOT_FOUND,
  find: ({ params, principal }) => findActiveKey(db, principal.userId, params.key_id),
});

/**
 * Every API process caches keys; a change is announced, and answered once they have all forgotten
 * the key (src/auth/key-changes.ts). The database is the authority, so a failed announcement is logged
 * rather than failing a change that has been made (caches expire within a minute regardless).
 */
async function announce(deps: AuthRouteDeps, keyId: string): Promise<void> {
  try {
    await deps.changes.announce(keyId);
  } catch (error) {
    deps.logger.warn({ err: error, keyId }, 'could not announce an API key change; other processes keep it cached up to a minute');
  }
}

export const createKeyRoute = (deps: AuthRouteDeps) =>
  defineRoute({
    method: 'post',
    path: '/api/v1/auth/keys',
    summary: 'Create an API key',
    description:
      'Issues a new key for the calling key\'s user. The full key is in this response only; afterwards only prefix and last_four are shown. ' +
      'Needs the "process" permission; the new key cannot hold a permission the calling key lacks. A user holds at most KEYS_PER_USER_MAX ' +
      'active keys (default 20): revoke one to make room.',
    auth: MANAGING_KEY,
    request: { body: CreateKeyBody },
    responses: {
      201: { description: 'Created; `key` is shown only here', schema: CreatedApiKeySchema },
      403: escalation,
      409: keyLimitReached,
    },
    async handler({ body, principal }) {
      const permissions = body.permissions ? checkGrant(principal, body.permissions) : defaultGrant(principal);
      const issued = issueApiKey();
      const insertion = await insertKeyWithinLimit(
        deps.db,
        {
          userId: principal.userId,
          name: body.name,
          hash: issued.hash,
          prefix: issued.prefix,
          lastFour: issued.lastFour,
          permissions,
          expiresAt: body.expires_at ? new Date(body.expires_at) : null,
        },
        deps.keysPerUserMax,
      );
      if ('limitReached' in insertion) {
        throw new AppError(
          'KEY_LIMIT_REACHED',
          `This account already holds ${insertion.limitReached.active} active API keys, the most allowed (${deps.keysPerUserMax}); revoke one first`,
          { limit: deps.keysPerUserMax, active: insertion.limitReached.active },
        );
      }
      return { status: 201, headers: NO_STORE, body: { key: issued.key, ...keyRecord(insertion.created) } };
    },
  });

export const listKeysRoute = (deps: AuthRouteDeps) =>
  defineRoute({
    method: 'get',
    path: '/api/v1/auth/keys',
    summary: 'List your API keys',
    description: 'Every key of the calling key\'s user that is not revoked (expired ones included), newest first. Never the key itself. Any valid key.',
    auth: ANY_KEY,
    responses: { 200: { description: 'The keys', schema: ApiKeyListSchema } },
    async handler({ principal }) {
      const rows = await listActiveKeys(deps.db, principal.userId);
      return { body: { keys: rows.map(keyRecord) } };
    },
  });

export const getKeyRoute = (deps: AuthRouteDeps) =>
  defineRoute({
    method: 'get',
    path: '/api/v1/auth/keys/:key_id',
    summary: 'One of your API keys',
    description: 'Any valid key.',
    auth: ANY_KEY,
    resource: ownKey(deps.db),
    responses: { 200: { description: 'The key record', schema: ApiKeyResponseSchema } },
    async handler({ resource: row }) {
      return { body: keyRecord(row) };
    },
  });

export const updateKeyRoute = (deps: AuthRouteDeps) =>
  defineRoute({
    method: 'patch',
    path: '/api/v1/auth/keys/:key_id',
    summary: 'Rename an API key or change its permissions',
    description:
      'Needs the "process" permission. New permissions take effect on the next request, on every API process. They must be held by the ' +
      'calling key (narrowing is always allowed when the calling key holds what remains).',
    auth: MANAGING_KEY,
    request: { params: KeyIdParams, body: UpdateKeyBody },
    responses: {
      200: { description: 'The updated key record', schema: ApiKeyResponseSchema },
      403: escalation,
      404: refusal(KEY_NOT_FOUND),
    },
    async handler({ params, body, principal }) {
      const permissions = body.permissions ? checkGrant(principal, body.permissions) : undefined;
      const row = await updateKey(deps.db, principal.userId, params.key_id, { name: body.name, permissions });
      if (!row) throw notFound('API key');
      if (permissions) await announce(deps, row.id);
      return { body: keyRecord(row) };
    },
  });

export const revokeKeyRoute = (deps: AuthRouteDeps) =>
  defineRoute({
    method: 'delete',
    path: '/api/v1/auth/keys/:key_id',
    summary: 'Revoke an API key',
    description:
      'Needs the "process" permission. Revoked at once: the next request with the key is refused with INVALID_API_KEY on every API process. ' +
      'A key may revoke itself.',
    auth: MANAGING_KEY,
    request: { params: KeyIdParams },
    responses: { 200: { description: 'Revoked', schema: RevokedApiKeySchema }, 404: refusal(KEY_NOT_FOUND) },
    async handler({ params, principal }) {
      const row = await revokeKey(deps.db, principal.userId, params.key_id);
      if (!row) throw notFound('API key');
      await announce(deps, row.id);
      return { body: { key_id: row.id, revoked: true, revoked_at: row.revoked_at!.toISOString() } };
    },
  });
