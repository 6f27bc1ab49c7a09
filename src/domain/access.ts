/** Plans and key permissions (docs/api-behaviour.md#permissions-and-key-management). */

export const PLANS = ['free', 'pro', 'admin'] as const;
export type Plan = (typeof PLANS)[number];

export const PERMISSIONS = ['read', 'process', 'admin'] as const;
export type Permission = (typeof PERMISSIONS)[number];

/** Permissions a new key gets when none are asked for. */
export function defaultPermissionsFor(plan: Plan): Permission[] {
  return plan === 'admin' ? ['read', 'process', 'admin'] : ['read', 'process'];
}

/** Only users on the admin plan may hold the admin permission. */
export function permissionsAllowedFor(plan: Plan): readonly Permission[] {
  return plan === 'admin' ? PERMISSIONS : ['read', 'process'];
}

/** The authenticated caller of a request. */
export interface Principal {
  userId: string;
  email: string;
  plan: Plan;
  keyId: string;
  permissions: ReadonlySet<Permission>;
  /** When the key stops working; null for keys that do not expire. */
  expiresAt: Date | null;
}
