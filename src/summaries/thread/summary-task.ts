/**
 * What a summary thread does for one job: parse the stored transcript, build one SummaryInput and
 * write every requested mode from it. One input object for all modes is what lets the extractive
 * engine analyse once (it keeps its analysis per input); per-mode engines simply run per mode.
 */
import type { SummaryEntry, SummaryInput, SummaryMode } from '../../domain/summary';
import type { Transcript } from '../../domain/transcript';
import { createSummarizer, type SummarizerConfig } from '../registry';

export interface SummaryTask {
  provider: SummarizerConfig;
  /**
   * The stored transcript as JSON text. A string crosses threads as one copy; 100k segment
   * objects would be structured-cloned one by one on the sending event loop.
   */
  transcriptJson: string;
  video: Omit<SummaryInput, 'segments' | 'language'>;
  modes: SummaryMode[];
}

export interface SummaryTaskResult {
  entries: SummaryEntry[];
  /** Whole-transcript analyses made: 1 for the extractive engine, whatever the number of modes. */
  analyses: number;
  analysisMs: number;
  parseMs: number;
  totalMs: number;
}

export async function runSummaryTask(task: SummaryTask): Promise<SummaryTaskResult> {
  const started = performance.now();
  const transcript = JSON.parse(task.transcriptJson) as Transcript;
  const parseMs = performance.now() - started;
  let analyses = 0;
  let analysisMs = 0;
  const summarizer = createSummarizer(task.provider, {
    analysed(ms) {
      analyses += 1;
      analysisMs += ms;
    },
  });
  const input: SummaryInput = { ...task.video, language: transcript.language, segments: transcript.segments };
  const entries: SummaryEntry[] = [];
  for (const mode of task.modes) entries.push(await summarizer.summarize(input, mode));
  return { entries, analyses, analysisMs, parseMs, totalMs: performance.now() - started };
}
