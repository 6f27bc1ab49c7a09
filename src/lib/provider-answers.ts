/**
 * Reading a refusal from an HTTP model provider (language models, speech-to-text): how long it asks
 * us to wait, and its machine-readable error code. Shared by every provider client.
 */

/**
 * Retry-After in seconds or as an HTTP date, or the retry-after-ms OpenAI sends, in milliseconds;
 * null when the answer names no wait. `header` reads one header by its lower-case name.
 */
export function retryAfterMs(header: (name: string) => string | null | undefined, now = Date.now()): number | null {
  const ms = parseNumber(header('retry-after-ms'));
  if (ms !== null) return Math.round(ms);
  const raw = header('retry-after')?.trim();
  if (!raw) return null;
  const seconds = parseNumber(raw);
  if (seconds !== null) return Math.round(seconds * 1000);
  const date = Date.parse(raw);
  return Number.isFinite(date) ? Math.max(0, date - now) : null;
}

/**
 * The provider's machine-readable error code (OpenAI `error.code`/`error.type`, Anthropic
 * `error.type`), kept only when it looks like an identifier such as `invalid_api_key`: lower-case
 * letters and underscores cannot spell an API key.
 */
export function providerErrorCode(body: string | null | undefined): string | null {
  if (!body) return null;
  try {
    const parsed = JSON.parse(body) as { error?: { code?: unknown; type?: unknown } };
    for (const candidate of [parsed.error?.code, parsed.error?.type]) {
      if (typeof candidate === 'string' && /^[a-z]+(?:_[a-z]+)*$/.test(candidate) && candidate.length <= 48) return candidate;
    }
  } catch {
    // Not JSON: no code.
  }
  return null;
}

function parseNumber(raw: string | null | undefined): number | null {
  if (raw === null || raw === undefined || !/^\s*\d+(\.\d+)?\s*$/.test(raw)) return null;
  return Number(raw);
}
