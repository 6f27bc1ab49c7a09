/**
 * Which summarizer writes summaries, chosen by configuration. Each provider is one member of
 * SummarizerConfig with its own settings and one factory below; the mapped type makes a new
 * member without a factory a compile error. Only the offline extractive provider exists now.
 */
import type { Summarizer } from '../domain/summary';
import { createExtractiveSummarizer } from './extractive-summarizer';

export type SummarizerConfig = { provider: 'extractive' };

export type SummaryProvider = SummarizerConfig['provider'];

type SummarizerFactories = {
  [P in SummaryProvider]: (config: Extract<SummarizerConfig, { provider: P }>) => Summarizer;
};

const factories: SummarizerFactories = {
  extractive: () => createExtractiveSummarizer(),
};

export const SUMMARY_PROVIDERS = Object.keys(factories) as SummaryProvider[];

export function createSummarizer(config: SummarizerConfig): Summarizer {
  const factory = factories[config.provider] as ((config: SummarizerConfig) => Summarizer) | undefined;
  if (!factory) throw new Error(`Unknown summary provider: ${String(config.provider)}`);
  return factory(config);
}
