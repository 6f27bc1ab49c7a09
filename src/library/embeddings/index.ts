/** The embedder the configuration names, or null for EMBEDDINGS_PROVIDER=none (lexical search only). */
import type { Config } from '../../config';
import type { Embedder } from './embedder';
import { createLocalEmbedder } from './local-embedder';
import { createOpenAiEmbedder } from './openai-embedder';

export type { Embedder } from './embedder';

export function createEmbedder(embeddings: Config['embeddings']): Embedder | null {
  switch (embeddings.provider) {
    case 'none':
      return null;
    case 'local':
      return createLocalEmbedder();
    case 'openai':
      // loadConfig refuses the openai provider without EMBEDDINGS_BASE_URL.
      return createOpenAiEmbedder({ baseUrl: embeddings.baseUrl!, model: embeddings.model, apiKey: embeddings.apiKey ?? null, timeoutMs: embeddings.timeoutMs });
  }
}
