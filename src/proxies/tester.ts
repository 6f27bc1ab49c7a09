/**
 * POST /api/v1/proxies/{id}/test: one real request to YouTube through the proxy (probeYouTube),
 * and its outcome written down the way the pool would: a proxy that does not answer is cooled
 * down; one that works is brought back at once; one YouTube refuses is marked failing.
 */
import type { Db } from '../storage/database';
import type { ProxyRow } from '../storage/schema';
import { recordProxyFailure, recordProxySuccess, recordProxyTrouble, type Cooldown } from '../storage/repositories/proxies';
import { probeYouTube, type ProbeOutcome } from '../youtube';
import { DEFAULT_PROXY_COOLDOWN } from './pool';
import { createProxyAgent, fetchThrough } from './transport';

export interface ProxyTestResult {
  outcome: ProbeOutcome;
  ok: boolean;
  latencyMs: number;
  error?: string;
  /** The proxy's row after the outcome was recorded (null if it was removed meanwhile). */
  row: ProxyRow | null;
}

export async function testProxy(
  db: Db,
  proxy: ProxyRow,
  options: { youtubeBaseUrl: string; requestTimeoutMs: number; cooldown?: Cooldown },
): Promise<ProxyTestResult> {
  const agent = createProxyAgent(proxy);
  try {
    const result = await probeYouTube({
      baseUrl: options.youtubeBaseUrl,
      fetchImpl: fetchThrough(agent),
      requestTimeoutMs: options.requestTimeoutMs,
      viaProxy: true,
    });
    let row: ProxyRow | null;
    switch (result.outcome) {
      case 'ok':
        row = await recordProxySuccess(db, proxy.id);
        break;
      case 'unreachable':
        row = await recordProxyFailure(db, proxy.id, result.error ?? 'The proxy did not answer', options.cooldown ?? DEFAULT_PROXY_COOLDOWN);
        break;
      default:
        row = await recordProxyTrouble(db, proxy.id, result.error ?? 'The test request failed');
    }
    return { outcome: result.outcome, ok: result.outcome === 'ok', latencyMs: result.latencyMs, error: result.error, row };
  } finally {
    // destroy, not close: a proxy that never answered may still hold a half-open tunnel.
    void agent.destroy().catch(() => {});
  }
}
