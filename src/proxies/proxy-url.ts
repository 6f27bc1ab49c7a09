/**
 * Proxy addresses as admins give them and as the API shows them. Only http:// and https://
 * proxies (HTTP CONNECT, the latter over TLS to the proxy) are accepted: that is what undici's
 * ProxyAgent supports as stable. SOCKS support in undici 7 is experimental, so it is refused.
 */

export const PROXY_SCHEMES = ['http', 'https'] as const;

export interface ParsedProxyUrl {
  /** scheme://host:port, the port always written out. */
  url: string;
  username: string | null;
  password: string | null;
}

export type ProxyUrlVerdict = { ok: true; value: ParsedProxyUrl } | { ok: false; message: string };

const DEFAULT_PORTS: Record<string, string> = { 'http:': '80', 'https:': '443' };

export function parseProxyUrl(input: string): ProxyUrlVerdict {
  let parsed: URL;
  try {
    parsed = new URL(input.trim());
  } catch {
    return { ok: false, message: 'must be an absolute URL such as http://host:port' };
  }
  const protocol = parsed.protocol.toLowerCase();
  if (protocol.startsWith('socks')) {
    return { ok: false, message: 'SOCKS proxies are not supported; use an http:// or https:// (HTTP CONNECT) proxy' };
  }
  if (!(protocol in DEFAULT_PORTS)) return { ok: false, message: 'must be an http:// or https:// proxy URL' };
  if (!parsed.hostname) return { ok: false, message: 'must name the proxy host' };
  if ((parsed.pathname !== '' && parsed.pathname !== '/') || parsed.search !== '' || parsed.hash !== '') {
    return { ok: false, message: 'must be scheme://host:port, without a path, query or fragment' };
  }
  const port = parsed.port || DEFAULT_PORTS[protocol]!;
  return {
    ok: true,
    value: {
      url: `${protocol}//${parsed.hostname.toLowerCase()}:${port}`,
      username: parsed.username ? safeDecode(parsed.username) : null,
      password: parsed.password ? safeDecode(parsed.password) : null,
    },
  };
}

/** The URL to show: the username is kept, the password replaced by ****. */
export function maskedProxyUrl(proxy: { url: string; username: string | null; password: string | null }): string {
  if (proxy.username === null && proxy.password === null) return proxy.url;
  const slashes = proxy.url.indexOf('//') + 2;
  const user = encodeURIComponent(proxy.username ?? '');
  const credentials = proxy.password === null ? user : `${user}:****`;
  return `${proxy.url.slice(0, slashes)}${credentials}@${proxy.url.slice(slashes)}`;
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
