/** The proxy pool's rows: what the admin routes manage and the YouTube client's pool reads. */
import { sql } from 'kysely';
import type { Db } from '../database';
import type { ProxyRow } from '../schema';

export class DuplicateProxyError extends Error {
  constructor() {
    super('this proxy (URL and username) is already in the pool');
  }
}

export interface NewProxy {
  url: string;
  username: string | null;
  password: string | null;
  label: string | null;
  enabled: boolean;
}

export async function insertProxy(db: Db, proxy: NewProxy): Promise<ProxyRow> {
  try {
    return await db.insertInto('proxies').values(proxy).returningAll().executeTakeFirstOrThrow();
  } catch (error) {
    if ((error as { code?: unknown }).code === '23505') throw new DuplicateProxyError();
    throw error;
  }
}

/** Every proxy, oldest first (the pool's rotation starts from this order). */
export async function listProxies(db: Db): Promise<ProxyRow[]> {
  return db.selectFrom('proxies').selectAll().orderBy('created_at').orderBy('id').execute();
}

export async function listEnabledProxies(db: Db): Promise<ProxyRow[]> {
  return db.selectFrom('proxies').selectAll().where('enabled', '=', true).orderBy('created_at').orderBy('id').execute();
}

export async function findProxy(db: Db, id: string): Promise<ProxyRow | null> {
  return (await db.selectFrom('proxies').selectAll().where('id', '=', id).executeTakeFirst()) ?? null;
}

export async function updateProxy(db: Db, id: string, patch: { label?: string | null; enabled?: boolean }): Promise<ProxyRow | null> {
  if (patch.label === undefined && patch.enabled === undefined) return findProxy(db, id);
  const row = await db
    .updateTable('proxies')
    .set({
      ...(patch.label !== undefined ? { label: patch.label } : {}),
      ...(patch.enabled !== undefined ? { enabled: patch.enabled } : {}),
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
  return row ?? null;
}

export async function deleteProxy(db: Db, id: string): Promise<boolean> {
  const result = await db.deleteFrom('proxies').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export interface Cooldown {
  /** Cooldown after the first failure; it doubles with each further consecutive failure. */
  baseSeconds: number;
  maxSeconds: number;
}

/**
 * The proxy failed at the connection level (refused, timed out, tunnel refused): one more
 * consecutive failure, and a cooldown of base * 2^(failures - 1) seconds, capped, during which
 * calls skip it. Computed in the database so every process agrees.
 */
export async function recordProxyFailure(db: Db, id: string, reason: string, cooldown: Cooldown): Promise<ProxyRow | null> {
  const row = await db
    .updateTable('proxies')
    .set({
      consecutive_failures: sql<number>`consecutive_failures + 1`,
      last_ok: false,
      last_error: reason,
      last_checked_at: sql<Date>`now()`,
      cooldown_until: sql<Date>`now() + make_interval(secs => least(${cooldown.maxSeconds}::float8, ${cooldown.baseSeconds}::float8 * power(2, least(consecutive_failures, 30))))`,
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
  return row ?? null;
}

/** The proxy worked: failures forgotten, cooldown lifted. */
export async function recordProxySuccess(db: Db, id: string): Promise<ProxyRow | null> {
  const row = await db
    .updateTable('proxies')
    .set({ consecutive_failures: 0, cooldown_until: null, last_ok: true, last_error: null, last_checked_at: sql<Date>`now()` })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
  return row ?? null;
}

/** The proxy answered but YouTube refused us through it, or YouTube itself failed: noted, no cooldown. */
export async function recordProxyTrouble(db: Db, id: string, reason: string): Promise<ProxyRow | null> {
  const row = await db
    .updateTable('proxies')
    .set({ last_ok: false, last_error: reason, last_checked_at: sql<Date>`now()` })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
  return row ?? null;
}
