import { BaseUrl, isConsentHost, isSorryPath } from './base-url';
import { CookieJar } from './cookie-jar';
import { YouTubeError } from './errors';
import { ProxyFailure, describeProxyError } from './proxy-route';

/**
 * One client call's conversation with YouTube: a cookie jar, a per-request deadline, redirects
 * followed by hand (so a hop to /sorry/ or to the consent host is seen rather than swallowed),
 * and a single quick retry for failures that are usually momentary. Anything slower or more
 * patient than that belongs to the caller's retry policy.
 */

export interface HttpRequest {
  method: 'GET' | 'POST';
  /** An absolute URL already on the configured base. */
  url: string;
  headers?: Record<string, string>;
  body?: string;
  /** Words for error messages ("the watch page"); never the URL, which may carry keys. */
  purpose: string;
}

export interface HttpResponse {
  status: number;
  text: string;
  contentType: string;
  /** Set when YouTube sent us to its cookie-consent host instead of answering. */
  consentRedirect: boolean;
}

/** An answer read as bytes (media), with what a ranged download needs to check it. */
export interface HttpBytesResponse {
  status: number;
  body: Buffer;
  contentType: string;
  /** Content-Range of a 206 answer, e.g. "bytes 0-2097151/5242880". */
  contentRange: string | null;
}

/** What one exchange, redirects followed, came to; the body read as text or as bytes. */
interface Answer {
  status: number;
  text: string;
  bytes: Buffer | null;
  contentType: string;
  contentRange: string | null;
  consentRedirect: boolean;
}

type BodyAs = 'text' | 'bytes';

export interface HttpSessionOptions {
  base: BaseUrl;
  fetchImpl: typeof fetch;
  requestTimeoutMs: number;
  retryDelayMs: number;
  /**
   * Set when fetchImpl goes through a proxy: a request that gets no HTTP answer then throws
   * ProxyFailure at once, without the quick retry, so the caller can move to another proxy.
   */
  viaProxy?: boolean;
}

const MAX_REDIRECTS = 5;
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

export class HttpSession {
  readonly cookies = new CookieJar();

  constructor(private readonly options: HttpSessionOptions) {}

  get base(): BaseUrl {
    return this.options.base;
  }

  /**
   * Sends the request, retrying once after a short pause if it failed transiently.
   * Throws YouTubeError TRANSIENT (network, timeout, 5xx) or SOURCE_BLOCKED (429, /sorry/),
   * or ProxyFailure (no answer through the proxy). Other statuses are returned for the caller
   * to judge.
   */
  async send(request: HttpRequest): Promise<HttpResponse> {
    const answer = await this.sendWithRetry(request, 'text');
    return { status: answer.status, text: answer.text, contentType: answer.contentType, consentRedirect: answer.consentRedirect };
  }

  /**
   * Like send, with the body read as bytes: for media (audio streams), fetched in ranges by the
   * caller through the same base, redirect checks, proxy and retry as every other request.
   */
  async sendForBytes(request: HttpRequest): Promise<HttpBytesResponse> {
    const answer = await this.sendWithRetry(request, 'bytes');
    return { status: answer.status, body: answer.bytes ?? Buffer.alloc(0), contentType: answer.contentType, contentRange: answer.contentRange };
  }

  private async sendWithRetry(request: HttpRequest, bodyAs: BodyAs): Promise<Answer> {
    try {
      return await this.sendOnce(request, bodyAs);
    } catch (error) {
      if (!(error instanceof YouTubeError) || error.kind !== 'TRANSIENT' || error instanceof ProxyFailure) throw error;
      await delay(this.options.retryDelayMs);
      return this.sendOnce(request, bodyAs);
    }
  }

  private async sendOnce(request: HttpRequest, bodyAs: BodyAs): Promise<Answer> {
    let method = request.method;
    let body = request.body;
    let url = request.url;
    const bare = (status: number, consentRedirect = false): Answer => ({
      status,
      text: '',
      bytes: null,
      contentType: '',
      contentRange: null,
      consentRedirect,
    });

    for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
      const response = await this.exchange(method, url, body, request, bodyAs);
      if (response.status === 429) {
        throw new YouTubeError('SOURCE_BLOCKED', `YouTube is rate limiting us (HTTP 429 on ${request.purpose})`);
      }
      if (response.status >= 500) {
        throw new YouTubeError('TRANSIENT', `YouTube answered HTTP ${response.status} on ${request.purpose}`);
      }
      const answer: Answer = { ...response, consentRedirect: false };
      if (!REDIRECT_STATUSES.has(response.status) || !response.location) return answer;

      let target: URL;
      try {
        target = new URL(response.location, url);
      } catch {
        return answer;
      }
      if (isSorryPath(target)) {
        throw new YouTubeError('SOURCE_BLOCKED', `YouTube sent ${request.purpose} to its unusual-traffic page`);
      }
      if (isConsentHost(target)) return bare(response.status, true);
      const next = this.options.base.rebase(target.href);
      if (next === null) {
        // Somewhere outside YouTube (a sign-in page, say): not ours to follow.
        return bare(response.status);
      }
      if (response.status === 303 || ((response.status === 301 || response.status === 302) && method === 'POST')) {
        method = 'GET';
        body = undefined;
      }
      url = next;
    }
    throw new YouTubeError('TRANSIENT', `YouTube redirected ${request.purpose} too many times`);
  }

  private async exchange(
    method: 'GET' | 'POST',
    url: string,
    body: string | undefined,
    request: HttpRequest,
    bodyAs: BodyAs,
  ): Promise<Omit<Answer, 'consentRedirect'> & { location: string | null }> {
    const headers: Record<string, string> = { ...request.headers };
    const cookie = this.cookies.header();
    if (cookie) headers['Cookie'] = cookie;

    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), this.options.requestTimeoutMs);
    try {
      const response = await this.options.fetchImpl(url, {
        method,
        headers,
        body,
        redirect: 'manual',
        signal: controller.signal,
      });
      this.storeCookies(response.headers);
      // A transport that follows redirects itself still reveals where it ended up.
      if (response.url && isSorryUrl(response.url)) {
        throw new YouTubeError('SOURCE_BLOCKED', `YouTube sent ${request.purpose} to its unusual-traffic page`);
      }
      const bytes = bodyAs === 'bytes' ? Buffer.from(await response.arrayBuffer()) : null;
      const text = bytes === null ? await response.text() : '';
      return {
        status: response.status,
        text,
        bytes,
        contentType: response.headers.get('content-type') ?? '',
        contentRange: response.headers.get('content-range'),
        location: response.headers.get('location'),
      };
    } catch (error) {
      if (error instanceof YouTubeError) throw error;
      if (this.options.viaProxy) throw new ProxyFailure(describeProxyError(error, request.purpose, controller.signal.aborted));
      if (controller.signal.aborted) {
        throw new YouTubeError('TRANSIENT', `YouTube did not answer ${request.purpose} in time`, { unreachable: true });
      }
      throw new YouTubeError('TRANSIENT', `Could not reach YouTube for ${request.purpose}${networkCode(error)}`, {
        unreachable: true,
      });
    } finally {
      clearTimeout(timer);
    }
  }

  private storeCookies(headers: Headers): void {
    const values =
      typeof headers.getSetCookie === 'function'
        ? headers.getSetCookie()
        : splitCombinedSetCookie(headers.get('set-cookie'));
    for (const value of values) this.cookies.applySetCookie(value);
  }
}

function isSorryUrl(url: string): boolean {
  try {
    return isSorryPath(new URL(url));
  } catch {
    return false;
  }
}

/** A short system error code such as ECONNREFUSED, never the message (it may quote the URL). */
function networkCode(error: unknown): string {
  const cause = (error as { cause?: { code?: unknown } } | null)?.cause;
  const code = cause && typeof cause.code === 'string' ? cause.code : undefined;
  return code && /^[A-Z_]+$/.test(code) ? ` (${code})` : '';
}

/** Transports without getSetCookie fold several cookies into one comma-joined header. */
function splitCombinedSetCookie(combined: string | null): string[] {
  if (!combined) return [];
  // Commas also appear inside Expires dates ("Wed, 21 Oct 2026"), so split only before "name=".
  return combined.split(/,\s*(?=[^;,=\s]+=)/);
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
