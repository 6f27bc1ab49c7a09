import { YouTubeError } from './errors';

/**
 * What the YouTube client needs from a proxy pool. The pool (src/proxies) reads the proxies
 * from the database and builds the transports; the client decides when to use them.
 */

/** One proxy as a call uses it. */
export interface ProxyRoute {
  id: string;
  /** Sends a request through this proxy; same contract as the global fetch. */
  fetchImpl: typeof fetch;
  /**
   * The proxy as a URL with its credentials, for an external downloader (yt-dlp) that takes it
   * in its environment. Never logged.
   */
  proxyUrl?: string;
}

export interface ProxyProvider {
  /**
   * The proxies a call may use now, in the order to try them: enabled ones that are not
   * cooling down after a failure, rotated so successive calls start at different proxies.
   */
  candidates(): Promise<ProxyRoute[]>;
  /** The proxy failed at the connection level (refused, timed out, tunnel refused): cool it down. */
  reportFailure(proxyId: string, reason: string): Promise<void>;
  /** A call went through the proxy. */
  reportSuccess(proxyId: string): Promise<void>;
}

/**
 * A request through a proxy that got no HTTP answer from YouTube: the proxy refused the
 * connection or the tunnel, or nothing came back in time. From our side this cannot be told
 * apart from the proxy being down, so it counts against the proxy; the call moves on to
 * another one instead of retrying this one.
 */
export class ProxyFailure extends YouTubeError {
  constructor(message: string) {
    super('TRANSIENT', message);
    this.name = 'ProxyFailure';
  }
}

/** A short, safe reason for a transport error through a proxy: never a URL or credentials. */
export function describeProxyError(error: unknown, purpose: string, timedOut: boolean): string {
  if (timedOut) return `The proxy got no answer for ${purpose} in time`;
  // undici nests the reason: TypeError("fetch failed") <- DOMException <- RequestAbortedError.
  let code: string | undefined;
  for (let cause = causeOf(error), depth = 0; cause && depth < 5; cause = causeOf(cause), depth++) {
    const message = typeof cause.message === 'string' ? cause.message : '';
    const tunnel = /Proxy response \((\d{3})\)|Proxy Authentication Required \((\d{3})\)/.exec(message);
    if (tunnel) {
      const status = tunnel[1] ?? tunnel[2];
      return `The proxy refused to connect us to YouTube (HTTP ${status}${status === '407' ? ', proxy authentication failed' : ''})`;
    }
    // The deepest system or undici code is the most specific (ECONNREFUSED, UND_ERR_SOCKET).
    if (typeof cause.code === 'string' && /^(E[A-Z]+|UND_ERR_[A-Z_]+)$/.test(cause.code)) code = cause.code;
  }
  return `Could not reach YouTube through the proxy for ${purpose}${code ? ` (${code})` : ''}`;
}

function causeOf(error: unknown): { code?: unknown; message?: unknown; cause?: unknown } | undefined {
  const cause = (error as { cause?: unknown } | null)?.cause;
  return typeof cause === 'object' && cause !== null ? (cause as { code?: unknown; message?: unknown }) : undefined;
}
