/**
 * Token estimates for the input budget. OpenAI-family model names get the real tokenizer
 * (js-tiktoken): o200k_base for gpt-4o, gpt-4.1, gpt-4.5, gpt-5, gpt-oss and the o-series,
 * cl100k_base for the other gpt-* models. Anthropic's tokenizer is not published and a local
 * model's is unknown, so everything else gets a deliberately high estimate: one token per three
 * UTF-8 bytes (English runs near four characters a token, CJK near one token per three bytes).
 */
import { getEncoding, type Tiktoken } from 'js-tiktoken';
import type { ModelSettings } from './settings';

export interface TokenCounter {
  /** The encoding used, or null for the conservative estimate. */
  readonly encoding: TiktokenEncoding | null;
  count(text: string): number;
}

export type TiktokenEncoding = 'o200k_base' | 'cl100k_base';

/** One counter per encoding, so that callers can key their own memos by the counter. */
const counters = new Map<TiktokenEncoding | null, TokenCounter>([[null, { encoding: null, count: conservativeCount }]]);

/** The tokenizer of an OpenAI model name (router prefixes such as "openai/" allowed), or null. */
export function encodingForModel(model: string): TiktokenEncoding | null {
  const name = model.toLowerCase().replace(/^.*\//, '');
  if (/^(gpt-4o|gpt-4\.1|gpt-4\.5|gpt-5|gpt-oss|chatgpt-4o|o\d)/.test(name)) return 'o200k_base';
  if (/^(gpt-|text-embedding-3|text-embedding-ada)/.test(name)) return 'cl100k_base';
  return null;
}

export function tokenCounterFor(settings: Pick<ModelSettings, 'provider' | 'model'>): TokenCounter {
  // A gpt-* name behind the Anthropic provider is not an OpenAI model; only trust names on openai.
  const encoding = settings.provider === 'openai' ? encodingForModel(settings.model) : null;
  let counter = counters.get(encoding);
  if (!counter) {
    const encoder: Tiktoken = getEncoding(encoding as TiktokenEncoding);
    counters.set(encoding, (counter = { encoding, count: (text) => encoder.encode(text).length }));
  }
  return counter;
}

function conservativeCount(text: string): number {
  return Math.ceil(Buffer.byteLength(text, 'utf8') / 3);
}
