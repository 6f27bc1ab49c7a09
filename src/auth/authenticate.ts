/**
 * Who is calling: the key from `Authorization: Bearer` or `X-API-Key` (never the query string),
 * checked against its stored hash (docs/api-behaviour.md#authentication).
 */
import { AppError } from '../domain/errors';
import { permissionsAllowedFor, type Permission, type Principal } from '../domain/access';
import type { KeyResolver } from './key-resolver';
import type { KeyOwner } from '../storage/repositories/api-keys';
import { hashApiKey, isIssuedFormat, isWellFormedKey } from './api-key-format';

/** Every value of each credential header, as sent: a header that came twice has two. */
export interface PresentedCredentials {
  authorization: readonly string[];
  xApiKey: readonly string[];
}

/**
 * The credential headers of a request from its raw header lines: Node keeps only the first
 * Authorization and joins repeated X-API-Key values, which would hide a second key.
 */
export function credentialHeaders(rawHeaders: readonly string[]): PresentedCredentials {
  const authorization: string[] = [];
  const xApiKey: string[] = [];
  for (let i = 0; i < rawHeaders.length; i += 2) {
    const name = rawHeaders[i]!;
    // Most requests carry neither; the length check spares lower-casing every other header name.
    if (name.length === 13 && name.toLowerCase() === 'authorization') authorization.push(rawHeaders[i + 1]!);
    else if (name.length === 9 && name.toLowerCase() === 'x-api-key') xApiKey.push(rawHeaders[i + 1]!);
  }
  return { authorization, xApiKey };
}

/** Whether a request presents any key at all: a Bearer token or a non-empty X-API-Key. */
export function presentsKey(headers: PresentedCredentials): boolean {
  return headers.authorization.some((value) => readAuthorization(value).kind === 'bearer') || headers.xApiKey.some((value) => value.trim() !== '');
}

/**
 * What one Authorization value holds: nothing (empty, or a bare "Bearer"), a Bearer token (our
 * keys' scheme), or another scheme's credentials (Basic, a key sent with no scheme): no key of
 * ours, so nothing presented, as the contract's AUTHENTICATION_REQUIRED reads.
 */
type AuthorizationValue = { kind: 'none' } | { kind: 'bearer'; token: string } | { kind: 'other' };

function readAuthorization(value: string): AuthorizationValue {
  const trimmed = value.trim();
  const bearer = /^Bearer(?:\s+([^]*))?$/i.exec(trimmed);
  if (!bearer) return trimmed === '' ? { kind: 'none' } : { kind: 'other' };
  return bearer[1] ? { kind: 'bearer', token: bearer[1] } : { kind: 'none' };
}

/**
 * The key a request presents, or null when it presents none. Two keys are refused rather than one
 * picked: whichever we picked, a client (or a proxy adding a header) would be acting as someone it
 * did not mean to be.
 */
export function presentedKey(headers: PresentedCredentials): string | null {
  if (headers.authorization.length > 1) throw new AppError('INVALID_API_KEY', 'The Authorization header must be sent once');
  if (headers.xApiKey.length > 1) throw new AppError('INVALID_API_KEY', 'The X-API-Key header must be sent once');
  const authorization = headers.authorization[0];
  const read = authorization === undefined ? null : readAuthorization(authorization);
  const bearer = read?.kind === 'bearer' ? read.token : null;
  // A Bearer value that is not one token is a malformed key.
  if (bearer !== null && /\s/.test(bearer)) throw new AppError('INVALID_API_KEY', 'The Authorization header must be "Bearer <API key>"');
  const xApiKey = headers.xApiKey[0]?.trim() || null;
  if (bearer !== null && xApiKey !== null && xApiKey !== bearer) {
    throw new AppError('INVALID_API_KEY', 'Authorization and X-API-Key name different keys: send one key, in one of them');
  }
  return bearer ?? xApiKey;
}

export async function authenticate(keys: KeyResolver, headers: PresentedCredentials, legacyKeyPrefix: string): Promise<Principal> {
  const key = presentedKey(headers);
  if (key === null) {
    // Another scheme, or a key without one, is the usual slip: say what the header lacks.
    const otherScheme = headers.authorization.some((value) => readAuthorization(value).kind === 'other');
    throw new AppError(
      'AUTHENTICATION_REQUIRED',
      otherScheme
        ? 'An API key is required: the Authorization header holds no Bearer key; send "Authorization: Bearer <API key>" or "X-API-Key: <API key>"'
        : 'An API key is required: send "Authorization: Bearer <API key>" or "X-API-Key: <API key>"',
    );
  }
  const issuedFormat = isIssuedFormat(key);
  if (!issuedFormat && !isWellFormedKey(key, legacyKeyPrefix)) throw invalidKey();
  const owner = await keys.find(hashApiKey(key), { issuedFormat });
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
