/** Summary engines: the registry the workers use, and the extractive engine's building blocks. */
export { createSummarizer, SUMMARY_PROVIDERS, type SummarizerConfig, type SummaryProvider } from './registry';
export { createExtractiveSummarizer, summarizeAnalysis, EXTRACTIVE_GENERATOR, type AnalysisObserver } from './extractive-summarizer';
export { createSummaryPool, type SummaryPool, type SummaryJob, type SummaryRun } from './summary-pool';
export { analyzeTranscript, type TranscriptAnalysis } from './analysis/transcript-analysis';
