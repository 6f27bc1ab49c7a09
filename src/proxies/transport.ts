/**
 * Sending requests through a proxy: undici's ProxyAgent as the dispatcher of undici's fetch.
 * Node's global fetch takes no http.Agent, and mixing this undici's dispatchers with the copy
 * bundled in Node is not safe, so proxied requests use undici's own fetch. ProxyAgent tunnels
 * every request with CONNECT (https targets, and http ones too), so the proxy sees only the
 * host and port it connects to.
 */
import { ProxyAgent, fetch as undiciFetch } from 'undici';

export interface ProxyCredentials {
  url: string;
  username: string | null;
  password: string | null;
}

export function createProxyAgent(proxy: ProxyCredentials): ProxyAgent {
  const hasCredentials = proxy.username !== null || proxy.password !== null;
  return new ProxyAgent({
    uri: proxy.url,
    // Credentials travel as Proxy-Authorization, never inside a URL that might be logged.
    ...(hasCredentials
      ? { token: `Basic ${Buffer.from(`${proxy.username ?? ''}:${proxy.password ?? ''}`).toString('base64')}` }
      : {}),
    // Idle tunnels are not kept long: rotation spreads calls over many proxies.
    keepAliveTimeout: 4_000,
  });
}

/** A fetch with the global fetch's signature that sends through the given agent. */
export function fetchThrough(agent: ProxyAgent): typeof fetch {
  const proxied = (input: Parameters<typeof fetch>[0], init?: RequestInit) =>
    undiciFetch(input as never, { ...(init as object), dispatcher: agent } as never);
  return proxied as unknown as typeof fetch;
}
