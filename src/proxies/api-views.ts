/** A proxy as the API shows it: never the password, the URL with it masked. */
import type { ProxyRow } from '../storage/schema';
import { maskedProxyUrl } from './proxy-url';

export type ProxyState = 'ok' | 'cooling_down' | 'failing' | 'untested' | 'disabled';

export function proxyRecord(row: ProxyRow, now = Date.now()) {
  return {
    proxy_id: row.id,
    url: maskedProxyUrl(row),
    scheme: row.url.slice(0, row.url.indexOf(':')),
    has_credentials: row.username !== null || row.password !== null,
    label: row.label,
    enabled: row.enabled,
    state: proxyState(row, now),
    last_checked_at: row.last_checked_at?.toISOString() ?? null,
    last_ok: row.last_ok,
    last_error: row.last_error,
    consecutive_failures: row.consecutive_failures,
    cooldown_until: row.cooldown_until && row.cooldown_until.getTime() > now ? row.cooldown_until.toISOString() : null,
    created_at: row.created_at.toISOString(),
  };
}

/** disabled > cooling_down (skipped by calls) > failing (last check failed) > ok > untested. */
export function proxyState(row: ProxyRow, now = Date.now()): ProxyState {
  if (!row.enabled) return 'disabled';
  if (row.cooldown_until && row.cooldown_until.getTime() > now) return 'cooling_down';
  if (row.last_ok === false) return 'failing';
  if (row.last_ok === true) return 'ok';
  return 'untested';
}
