/**
 * Where webhooks may go (docs/api-behaviour.md#where-webhooks-may-go): only public unicast
 * addresses. Checked when a URL is submitted (assertWebhookTarget) and again when a delivery
 * connects (guardedLookup and the connector in http-client.ts), so DNS rebinding cannot reach an
 * internal address either.
 */
import dns from 'node:dns';
import net from 'node:net';
import ipaddr from 'ipaddr.js';
import { AppError } from '../domain/errors';

export interface ResolvedAddress {
  address: string;
  family: number;
}

/** Every address a host name resolves to (tests pass a stub to simulate DNS answers). */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolver: Resolver = (hostname) => dns.promises.lookup(hostname, { all: true, verbatim: true });

/** IPv6 global unicast space (2000::/3); everything else is unassigned or special. */
const IPV6_GLOBAL_UNICAST = ipaddr.parseCIDR('2000::/3');

/**
 * Why an address is off limits, or null for a public unicast address. Refused: loopback, private
 * (10/8, 172.16/12, 192.168/16), link-local (169.254/16, cloud metadata included), CGNAT 100.64/10,
 * multicast, broadcast, reserved and documentation ranges, unspecified (0.0.0.0/8, ::), and in
 * IPv6 also unique-local fc00::/7, site-local, IPv4-mapped/translated forms of refused IPv4
 * addresses, and the tunnelling prefixes (6to4, Teredo, NAT64) that could lead anywhere.
 */
export function forbiddenReason(address: string): string | null {
  if (!ipaddr.isValid(address)) return 'not an IP address';
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6') {
    const v6 = parsed as ipaddr.IPv6;
    if (v6.isIPv4MappedAddress()) parsed = v6.toIPv4Address();
    else {
      const range = v6.range();
      if (range !== 'unicast') return range;
      if (!v6.match(IPV6_GLOBAL_UNICAST)) return 'reserved';
      return null;
    }
  }
  const range = (parsed as ipaddr.IPv4).range();
  return range === 'unicast' ? null : range;
}

export const isForbiddenAddress = (address: string) => forbiddenReason(address) !== null;

/** Raised (at submission as AppError, at connect time as this) when a target is off limits. */
export class WebhookTargetRefusedError extends Error {
  override readonly name = 'WebhookTargetRefusedError';
  readonly code = 'EWEBHOOKTARGET';
}

/** A URL's host without IPv6 brackets. */
export const bareHostname = (hostname: string) =>
  hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;

const DNS_TIMEOUT_MS = 5_000;

async function resolveWithin(resolver: Resolver, hostname: string): Promise<ResolvedAddress[]> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      resolver(hostname),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`DNS lookup of ${hostname} timed out`)), DNS_TIMEOUT_MS);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The addresses a host may be reached at: all of them public, or a WebhookTargetRefusedError.
 * A name with any forbidden address is refused whole (a mixed answer is how rebinding starts).
 */
export async function resolvePublicAddresses(hostname: string, resolver: Resolver = systemResolver): Promise<ResolvedAddress[]> {
  const host = bareHostname(hostname);
  if (net.isIP(host)) {
    if (isForbiddenAddress(host)) throw new WebhookTargetRefusedError('the webhook target is not a public address');
    return [{ address: host, family: net.isIP(host) }];
  }
  const addresses = await resolveWithin(resolver, host);
  if (addresses.length === 0) throw Object.assign(new Error(`${host} did not resolve`), { code: 'ENOTFOUND' });
  if (addresses.some((a) => isForbiddenAddress(a.address))) {
    throw new WebhookTargetRefusedError('the webhook target resolves to a non-public address');
  }
  return addresses;
}

export interface TargetCheckOptions {
  allowPrivate: boolean;
  /** DNS for the check; the system resolver unless a test stubs it. */
  resolver?: Resolver;
}

const REFUSED_MESSAGE =
  'webhook_url must be an http or https URL whose host resolves to public internet addresses ' +
  '(not loopback, private, link-local, multicast or reserved)';

/** The form check alone: an http(s) URL without credentials, or AppError('INVALID_WEBHOOK_URL'). */
export function parseWebhookUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new AppError('INVALID_WEBHOOK_URL', 'webhook_url is not a valid URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new AppError('INVALID_WEBHOOK_URL', 'webhook_url must be an http or https URL');
  }
  if (url.username || url.password) {
    throw new AppError('INVALID_WEBHOOK_URL', 'webhook_url must not carry credentials');
  }
  return url;
}

/**
 * Submission-time check: throws AppError('INVALID_WEBHOOK_URL') for non-http(s) URLs, URLs with
 * credentials, hosts that do not resolve, and any host that resolves to a forbidden address,
 * unless allowPrivate (ALLOW_PRIVATE_WEBHOOKS=true, local development and tests).
 */
export async function assertWebhookTarget(url: string, options: TargetCheckOptions): Promise<void> {
  const parsed = parseWebhookUrl(url);
  if (options.allowPrivate) return;
  try {
    await resolvePublicAddresses(parsed.hostname, options.resolver);
  } catch {
    // One message whatever the reason, so the check cannot be used to probe internal DNS names.
    throw new AppError('INVALID_WEBHOOK_URL', REFUSED_MESSAGE);
  }
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | dns.LookupAddress[], family?: number) => void;

/**
 * A `lookup` for net/tls.connect that only ever hands back public addresses: connections made
 * with it cannot reach an internal address, whatever DNS says by then. Handles both forms Node
 * asks for (one address, or `all: true` when it races address families).
 */
export function guardedLookup(resolver: Resolver = systemResolver) {
  return (hostname: string, options: dns.LookupOptions, callback: LookupCallback): void => {
    resolvePublicAddresses(hostname, resolver).then(
      (addresses) => {
        const family = options.family === 'IPv4' ? 4 : options.family === 'IPv6' ? 6 : options.family;
        const usable = family === 4 || family === 6 ? addresses.filter((a) => a.family === family) : addresses;
        if (usable.length === 0) {
          callback(Object.assign(new Error(`${hostname} has no usable address`), { code: 'ENOTFOUND' }), options.all ? [] : '', 0);
          return;
        }
        if (options.all) callback(null, usable);
        else callback(null, usable[0]!.address, usable[0]!.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, options.all ? [] : '', 0),
    );
  };
}
