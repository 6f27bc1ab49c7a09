/** Summary engines: the registry the workers use, and the extractive engine's building blocks. */
export { createSummarizer, SUMMARY_PROVIDERS, type SummarizerConfig, type SummaryProvider } from './registry';
export { createExtractiveSummarizer, summarizeAnalysis, EXTRACTIVE_GENERATOR } from './extractive-summarizer';
export { analyzeTranscript, type TranscriptAnalysis } from './analysis/transcript-analysis';
