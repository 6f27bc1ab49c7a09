/**
 * One model call, through the cache: text, or structured output validated against a zod schema
 * (sent as a JSON schema to Chat Completions, as a forced tool call to Anthropic). The SDKs'
 * own retries are off: Temporal's retry policy is the one that counts.
 */
import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAI } from '@ai-sdk/openai';
import { generateObject, generateText, NoObjectGeneratedError, type LanguageModel } from 'ai';
import type { z } from 'zod';
import { modelCallKey, type ModelCallCache, type ModelCallRecord } from './call-cache';
import { ModelFailure, toModelFailure } from './model-failure';
import { correctionNote, PROMPT_VERSION, type PromptPair } from './prompts';
import type { ModelSettings } from './settings';

export interface ModelCallStats {
  calls: number;
  cachedCalls: number;
  /** Tokens of every call, those served from the cache included at what they cost when made: the entry's generator tokens. */
  inputTokens: number;
  outputTokens: number;
  largestPromptTokens: number;
}

export interface TextCallOptions {
  /**
   * A prompt's own version (the comments call's), added to the cache key. Calls without one keep
   * the keys they always had.
   */
  version?: string;
}

export interface ModelClient {
  readonly stats: ModelCallStats;
  text(prompt: PromptPair, promptTokens: number, signal?: AbortSignal, options?: TextCallOptions): Promise<string>;
  object<T>(prompt: PromptPair, schema: z.ZodType<T>, schemaName: string, promptTokens: number, signal?: AbortSignal): Promise<T>;
}

export function languageModelFor(settings: ModelSettings, fetchImpl?: typeof fetch): LanguageModel {
  const apiKey = settings.apiKey ?? 'none';
  if (settings.provider === 'openai') {
    return createOpenAI({ baseURL: settings.baseUrl.replace(/\/+$/, ''), apiKey, fetch: fetchImpl }).chat(settings.model);
  }
  return createAnthropic({ baseURL: `${settings.baseUrl.replace(/\/+$/, '')}/v1`, apiKey, fetch: fetchImpl })(settings.model);
}

export function createModelClient(settings: ModelSettings, cache: ModelCallCache, fetchImpl?: typeof fetch): ModelClient {
  const model = languageModelFor(settings, fetchImpl);
  const stats: ModelCallStats = { calls: 0, cachedCalls: 0, inputTokens: 0, outputTokens: 0, largestPromptTokens: 0 };
  const identity = { provider: settings.provider, model: settings.model, prompt_version: PROMPT_VERSION, max_output_tokens: settings.maxOutputTokens };

  const common = (signal: AbortSignal | undefined) => ({
    model,
    maxRetries: 0,
    temperature: 0,
    maxOutputTokens: settings.maxOutputTokens,
    abortSignal: signal ? AbortSignal.any([signal, AbortSignal.timeout(settings.requestTimeoutMs)]) : AbortSignal.timeout(settings.requestTimeoutMs),
    // Anthropic: a forced tool call works on every Claude model; Chat Completions: response_format json_schema.
    providerOptions: { anthropic: { structuredOutputMode: 'jsonTool' as const } },
  });

  async function cached(key: string, promptTokens: number, call: () => Promise<ModelCallRecord>): Promise<ModelCallRecord> {
    stats.largestPromptTokens = Math.max(stats.largestPromptTokens, promptTokens);
    const known = await cache.get(key);
    if (known) {
      stats.cachedCalls += 1;
      stats.inputTokens += known.inputTokens;
      stats.outputTokens += known.outputTokens;
      return known;
    }
    const record = await call();
    stats.calls += 1;
    stats.inputTokens += record.inputTokens;
    stats.outputTokens += record.outputTokens;
    await cache.put(key, record);
    return record;
  }

  return {
    stats,
    async text(prompt, promptTokens, signal, options) {
      const key = modelCallKey({ ...identity, kind: 'text', ...prompt, ...(options?.version ? { call_version: options.version } : {}) });
      const record = await cached(key, promptTokens, async () => {
        try {
          const result = await generateText({ ...common(signal), system: prompt.system, prompt: prompt.prompt });
          if (result.finishReason === 'content-filter') throw new ModelFailure('The model refused the request (content policy)', 'rejected');
          if (!result.text.trim()) throw new ModelFailure('The model answered with no text', 'retryable');
          return { output: result.text.trim(), inputTokens: result.usage.inputTokens ?? 0, outputTokens: result.usage.outputTokens ?? 0 };
        } catch (error) {
          throw toModelFailure(error);
        }
      });
      return record.output;
    },

    async object(prompt, schema, schemaName, promptTokens, signal) {
      const key = modelCallKey({ ...identity, kind: 'object', schema: schemaName, ...prompt });
      const record = await cached(key, promptTokens, async () => {
        let spent = { inputTokens: 0, outputTokens: 0 };
        let lastError = '';
        // One corrective retry with the validation error, then the output counts as invalid.
        for (let attempt = 1; ; attempt++) {
          const request = attempt === 1 ? prompt.prompt : prompt.prompt + correctionNote(lastError);
          try {
            const result = await generateObject({ ...common(signal), system: prompt.system, prompt: request, schema, schemaName });
            if (result.finishReason === 'content-filter') throw new ModelFailure('The model refused the request (content policy)', 'rejected');
            return {
              output: JSON.stringify(result.object),
              inputTokens: spent.inputTokens + (result.usage.inputTokens ?? 0),
              outputTokens: spent.outputTokens + (result.usage.outputTokens ?? 0),
            };
          } catch (error) {
            if (!NoObjectGeneratedError.isInstance(error)) throw toModelFailure(error);
            if (error.finishReason === 'content-filter') throw new ModelFailure('The model refused the request (content policy)', 'rejected');
            spent = { inputTokens: spent.inputTokens + (error.usage?.inputTokens ?? 0), outputTokens: spent.outputTokens + (error.usage?.outputTokens ?? 0) };
            lastError = describeInvalid(error);
            if (attempt >= 2) throw new ModelFailure(`The model's structured output was invalid twice: ${lastError}`, 'invalid_output');
          }
        }
      });
      return schema.parse(JSON.parse(record.output));
    },
  };
}

function describeInvalid(error: NoObjectGeneratedError): string {
  const cause = error.cause as { message?: string } | undefined;
  return (cause?.message ?? error.message).replace(/\s+/g, ' ').slice(0, 300);
}
