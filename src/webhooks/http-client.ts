/**
 * The HTTP client of webhook deliveries: one POST per attempt, redirects never followed, a hard
 * time limit, and (unless private targets are allowed) a connector that refuses non-public
 * addresses at connect time: IP literals directly, names through guardedLookup. Node's global
 * fetch ignores http.Agent, so this uses an undici Agent with its own connector.
 */
import net from 'node:net';
import { Agent, buildConnector, request } from 'undici';
import { WebhookTargetRefusedError, bareHostname, guardedLookup, isForbiddenAddress, systemResolver, type Resolver } from './address-policy';

export interface WebhookHttpOptions {
  /** Whole attempt (connect, send, response headers and body), milliseconds. */
  timeoutMs: number;
  /** ALLOW_PRIVATE_WEBHOOKS: no address checks at all (local development and tests). */
  allowPrivate: boolean;
  /** DNS used by the connect-time check (tests stub it to simulate rebinding). */
  resolver?: Resolver;
}

export interface AttemptResult {
  /** The response status, or null when no response came (timeout, refused, reset...). */
  statusCode: number | null;
  /**
   * Why no response came, or null for a response: for the operator's log only, since telling a
   * user which of these a target gave would make the delivery log a port scanner.
   */
  error: string | null;
}

export interface WebhookHttpClient {
  post(url: string, headers: Record<string, string>, body: string): Promise<AttemptResult>;
  close(): Promise<void>;
}

/** The most of a response body read (and thrown away) before the connection is dropped. */
const MAX_RESPONSE_BYTES = 64 * 1024;

export function guardedConnector(options: { timeoutMs: number; allowPrivate: boolean; resolver?: Resolver }): buildConnector.connector {
  const base = buildConnector({
    timeout: options.timeoutMs,
    ...(options.allowPrivate ? {} : { lookup: guardedLookup(options.resolver ?? systemResolver) }),
  } as buildConnector.BuildOptions);
  if (options.allowPrivate) return base;
  return (connectOptions, callback) => {
    // net.connect does not call `lookup` for IP literals, so those are checked here.
    const host = bareHostname(connectOptions.hostname);
    if (net.isIP(host) && isForbiddenAddress(host)) {
      callback(new WebhookTargetRefusedError('the webhook target is not a public address'), null);
      return;
    }
    base(connectOptions, callback);
  };
}

export function createWebhookHttpClient(options: WebhookHttpOptions): WebhookHttpClient {
  const agent = new Agent({
    connect: guardedConnector(options),
    keepAliveTimeout: 4_000,
    headersTimeout: options.timeoutMs,
    bodyTimeout: options.timeoutMs,
  });

  return {
    async post(url, headers, body) {
      const signal = AbortSignal.timeout(options.timeoutMs);
      try {
        const response = await request(url, { method: 'POST', headers, body, dispatcher: agent, signal });
        try {
          await response.body.dump({ limit: MAX_RESPONSE_BYTES, signal });
        } catch {
          // The status is what counts; an unread or cut-off body does not change it.
        }
        return { statusCode: response.statusCode, error: null };
      } catch (error) {
        return { statusCode: null, error: describeFailure(error, signal, options.timeoutMs) };
      }
    },
    close: () => agent.close(),
  };
}

/** A sentence for the operator's log: never a stack, and never an internal address we refused. */
export function describeFailure(error: unknown, signal: AbortSignal | null, timeoutMs: number): string {
  const chain: unknown[] = [];
  for (let cause: unknown = error; cause && chain.length < 5; cause = (cause as { cause?: unknown }).cause) chain.push(cause);
  const codes = chain.map((c) => (c as { code?: unknown }).code).filter((c): c is string => typeof c === 'string');
  const names = chain.map((c) => (c as { name?: unknown }).name);
  if (chain.some((c) => c instanceof WebhookTargetRefusedError) || codes.includes('EWEBHOOKTARGET')) {
    return 'refused: the target is not a public address';
  }
  if (signal?.aborted || names.includes('TimeoutError') || codes.some((c) => c.startsWith('UND_ERR_') && c.endsWith('TIMEOUT'))) {
    return `timeout: no complete answer within ${timeoutMs / 1000} s`;
  }
  if (codes.includes('ECONNREFUSED')) return 'connection refused';
  if (codes.includes('ENOTFOUND') || codes.includes('EAI_AGAIN')) return 'the host name did not resolve';
  if (codes.includes('ECONNRESET') || codes.includes('UND_ERR_SOCKET')) return 'connection reset';
  const tls = codes.find((c) => c.startsWith('ERR_TLS') || c.includes('CERT') || c.startsWith('ERR_SSL'));
  if (tls) return `TLS error (${tls})`;
  const code = codes[0];
  return code ? `request failed (${code})` : 'request failed';
}
