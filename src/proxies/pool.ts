/**
 * The proxy pool as the YouTube client sees it (ProxyProvider): the enabled proxies from
 * Postgres, cached briefly, minus those cooling down, rotated from call to call.
 *
 * Dead proxies: a proxy that gives no HTTP answer (refused, timed out, tunnel refused) gets one
 * more consecutive failure and a cooldown (base * 2^(failures-1), capped), written to the
 * database so every worker skips it, and applied to this process's snapshot at once. It comes
 * back when the cooldown ends, when a call through it succeeds, or when a test through the
 * admin route succeeds (that clears the cooldown in the database; other processes see it at
 * their next refresh).
 */
import type { ProxyAgent } from 'undici';
import type { Db } from '../storage/database';
import type { ProxyRow } from '../storage/schema';
import { listEnabledProxies, recordProxyFailure, recordProxySuccess, type Cooldown } from '../storage/repositories/proxies';
import type { ProxyProvider, ProxyRoute } from '../youtube';
import { createProxyAgent, fetchThrough } from './transport';

export interface ProxyPoolOptions {
  /** How long the list read from Postgres is reused. Default 5000. */
  cacheTtlMs?: number;
  /** With no usable proxy in the snapshot, it is read again after this long. Default 1000. */
  emptyRetryMs?: number;
  /** Cooldown after a connection-level failure. Default 30 s doubling to 10 min. */
  cooldown?: Cooldown;
  now?: () => number;
}

export const DEFAULT_PROXY_COOLDOWN: Cooldown = { baseSeconds: 30, maxSeconds: 600 };

interface Snapshot {
  loadedAt: number;
  proxies: ProxyRow[];
}

interface AgentEntry {
  fingerprint: string;
  agent: ProxyAgent;
  route: ProxyRoute;
}

export class ProxyPool implements ProxyProvider {
  private snapshot: Snapshot | null = null;
  private loading: Promise<Snapshot> | null = null;
  private readonly agents = new Map<string, AgentEntry>();
  private turn = 0;
  private readonly cacheTtlMs: number;
  private readonly emptyRetryMs: number;
  private readonly cooldown: Cooldown;
  private readonly now: () => number;

  constructor(
    private readonly db: Db,
    options: ProxyPoolOptions = {},
  ) {
    this.cacheTtlMs = options.cacheTtlMs ?? 5_000;
    this.emptyRetryMs = options.emptyRetryMs ?? 1_000;
    this.cooldown = options.cooldown ?? DEFAULT_PROXY_COOLDOWN;
    this.now = options.now ?? Date.now;
  }

  async candidates(): Promise<ProxyRoute[]> {
    let snapshot = await this.current(this.cacheTtlMs);
    let usable = this.usable(snapshot);
    // A proxy just added, or brought back by a test, should not wait out the whole cache.
    if (usable.length === 0 && this.now() - snapshot.loadedAt >= this.emptyRetryMs) {
      snapshot = await this.current(0);
      usable = this.usable(snapshot);
    }
    if (usable.length === 0) return [];
    const start = this.turn++ % usable.length;
    return [...usable.slice(start), ...usable.slice(0, start)].map((proxy) => this.routeFor(proxy));
  }

  async reportFailure(proxyId: string, reason: string): Promise<void> {
    const local = this.snapshot?.proxies.find((p) => p.id === proxyId);
    if (local) {
      // Skipped by this process at once, before the database answers.
      local.consecutive_failures += 1;
      local.cooldown_until = new Date(this.now() + this.cooldownMs(local.consecutive_failures));
      local.last_ok = false;
      local.last_error = reason;
    }
    const row = await recordProxyFailure(this.db, proxyId, reason, this.cooldown);
    if (row && local) Object.assign(local, row);
  }

  async reportSuccess(proxyId: string): Promise<void> {
    const local = this.snapshot?.proxies.find((p) => p.id === proxyId);
    // Only a change of state is written: a healthy proxy costs no write per call.
    if (local && local.last_ok === true && local.consecutive_failures === 0 && local.cooldown_until === null) return;
    const row = await recordProxySuccess(this.db, proxyId);
    if (row && local) Object.assign(local, row);
  }

  /** Forgets the cached list, so the next call reads the database. */
  invalidate(): void {
    this.snapshot = null;
  }

  async close(): Promise<void> {
    const agents = [...this.agents.values()].map((entry) => entry.agent);
    this.agents.clear();
    await Promise.allSettled(agents.map((agent) => agent.close()));
  }

  private usable(snapshot: Snapshot): ProxyRow[] {
    const now = this.now();
    return snapshot.proxies.filter((p) => p.cooldown_until === null || p.cooldown_until.getTime() <= now);
  }

  private async current(maxAgeMs: number): Promise<Snapshot> {
    if (this.snapshot && this.now() - this.snapshot.loadedAt < maxAgeMs) return this.snapshot;
    this.loading ??= this.load().finally(() => {
      this.loading = null;
    });
    return this.loading;
  }

  private async load(): Promise<Snapshot> {
    const proxies = await listEnabledProxies(this.db);
    this.snapshot = { loadedAt: this.now(), proxies };
    this.retireAgents(proxies);
    return this.snapshot;
  }

  private routeFor(proxy: ProxyRow): ProxyRoute {
    const fingerprint = `${proxy.url}\n${proxy.username ?? ''}\n${proxy.password ?? ''}`;
    const existing = this.agents.get(proxy.id);
    if (existing && existing.fingerprint === fingerprint) return existing.route;
    const agent = createProxyAgent(proxy);
    const route: ProxyRoute = { id: proxy.id, fetchImpl: fetchThrough(agent), proxyUrl: withCredentials(proxy) };
    this.agents.set(proxy.id, { fingerprint, agent, route });
    if (existing) void existing.agent.close().catch(() => {});
    return route;
  }

  /** Agents of proxies that were removed or disabled are closed (after their requests finish). */
  private retireAgents(proxies: ProxyRow[]): void {
    const present = new Set(proxies.map((p) => p.id));
    for (const [id, entry] of this.agents) {
      if (present.has(id)) continue;
      this.agents.delete(id);
      void entry.agent.close().catch(() => {});
    }
  }

  private cooldownMs(failures: number): number {
    const seconds = Math.min(this.cooldown.maxSeconds, this.cooldown.baseSeconds * 2 ** Math.min(failures - 1, 30));
    return seconds * 1000;
  }
}

export function createProxyPool(db: Db, options?: ProxyPoolOptions): ProxyPool {
  return new ProxyPool(db, options);
}

/** scheme://user:password@host:port, credentials URL-encoded. */
function withCredentials(proxy: ProxyRow): string {
  const url = new URL(proxy.url);
  if (proxy.username !== null) url.username = encodeURIComponent(proxy.username);
  if (proxy.password !== null) url.password = encodeURIComponent(proxy.password);
  return url.href.replace(/\/$/, '');
}
