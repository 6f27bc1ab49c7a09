/**
 * Token estimates for the input budget. OpenAI-family model names get the real tokenizer
 * (js-tiktoken); for others no tokenizer is at hand, so the estimate is deliberately high: one
 * token per three UTF-8 bytes (English runs near four characters a token, CJK near one).
 */
import { getEncoding, type Tiktoken } from 'js-tiktoken';
import type { ModelSettings } from './settings';

export interface TokenCounter {
  readonly exact: boolean;
  count(text: string): number;
}

const encoders = new Map<string, Tiktoken>();

function encoderFor(model: string): 'o200k_base' | 'cl100k_base' | null {
  const name = model.toLowerCase().replace(/^openai\//, '');
  if (/^(gpt-4o|gpt-4\.1|gpt-4\.5|gpt-5|o\d|chatgpt-4o)/.test(name)) return 'o200k_base';
  if (/^(gpt-4|gpt-3\.5|text-embedding-3)/.test(name)) return 'cl100k_base';
  return null;
}

export function tokenCounterFor(settings: Pick<ModelSettings, 'provider' | 'model'>): TokenCounter {
  const encoding = settings.provider === 'openai' ? encoderFor(settings.model) : null;
  if (!encoding) return { exact: false, count: (text) => Math.ceil(Buffer.byteLength(text, 'utf8') / 3) };
  let encoder = encoders.get(encoding);
  if (!encoder) encoders.set(encoding, (encoder = getEncoding(encoding)));
  const loaded = encoder;
  return { exact: true, count: (text) => loaded.encode(text).length };
}
