/**
 * Who is calling: the key from `Authorization: Bearer` or `X-API-Key` (never the query string),
 * checked against its stored hash (contract sections 2 and 4).
 */
import { AppError } from '../domain/errors';
import { permissionsAllowedFor, type Permission, type Principal } from '../domain/access';
import type { KeyResolver } from './key-resolver';
import type { KeyOwner } from '../storage/repositories/api-keys';
import { hashApiKey, isWellFormedKey } from './api-key-format';

export interface PresentedCredentials {
  authorization?: string;
  xApiKey?: string;
}

/** The key a request presents, or null when it presents none. */
export function presentedKey(headers: PresentedCredentials): string | null {
  const authorization = headers.authorization?.trim();
  if (authorization) {
    const match = /^Bearer\s+(\S+)$/i.exec(authorization);
    if (!match) throw new AppError('INVALID_API_KEY', 'The Authorization header must be "Bearer <API key>"');
    return match[1]!;
  }
  const xApiKey = headers.xApiKey?.trim();
  return xApiKey ? xApiKey : null;
}

export async function authenticate(keys: KeyResolver, headers: PresentedCredentials, legacyKeyPrefix: string): Promise<Principal> {
  const key = presentedKey(headers);
  if (key === null) {
    throw new AppError(
      'AUTHENTICATION_REQUIRED',
      'An API key is required: send "Authorization: Bearer <API key>" or "X-API-Key: <API key>"',
    );
  }
  if (!isWellFormedKey(key, legacyKeyPrefix)) throw invalidKey();
  const owner = await keys.find(hashApiKey(key));
  if (!owner || owner.revokedAt) throw invalidKey();
  if (owner.expiresAt && owner.expiresAt.getTime() <= Date.now()) {
    throw new AppError('INVALID_API_KEY', 'The API key has expired');
  }
  return principalOf(owner);
}

// The key resolver hands back the same owner object while it is cached, so the principal built
// from it is too: one per key and minute, not one per request.
const principals = new WeakMap<KeyOwner, Principal>();

function principalOf(owner: KeyOwner): Principal {
  let principal = principals.get(owner);
  if (!principal) {
    // A key keeps what it was given only while the plan allows it (admin needs the admin plan).
    const allowed = permissionsAllowedFor(owner.plan);
    principal = Object.freeze({
      userId: owner.userId,
      email: owner.email,
      plan: owner.plan,
      keyId: owner.keyId,
      permissions: new Set(owner.permissions.filter((permission) => allowed.includes(permission))),
      expiresAt: owner.expiresAt,
    });
    principals.set(owner, principal);
  }
  return principal;
}

export function requirePermission(principal: Principal, required: Permission): void {
  if (!principal.permissions.has(required)) {
    throw new AppError('INSUFFICIENT_PERMISSIONS', `This API key lacks the "${required}" permission`, { required });
  }
}

const invalidKey = () => new AppError('INVALID_API_KEY', 'The API key is invalid, revoked or expired');
