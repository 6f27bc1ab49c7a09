/** How the service reaches a language model (docs/api-behaviour.md#summary-engines); built from the configuration. */
import type { ModelProvider } from '../../domain/summary';

export type { ModelProvider };

export interface ModelSettings {
  provider: ModelProvider;
  /** LLM_BASE_URL: for openai with the version path, for anthropic without. */
  baseUrl: string;
  /** LLM_API_KEY; never logged, never part of an error message or a workflow history. */
  apiKey: string | null;
  model: string;
  /** LLM_CONTEXT_TOKENS: the input budget of one call (instructions and data together). */
  contextTokens: number;
  maxOutputTokens: number;
  /** Model calls one summary makes at once (the parts of a long transcript). */
  concurrency: number;
  requestTimeoutMs: number;
}

export const DEFAULT_BASE_URLS: Record<ModelProvider, string> = {
  openai: 'https://api.openai.com/v1',
  anthropic: 'https://api.anthropic.com',
};
