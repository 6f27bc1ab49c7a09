/** An OpenAI-compatible `/embeddings` provider (OpenAI, Ollama, vLLM, LocalAI...). */
import { z } from 'zod';
import { inBatches, unitVector, type Embedder } from './embedder';

export interface OpenAiEmbedderSettings {
  baseUrl: string;
  model: string;
  apiKey: string | null;
  timeoutMs: number;
}

/** Inputs per request, well inside every provider's limit. */
const BATCH_SIZE = 64;

const EmbeddingsAnswer = z.object({
  data: z.array(z.object({ index: z.number().int(), embedding: z.array(z.number()) })),
});

export function createOpenAiEmbedder(settings: OpenAiEmbedderSettings, fetchImpl: typeof fetch = fetch): Embedder {
  const url = `${settings.baseUrl.replace(/\/+$/, '')}/embeddings`;
  return {
    model: settings.model,
    embed: (texts, signal) =>
      inBatches(texts, BATCH_SIZE, async (batch) => {
        const timeout = AbortSignal.timeout(settings.timeoutMs);
        const response = await fetchImpl(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...(settings.apiKey ? { authorization: `Bearer ${settings.apiKey}` } : {}) },
          body: JSON.stringify({ model: settings.model, input: batch }),
          signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
        });
        if (!response.ok) throw new Error(`The embeddings provider answered ${response.status}`);
        const answer = EmbeddingsAnswer.parse(await response.json());
        if (answer.data.length !== batch.length) throw new Error(`The embeddings provider answered ${answer.data.length} vectors for ${batch.length} texts`);
        return [...answer.data].sort((a, b) => a.index - b.index).map((item) => unitVector(item.embedding));
      }),
    close: async () => {},
  };
}
