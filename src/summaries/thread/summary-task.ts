/**
 * What a summary thread does for one job: parse the stored transcript, build one SummaryInput and
 * write every requested mode from it. One input object for all modes is what lets the extractive
 * engine analyse once (it keeps its analysis per input). A language model writes the modes one
 * after another, so the later modes find the notes on a long transcript's parts in the cache.
 */
import type { MessagePort } from 'node:worker_threads';
import type { SummaryEntry, SummaryInput, SummaryMode } from '../../domain/summary';
import type { Transcript } from '../../domain/transcript';
import { createSummarizer, type SummarizerConfig } from '../registry';
import { modelCallCacheOverPort } from '../llm/call-cache';
import type { ModelFailureKind } from '../llm/model-failure';
import type { ModelProvider, ModelSettings } from '../llm/settings';

/** The engine a task runs: the built-in one, or a model reached over HTTP. */
export type SummaryEngineConfig = SummarizerConfig | { provider: ModelProvider; settings: ModelSettings };

export interface SummaryTask {
  provider: SummaryEngineConfig;
  /**
   * The stored transcript as JSON text. A string crosses threads as one copy; 100k segment
   * objects would be structured-cloned one by one on the sending event loop.
   */
  transcriptJson: string;
  video: Omit<SummaryInput, 'segments' | 'language'>;
  modes: SummaryMode[];
  /** options.language: the language to write in; null for the transcript's. */
  outputLanguage?: string | null;
  /** Model engines: the model call cache, served by the activity on the other end. */
  cachePort?: MessagePort;
}

/** A mode the model could not write, with what the caller needs to decide on a retry. */
export interface ModeFailure {
  mode: SummaryMode;
  kind: ModelFailureKind;
  message: string;
  retryAfterMs: number | null;
}

export interface SummaryTaskResult {
  entries: SummaryEntry[];
  failures: ModeFailure[];
  /** Whole-transcript analyses made: 1 for the extractive engine, whatever the number of modes. */
  analyses: number;
  analysisMs: number;
  parseMs: number;
  totalMs: number;
  /** Model engines: calls made (cache hits excluded) and served from the cache. */
  modelCalls: number;
  cachedModelCalls: number;
  largestPromptTokens: number;
}

export async function runSummaryTask(task: SummaryTask): Promise<SummaryTaskResult> {
  const started = performance.now();
  const transcript = JSON.parse(task.transcriptJson) as Transcript;
  const parseMs = performance.now() - started;
  const input: SummaryInput = { ...task.video, language: transcript.language, segments: transcript.segments };
  const result: SummaryTaskResult = {
    entries: [],
    failures: [],
    analyses: 0,
    analysisMs: 0,
    parseMs,
    totalMs: 0,
    modelCalls: 0,
    cachedModelCalls: 0,
    largestPromptTokens: 0,
  };
  const engine = task.provider;
  if (engine.provider === 'extractive') {
    const summarizer = createSummarizer(engine, {
      analysed(ms) {
        result.analyses += 1;
        result.analysisMs += ms;
      },
    });
    for (const mode of task.modes) result.entries.push(await summarizer.summarize(input, mode));
  } else {
    if (!task.cachePort) throw new Error('a model engine needs the model call cache');
    const { writeModelSummary, ModelFailure } = modelEngineModules();
    const cache = modelCallCacheOverPort(task.cachePort);
    try {
      for (const mode of task.modes) {
        try {
          const written = await writeModelSummary({ settings: engine.settings, input, mode, outputLanguage: task.outputLanguage ?? null, cache });
          result.entries.push(written.entry);
          result.modelCalls += written.calls;
          result.cachedModelCalls += written.cachedCalls;
          result.largestPromptTokens = Math.max(result.largestPromptTokens, written.largestPromptTokens);
        } catch (error) {
          if (!(error instanceof ModelFailure)) throw error;
          result.failures.push({ mode, kind: error.kind, message: error.message, retryAfterMs: error.retryAfterMs });
        }
      }
    } finally {
      cache.close();
    }
  }
  result.totalMs = performance.now() - started;
  return result;
}

/**
 * The model engine's code and the AI SDK under it, loaded on a thread's first model job: a thread
 * of the built-in engine (the default) starts sooner and holds less without them.
 */
function modelEngineModules() {
  return {
    ...(require('../llm/model-summarizer') as typeof import('../llm/model-summarizer')),
    ...(require('../llm/model-failure') as typeof import('../llm/model-failure')),
  };
}
