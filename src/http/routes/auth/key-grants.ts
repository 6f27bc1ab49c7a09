/**
 * What a key may hand out (docs/api-behaviour.md#permissions-and-key-management): a key never
 * grants more than it holds, and only users on the admin plan may hold `admin`, whatever an older
 * key says.
 */
import { AppError } from '../../../domain/errors';
import { PERMISSIONS, defaultPermissionsFor, permissionsAllowedFor, type Permission, type Principal } from '../../../domain/access';

/** Permissions in their canonical order (read, process, admin), without repeats. */
export function canonical(permissions: Iterable<Permission>): Permission[] {
  const set = new Set(permissions);
  return PERMISSIONS.filter((p) => set.has(p));
}

/** What the calling key can grant: what it holds, as far as the account's plan still allows. */
export function grantablePermissions(principal: Principal): Permission[] {
  const allowed = new Set(permissionsAllowedFor(principal.plan));
  return canonical([...principal.permissions].filter((p) => allowed.has(p)));
}

/** The requested permissions, canonical, or INSUFFICIENT_PERMISSIONS naming what is missing. */
export function checkGrant(principal: Principal, requested: readonly Permission[]): Permission[] {
  const grantable = new Set(grantablePermissions(principal));
  const missing = canonical(requested.filter((p) => !grantable.has(p)));
  if (missing.length > 0) {
    const allowedByPlan = new Set(permissionsAllowedFor(principal.plan));
    const planBlocked = missing.filter((p) => !allowedByPlan.has(p));
    const message =
      planBlocked.length > 0
        ? `The ${planBlocked.map((p) => `"${p}"`).join(', ')} permission is only available to users on the admin plan`
        : `This API key cannot grant permissions it does not hold: ${missing.map((p) => `"${p}"`).join(', ')}`;
    // `required` names one permission, as when a route refuses a key; `missing` lists them all.
    throw new AppError('INSUFFICIENT_PERMISSIONS', message, {
      required: missing[0],
      missing,
      held: canonical(grantable),
      plan: principal.plan,
    });
  }
  return canonical(requested);
}

/** A new key's permissions when none are asked for: the plan's defaults, capped by the caller's. */
export function defaultGrant(principal: Principal): Permission[] {
  const grantable = new Set(grantablePermissions(principal));
  const permissions = defaultPermissionsFor(principal.plan).filter((p) => grantable.has(p));
  if (permissions.length === 0) {
    const missing = defaultPermissionsFor(principal.plan);
    throw new AppError('INSUFFICIENT_PERMISSIONS', 'This API key holds no permission it could grant to a new key', {
      required: missing[0],
      missing,
      held: [],
      plan: principal.plan,
    });
  }
  return canonical(permissions);
}
