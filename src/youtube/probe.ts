import { BaseUrl } from './base-url';
import { looksLikeCaptchaPage } from './captcha';
import { YouTubeError } from './errors';
import { HttpSession } from './http-session';
import { WEB_USER_AGENT } from './innertube-clients';
import { ProxyFailure } from './proxy-route';

/**
 * One real request to YouTube (the configured base) through a given transport, as the proxy
 * test route makes it: the watch page of a long-lived public video, with the same HTTP
 * handling as the client's own requests.
 *
 * - ok: YouTube answered and did not refuse us.
 * - unreachable: no HTTP answer through the proxy (refused, timed out, tunnel refused).
 * - blocked: YouTube answered with a refusal (429, /sorry/, captcha, 403).
 * - error: YouTube answered with a server error.
 */
export type ProbeOutcome = 'ok' | 'unreachable' | 'blocked' | 'error';

export interface ProbeResult {
  outcome: ProbeOutcome;
  latencyMs: number;
  /** A safe sentence, when not ok. */
  error?: string;
}

export interface ProbeOptions {
  baseUrl: string;
  fetchImpl: typeof fetch;
  requestTimeoutMs: number;
  /** True when fetchImpl goes through a proxy (failures to answer are then the proxy's). */
  viaProxy: boolean;
}

/** "Me at the zoo", the first YouTube video: public and going nowhere. */
export const PROBE_VIDEO_ID = 'jNQXAC9IVRw';

export async function probeYouTube(options: ProbeOptions): Promise<ProbeResult> {
  const base = new BaseUrl(options.baseUrl);
  const session = new HttpSession({
    base,
    fetchImpl: options.fetchImpl,
    requestTimeoutMs: options.requestTimeoutMs,
    retryDelayMs: 300,
    viaProxy: options.viaProxy,
  });
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  try {
    const response = await session.send({
      method: 'GET',
      url: base.resolve(`/watch?v=${PROBE_VIDEO_ID}&hl=en`),
      headers: {
        'User-Agent': WEB_USER_AGENT,
        Accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
        'Accept-Language': 'en-US,en;q=0.9',
      },
      purpose: 'the test request',
    });
    const latencyMs = elapsed();
    if (response.status === 403) return { outcome: 'blocked', latencyMs, error: 'YouTube refused the test request (HTTP 403)' };
    if (looksLikeCaptchaPage(response.text)) {
      return { outcome: 'blocked', latencyMs, error: 'YouTube answered the test request with a captcha' };
    }
    return { outcome: 'ok', latencyMs };
  } catch (error) {
    const latencyMs = elapsed();
    if (error instanceof ProxyFailure) return { outcome: 'unreachable', latencyMs, error: error.message };
    if (error instanceof YouTubeError) {
      return { outcome: error.kind === 'SOURCE_BLOCKED' ? 'blocked' : 'error', latencyMs, error: error.message };
    }
    throw error;
  }
}
