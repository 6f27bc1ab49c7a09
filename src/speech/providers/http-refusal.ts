/**
 * What an HTTP speech provider's failure means for the caller, as a SpeechProviderError. Retrying
 * is Temporal's job, so a failure only says whether a retry can help and how long the provider
 * asked us to wait. Messages are written here from the status and at most the provider's error
 * code: never its message or body (a 401 body may echo the key) and never the request.
 */
import { providerErrorCode, retryAfterMs } from '../../lib/provider-answers';
import { SpeechProviderError } from '../types';

/** Statuses after which the same request may succeed later. Everything else 4xx is final. */
function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 409 || status === 429 || status >= 500;
}

export function refusalForStatus(status: number, headers: Headers, body: string): SpeechProviderError {
  const code = providerErrorCode(body);
  const message = `The speech-to-text provider answered HTTP ${status}${code ? ` (${code})` : ''}`;
  if (!isRetryableStatus(status)) return new SpeechProviderError(message, 'final');
  return new SpeechProviderError(message, 'retryable', retryAfterSeconds(headers) ?? undefined);
}

/** A request that got no answer: refused connection, DNS failure, reset, timeout or abort. */
export function refusalForTransportError(error: unknown, timeoutSeconds: number): SpeechProviderError {
  const name = (error as { name?: unknown } | null)?.name;
  if (name === 'TimeoutError') return new SpeechProviderError(`The speech-to-text provider did not answer within ${timeoutSeconds} s`, 'retryable');
  if (name === 'AbortError') return new SpeechProviderError('The speech-to-text request was aborted', 'retryable');
  return new SpeechProviderError('The speech-to-text provider could not be reached', 'retryable');
}

/** Retry-After in seconds or as an HTTP date, or the retry-after-ms OpenAI sends; whole seconds, rounded up. */
export function retryAfterSeconds(headers: Headers, now = Date.now()): number | null {
  const ms = retryAfterMs((name) => headers.get(name), now);
  return ms === null ? null : Math.ceil(ms / 1000);
}
