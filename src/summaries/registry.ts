/**
 * Which summarizer writes summaries, chosen by configuration. Each provider is one member of
 * SummarizerConfig with its own settings and one factory below; the mapped type makes a new
 * member without a factory a compile error. Only the offline extractive provider exists now.
 */
import type { Summarizer } from '../domain/summary';
import { createExtractiveSummarizer, type AnalysisObserver } from './extractive-summarizer';

export type SummarizerConfig = { provider: 'extractive' };

export type SummaryProvider = SummarizerConfig['provider'];

type SummarizerFactories = {
  [P in SummaryProvider]: (config: Extract<SummarizerConfig, { provider: P }>, observer?: AnalysisObserver) => Summarizer;
};

const factories: SummarizerFactories = {
  extractive: (_config, observer) => createExtractiveSummarizer(observer),
};

export const SUMMARY_PROVIDERS = Object.keys(factories) as SummaryProvider[];

/** `observer` hears of each whole-transcript analysis, for engines that make one (LLM engines may not). */
export function createSummarizer(config: SummarizerConfig, observer?: AnalysisObserver): Summarizer {
  const factory = factories[config.provider] as ((config: SummarizerConfig, observer?: AnalysisObserver) => Summarizer) | undefined;
  if (!factory) throw new Error(`Unknown summary provider: ${String(config.provider)}`);
  return factory(config, observer);
}
