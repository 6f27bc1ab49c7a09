/**
 * Failed authentications per client address
 * (docs/api-behaviour.md#failed-authentications-per-address): a well-formed key costs a lookup and
 * any key can be tried, so an address whose keys failed AUTH_FAILURES_PER_IP_PER_MINUTE times in
 * the current minute gets 429 RATE_LIMITED instead of 401 for every further invalid key until the
 * minute is over. Only failures are limited: a valid key is served whatever its address's failures,
 * since a client behind the same address as a guesser (a NAT, a proxy) must
 * not lose its service to it.
 *
 * Counted with rate-limiter-flexible in the shared cache, so the count holds across API processes
 * sharing Redis (in process memory on the embedded default, and per process while Redis is down).
 * The failure that uses up an address's minute blocks it in this process and announces the block
 * to the others, so a blocked address's failures are refused from memory, uncounted. A process
 * that missed the announcement (started since, or its subscription dropped) blocks the address at
 * its next failure, which finds the count full.
 */
import { isIPv6 } from 'node:net';
import { boundedCache } from '../lib/bounded-cache';
import { AppError } from '../domain/errors';
import type { ServiceMetrics } from '../metrics/service-metrics';
import type { SharedCache } from '../storage/shared-cache';
import { sharedLimiter } from '../usage/shared-limiter';

const WINDOW_SECONDS = 60;

export interface AuthFailureLimit {
  /**
   * After an authentication from the address failed (an invalid key): throws RATE_LIMITED when the
   * address has used up its failures this minute, else counts the failure and returns, and the
   * caller answers 401. A failure refused this way is not counted again.
   */
  failed(address: string | undefined): Promise<void>;
}

/** Where an address's block is announced, so every API process refuses it without asking the store. */
const BLOCKS_CHANNEL = 'auth-failure-blocks';

export function createAuthFailureLimit(
  store: SharedCache,
  failuresPerMinute: number,
  metrics?: Pick<ServiceMetrics, 'limiterFallback'>,
): AuthFailureLimit {
  const limiter = sharedLimiter(store, { keyPrefix: 'auth-failures', points: failuresPerMinute, durationSeconds: WINDOW_SECONDS }, () =>
    metrics?.limiterFallback('address'),
  );
  // Blocked addresses and when their window ends. Failures are counted in the shared store; the
  // check on every request with a key reads only this, so valid requests pay no round trip for it.
  const blockedUntil = boundedCache<string, number>({ maxEntries: 100_000, ttlMs: WINDOW_SECONDS * 1000 });
  const block = (client: string, until: number) => blockedUntil.set(client, until, { ttl: Math.max(1, until - Date.now()) });
  void store
    .subscribe(BLOCKS_CHANNEL, (message) => {
      const [client, until] = message.split(' ');
      if (client && Number(until) > Date.now()) block(client, Number(until));
    })
    .catch(() => {
      // Without the channel, this process still blocks the addresses whose failures it counted.
    });

  const refusal = (until: number) => {
    const retryAfter = Math.max(1, Math.ceil((until - Date.now()) / 1000));
    return new AppError(
      'RATE_LIMITED',
      `Too many requests with an invalid API key from this address: ${failuresPerMinute} a minute`,
      { limit: failuresPerMinute, retry_after: retryAfter, scope: 'address' },
      { 'Retry-After': String(retryAfter) },
    );
  };

  return {
    async failed(address) {
      const client = clientKey(address);
      const blocked = blockedUntil.get(client);
      if (blocked !== undefined && blocked > Date.now()) throw refusal(blocked);
      let window;
      try {
        window = await limiter.penalty(client, 1);
      } catch {
        // Neither window could count (the per-process one stands in while Redis is down): the
        // client still learns its key is invalid.
        return;
      }
      if (window.consumedPoints < failuresPerMinute) return;
      const until = Date.now() + window.msBeforeNext;
      block(client, until);
      await store.publish(BLOCKS_CHANNEL, `${client} ${until}`).catch(() => undefined);
      // The failure that used up the minute is answered 401 like those before it; one past it
      // (counted by a process that missed the announcement) is refused.
      if (window.consumedPoints > failuresPerMinute) throw refusal(until);
    },
  };
}

export function clientKey(address: string | undefined): string {
  if (!address) return 'unknown';
  // IPv4, as most clients are: every request with a key comes here, so skip the IPv6 parsing.
  if (!address.includes(':')) return address;
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (mapped) return mapped[1]!;
  const bare = address.split('%')[0]!; // a zone (fe80::1%eth0) names the interface, not the client
  if (!isIPv6(bare)) return address;
  return `${ipv6Groups(bare).slice(0, 4).join(':')}::/64`;
}

/** The eight 16-bit groups of an IPv6 address, in shortest hex. */
function ipv6Groups(address: string): string[] {
  const [head = '', tail] = address.split('::');
  const parse = (part: string | undefined) => (part ? part.split(':') : []);
  const headParts = parse(head);
  const tailParts = parse(tail);
  // A trailing dotted quad (::ffff:1.2.3.4, 64:ff9b::1.2.3.4) fills two groups.
  const groupsIn = (parts: string[]) => parts.length + (parts.at(-1)?.includes('.') ? 1 : 0);
  const missing = tail === undefined ? 0 : 8 - groupsIn(headParts) - groupsIn(tailParts);
  return [...headParts, ...Array<string>(missing).fill('0'), ...tailParts].map((group) =>
    group.includes('.') ? group : parseInt(group, 16).toString(16),
  );
}
