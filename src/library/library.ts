/**
 * The library as the API serves it: search and answers over one user's passages, with the
 * configured embedder (on a thread, started on first use) and, for answers, the configured model
 * through the model call cache and the usage ledger.
 */
import type { Config } from '../config';
import type { Db } from '../storage/database';
import { cacheModelCall, findModelCall, recordUserModelUsage } from '../storage/repositories/model-calls';
import { createModelClient } from '../summaries/llm/model-client';
import { summaryEngineFrom } from '../summaries/engine-config';
import type { ServiceMetrics } from '../metrics/service-metrics';
import { answerQuestion, type AskRequest, type LibraryAnswer } from './ask';
import { createEmbedder } from './embeddings';
import type { FusionSettings } from './fusion';
import { createLibrarySearch, type LibrarySearch, type SearchOutcome, type SearchRequest } from './search';
import { openSemanticIndex } from './semantic-index';

export interface Library {
  search(userId: string, request: SearchRequest): Promise<SearchOutcome>;
  ask(userId: string, request: AskRequest, signal?: AbortSignal): Promise<LibraryAnswer>;
  close(): Promise<void>;
}

export interface LibraryOptions {
  db: Db;
  config: Pick<Config, 'embeddings' | 'llm'>;
  metrics?: ServiceMetrics;
  fusion?: FusionSettings;
}

export function createLibrary(options: LibraryOptions): Library {
  const { db, config, metrics } = options;
  const embedder = createEmbedder(config.embeddings);
  let searching: Promise<LibrarySearch> | null = null;
  const searcher = () =>
    (searching ??= (embedder ? openSemanticIndex(db, embedder.model) : Promise.resolve(null)).then(
      (semantic) => createLibrarySearch({ db, embedder, semantic, fusion: options.fusion }),
      (error: unknown) => {
        searching = null;
        throw error;
      },
    ));
  const engine = summaryEngineFrom(config.llm);

  const timed = async <T>(kind: 'search' | 'ask', work: () => Promise<T>): Promise<T> => {
    const started = performance.now();
    try {
      return await work();
    } finally {
      metrics?.libraryRequest(kind, (performance.now() - started) / 1000);
    }
  };

  return {
    search: (userId, request) => timed('search', async () => (await searcher()).search(userId, request)),
    ask: (userId, request, signal) =>
      timed('ask', async () => {
        const search = await searcher();
        if (engine.provider === 'extractive') return answerQuestion({ search, model: null }, userId, request, signal);
        const { settings } = engine;
        const labels = { provider: settings.provider, model: settings.model };
        // The same cache and ledger as the summaries: a call is entered for the user who asked once made.
        const client = createModelClient(settings, {
          get: async (key) => {
            const record = await findModelCall(db, key, null);
            if (record) metrics?.modelCall(labels, 'cache');
            return record;
          },
          put: async (key, record) => {
            metrics?.modelCall(labels, 'provider');
            metrics?.modelTokens(labels, record.inputTokens, record.outputTokens);
            await recordUserModelUsage(db, record, { userId, model: settings.model, purpose: 'library_answer' });
            await cacheModelCall(db, key, record).catch(() => undefined);
          },
        });
        const generator = { engine: 'llm' as const, provider: settings.provider, model: settings.model, prompt_version: '', input_tokens: 0, output_tokens: 0 };
        return answerQuestion({ search, model: { client, generator } }, userId, request, signal);
      }),
    close: async () => {
      await embedder?.close();
    },
  };
}
