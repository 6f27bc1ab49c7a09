/**
 * The built-in offline summarizer: extractive summaries from the transcript alone, in every
 * mode, with no model download and no network. The analysis of a transcript is kept for the
 * input object it came from, so a job asking for several modes analyses once.
 */
import type { VideoComment } from '../domain/comments';
import type { SummaryGenerator, SummaryInput, SummaryMode, SummaryEntry, Summarizer } from '../domain/summary';
import { analyzeTranscript, type TranscriptAnalysis } from './analysis/transcript-analysis';
import { renderSummary } from './modes/render-summary';

/** Names the method: TF-IDF centroid salience, TextTiling sections, MMR selection. */
export const EXTRACTIVE_GENERATOR: Readonly<SummaryGenerator> = Object.freeze({
  engine: 'extractive',
  model: 'tfidf-centroid-texttiling-v1',
});

/**
 * Renders one mode from an analysis; exposed so callers that analyse once can render many modes.
 * `videoUrl` is the video's watch URL, which the points link to; `comments` (the input's, top first) add "What viewers say" to the modes that take it.
 */
export function summarizeAnalysis(analysis: TranscriptAnalysis, mode: SummaryMode, videoUrl: string, comments?: readonly VideoComment[] | null): SummaryEntry {
  return renderSummary(analysis, mode, EXTRACTIVE_GENERATOR, videoUrl, comments);
}

/** Told of every analysis an engine makes, with how long it took: how callers check "once per job". */
export interface AnalysisObserver {
  analysed(milliseconds: number): void;
}

export function createExtractiveSummarizer(observer?: AnalysisObserver): Summarizer {
  const analyses = new WeakMap<SummaryInput, { fingerprint: InputFingerprint; analysis: TranscriptAnalysis }>();
  return {
    generator: { ...EXTRACTIVE_GENERATOR },
    async summarize(input, mode) {
      const fingerprint = fingerprintOf(input);
      let cached = analyses.get(input);
      if (!cached || !sameFingerprint(cached.fingerprint, fingerprint)) {
        const started = performance.now();
        cached = { fingerprint, analysis: analyzeTranscript(input) };
        observer?.analysed(performance.now() - started);
        analyses.set(input, cached);
      }
      // Comments take no part in the analysis: they are read per mode, beside it.
      return summarizeAnalysis(cached.analysis, mode, input.videoUrl, input.comments);
    },
  };
}

/** What an analysis depends on, by identity: a caller that swaps any of these gets a fresh analysis. */
interface InputFingerprint {
  segments: SummaryInput['segments'];
  chapters: SummaryInput['chapters'];
  segmentCount: number;
  language: string;
  title: string;
  channel: string;
  durationSeconds: number | null;
}

function fingerprintOf(input: SummaryInput): InputFingerprint {
  return {
    segments: input.segments,
    chapters: input.chapters,
    segmentCount: input.segments.length,
    language: input.language,
    title: input.title,
    channel: input.channel,
    durationSeconds: input.durationSeconds,
  };
}

function sameFingerprint(a: InputFingerprint, b: InputFingerprint): boolean {
  return (Object.keys(a) as (keyof InputFingerprint)[]).every((key) => a[key] === b[key]);
}
