/** The summary engine the configuration names (docs/api-behaviour.md#summary-engines). */
import type { Config } from '../config';
import { DEFAULT_BASE_URLS } from './llm/settings';
import type { SummaryEngineConfig } from './thread/summary-task';

export function summaryEngineFrom(llm: Config['llm']): SummaryEngineConfig {
  if (llm.provider === 'extractive') return { provider: 'extractive' };
  return {
    provider: llm.provider,
    settings: {
      provider: llm.provider,
      baseUrl: llm.baseUrl ?? DEFAULT_BASE_URLS[llm.provider],
      apiKey: llm.apiKey ?? null,
      // loadConfig refuses a model provider without LLM_MODEL.
      model: llm.model!,
      contextTokens: llm.contextTokens,
      maxOutputTokens: llm.maxOutputTokens,
      concurrency: llm.concurrency,
      requestTimeoutMs: llm.timeoutMs,
    },
  };
}
