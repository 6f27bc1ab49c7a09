import { YouTubeError } from './errors';
import type { HttpSession } from './http-session';
import { ProxyFailure, type ProxyProvider, type ProxyRoute } from './proxy-route';

/**
 * Which way one client call (getMetadata, getTranscript) reaches YouTube, by its use_proxy:
 *
 * - false: direct only. Never a proxy.
 * - null (default): direct first. If YouTube blocks us (SOURCE_BLOCKED: bot check, 429,
 *   /sorry/, captcha, withheld captions), the whole call is made again through the proxies.
 *   Other failures (unavailable video, network trouble) are not a reason to use a proxy.
 * - true: every request of the call goes through a proxy; never direct.
 *
 * Through the proxies, the call is made through one proxy at a time, all its requests through
 * that one proxy with a fresh cookie jar (YouTube sees each route as a separate client). A
 * proxy that gives no HTTP answer (refused, timed out, tunnel refused) is reported to the pool,
 * which cools it down so later calls skip it, and the next proxy is tried; so is the next one
 * when YouTube blocks us through a proxy. At most `maxProxiesPerCall` proxies per call.
 *
 * When no proxy gets us an answer:
 * - YouTube blocked us somewhere (directly, or through a proxy that worked): SOURCE_BLOCKED,
 *   the platform refused us; the job's activity retries it later.
 * - use_proxy true and no proxy worked at all (none configured, all cooling down, all down):
 *   TRANSIENT with a message that says so; retried later, when a proxy may have come back.
 * - use_proxy null and the pool has nothing to offer: the direct block, unchanged.
 */

export interface CallRouter {
  newSession(fetchImpl: typeof fetch, viaProxy: boolean): HttpSession;
  directFetch: typeof fetch;
  proxies: ProxyProvider | null;
  maxProxiesPerCall: number;
}

export type Call<T> = (session: HttpSession) => Promise<T>;

export async function routeCall<T>(router: CallRouter, useProxy: boolean | null, call: Call<T>): Promise<T> {
  if (useProxy === true) return throughProxies(router, call, null);
  try {
    return await call(router.newSession(router.directFetch, false));
  } catch (error) {
    if (useProxy === false || !isBlock(error)) throw error;
    return throughProxies(router, call, error);
  }
}

async function throughProxies<T>(router: CallRouter, call: Call<T>, directBlock: YouTubeError | null): Promise<T> {
  const pool = router.proxies;
  let candidates: ProxyRoute[] = [];
  let unreadable = false;
  if (pool) {
    try {
      candidates = await pool.candidates();
    } catch {
      unreadable = true;
    }
  }

  const tried = candidates.slice(0, Math.max(1, router.maxProxiesPerCall));
  let down = 0;
  let block: YouTubeError | null = null;
  for (const proxy of tried) {
    let result: T;
    try {
      result = await call(router.newSession(proxy.fetchImpl, true));
    } catch (error) {
      if (error instanceof ProxyFailure) {
        down++;
        await quietly(pool!.reportFailure(proxy.id, error.message));
        continue;
      }
      if (isBlock(error)) {
        block = error;
        continue;
      }
      // The proxy carried YouTube's answer; the answer is final or YouTube's own trouble.
      await quietly(pool!.reportSuccess(proxy.id));
      throw error;
    }
    await quietly(pool!.reportSuccess(proxy.id));
    return result;
  }

  if (directBlock) {
    if (tried.length === 0) throw directBlock;
    throw new YouTubeError(
      'SOURCE_BLOCKED',
      `${directBlock.message}; retrying through ${count(tried.length, 'proxy', 'proxies')} did not help (${outcomes(tried.length, down)})`,
    );
  }
  if (block) {
    throw new YouTubeError(
      'SOURCE_BLOCKED',
      `YouTube refused us through every proxy we tried (${outcomes(tried.length, down)}): ${block.message}`,
    );
  }
  // The only way to YouTube the job allows is closed: YouTube was not reached at all.
  throw new YouTubeError('TRANSIENT', `use_proxy is true but no working proxy is available (${noProxyReason(pool, unreadable, tried.length)})`, {
    unreachable: true,
  });
}

function isBlock(error: unknown): error is YouTubeError {
  return error instanceof YouTubeError && error.kind === 'SOURCE_BLOCKED' && !(error instanceof ProxyFailure);
}

function outcomes(tried: number, down: number): string {
  const blocked = tried - down;
  const parts: string[] = [];
  if (blocked > 0) parts.push(`${blocked} blocked`);
  if (down > 0) parts.push(`${down} not answering`);
  return parts.join(', ');
}

function noProxyReason(pool: ProxyProvider | null, unreadable: boolean, tried: number): string {
  if (!pool) return 'this service has no proxy pool';
  if (unreadable) return 'the proxy pool could not be read';
  if (tried === 0) return 'none is enabled, or all are cooling down after failures';
  return `${count(tried, 'proxy', 'proxies')} tried, none answered`;
}

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** Bookkeeping must never decide a call's outcome. */
async function quietly(work: Promise<void>): Promise<void> {
  try {
    await work;
  } catch {
    // The pool logs nothing secret and the call goes on either way.
  }
}
