/** The summary engine the configuration names (docs/api-behaviour.md#summary-engines). */
import type { Config } from '../config';
import { DEFAULT_BASE_URLS } from './llm/settings';
import type { SummaryEngineConfig } from './thread/summary-task';

export function summaryEngineFrom(config: Config): SummaryEngineConfig {
  if (config.SUMMARY_PROVIDER === 'extractive') return { provider: 'extractive' };
  return {
    provider: config.SUMMARY_PROVIDER,
    settings: {
      provider: config.SUMMARY_PROVIDER,
      baseUrl: config.LLM_BASE_URL ?? DEFAULT_BASE_URLS[config.SUMMARY_PROVIDER],
      apiKey: config.LLM_API_KEY ?? null,
      // loadConfig refuses a model provider without LLM_MODEL.
      model: config.LLM_MODEL!,
      contextTokens: config.LLM_CONTEXT_TOKENS,
      maxOutputTokens: config.LLM_MAX_OUTPUT_TOKENS,
      concurrency: config.LLM_CONCURRENCY,
      requestTimeoutMs: config.LLM_TIMEOUT_MS,
    },
  };
}
