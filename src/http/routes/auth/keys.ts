/**
 * API key management under /api/v1/auth/keys (contract section 4). Any valid key may manage its
 * owner's keys, but never grant more than it holds. Another user's key is "not found".
 */
import type { Logger } from 'pino';
import { issueApiKey } from '../../../auth/api-key-format';
import { notFound } from '../../../domain/errors';
import type { Db } from '../../../storage/database';
import { findActiveKey, insertKey, listActiveKeys, revokeKey, updateKey } from '../../../storage/repositories/api-key-admin';
import { defineRoute } from '../../route';
import {
  ApiKeyListSchema,
  ApiKeyResponseSchema,
  CreatedApiKeySchema,
  ErrorEnvelopeSchema,
  RevokedApiKeySchema,
  authErrors,
} from '../schemas';
import { checkGrant, defaultGrant } from './key-grants';
import type { KeyChanges } from '../../../auth/key-changes';
import { CreateKeyBody, KeyIdParams, NO_STORE, UpdateKeyBody, keyRecord } from './key-schemas';

export interface AuthRouteDeps {
  db: Db;
  logger: Logger;
  changes: KeyChanges;
}

const TAGS = ['auth'];
const AUTH = { kind: 'key', permission: null } as const;

export const commonErrors = {
  401: authErrors[401],
  429: { description: 'RATE_LIMITED (Retry-After)', schema: ErrorEnvelopeSchema },
} as const;

const bodyErrors = {
  400: { description: 'INVALID_JSON', schema: ErrorEnvelopeSchema },
  413: { description: 'PAYLOAD_TOO_LARGE', schema: ErrorEnvelopeSchema },
  422: { description: 'VALIDATION_ERROR (details.issues)', schema: ErrorEnvelopeSchema },
} as const;

const escalation = {
  description: 'INSUFFICIENT_PERMISSIONS: a permission the calling key does not hold, or "admin" off the admin plan (details.required, details.held)',
  schema: ErrorEnvelopeSchema,
} as const;

const keyNotFound = { description: 'NOT_FOUND: no such key, a revoked one, or another user\'s', schema: ErrorEnvelopeSchema } as const;

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
      'The new key cannot hold a permission the calling key lacks.',
    tags: TAGS,
    auth: AUTH,
    request: { body: CreateKeyBody },
    responses: {
      201: { description: 'Created; `key` is shown only here', schema: CreatedApiKeySchema },
      ...bodyErrors,
      ...commonErrors,
      403: escalation,
    },
    async handler({ body, principal }) {
      const permissions = body.permissions ? checkGrant(principal, body.permissions) : defaultGrant(principal);
      const issued = issueApiKey();
      const row = await insertKey(deps.db, {
        userId: principal.userId,
        name: body.name,
        hash: issued.hash,
        prefix: issued.prefix,
        lastFour: issued.lastFour,
        permissions,
        expiresAt: body.expires_at ? new Date(body.expires_at) : null,
      });
      return { status: 201, headers: NO_STORE, body: { key: issued.key, ...keyRecord(row) } };
    },
  });

export const listKeysRoute = (deps: AuthRouteDeps) =>
  defineRoute({
    method: 'get',
    path: '/api/v1/auth/keys',
    summary: 'List your API keys',
    description: 'Every key of the calling key\'s user that is not revoked (expired ones included), newest first. Never the key itself.',
    tags: TAGS,
    auth: AUTH,
    responses: { 200: { description: 'The keys', schema: ApiKeyListSchema }, ...commonErrors },
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
    tags: TAGS,
    auth: AUTH,
    request: { params: KeyIdParams },
    responses: { 200: { description: 'The key record', schema: ApiKeyResponseSchema }, ...commonErrors, 404: keyNotFound },
    async handler({ params, principal }) {
      const row = await findActiveKey(deps.db, principal.userId, params.key_id);
      if (!row) throw notFound('API key');
      return { body: keyRecord(row) };
    },
  });

export const updateKeyRoute = (deps: AuthRouteDeps) =>
  defineRoute({
    method: 'patch',
    path: '/api/v1/auth/keys/:key_id',
    summary: 'Rename an API key or change its permissions',
    description:
      'New permissions take effect on the next request, on every API process. They must be held by the calling key (narrowing is always allowed ' +
      'when the calling key holds what remains).',
    tags: TAGS,
    auth: AUTH,
    request: { params: KeyIdParams, body: UpdateKeyBody },
    responses: {
      200: { description: 'The updated key record', schema: ApiKeyResponseSchema },
      ...bodyErrors,
      ...commonErrors,
      403: escalation,
      404: keyNotFound,
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
    description: 'Revoked at once: the next request with the key is refused with INVALID_API_KEY on every API process. A key may revoke itself.',
    tags: TAGS,
    auth: AUTH,
    request: { params: KeyIdParams },
    responses: { 200: { description: 'Revoked', schema: RevokedApiKeySchema }, ...commonErrors, 404: keyNotFound },
    async handler({ params, principal }) {
      const row = await revokeKey(deps.db, principal.userId, params.key_id);
      if (!row) throw notFound('API key');
      await announce(deps, row.id);
      return { body: { key_id: row.id, revoked: true, revoked_at: row.revoked_at!.toISOString() } };
    },
  });
