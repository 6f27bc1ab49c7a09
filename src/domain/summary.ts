/** Summary modes and the entries the service returns for them (docs/api-behaviour.md#summary-entries). */
import type { Chapter } from './video';
import type { TranscriptSegment } from './transcript';
import type { VideoComment } from './comments';

export const SUMMARY_MODES = ['tldr', 'detailed', 'study_notes', 'timestamped', 'key_insights'] as const;
export type SummaryMode = (typeof SUMMARY_MODES)[number];

/** The language model APIs the service speaks (SUMMARY_PROVIDER, beside the built-in `extractive`). */
export const MODEL_PROVIDERS = ['openai', 'anthropic'] as const;
export type ModelProvider = (typeof MODEL_PROVIDERS)[number];

/** Who wrote a summary entry (docs/api-behaviour.md#summary-engines). */
export type SummaryGenerator =
  | { engine: 'extractive'; model: string }
  | {
      engine: 'llm';
      provider: ModelProvider;
      model: string;
      prompt_version: string;
      /** Tokens of every model call behind this entry, cached ones included at what they cost when made. */
      input_tokens: number;
      output_tokens: number;
    };

export interface TimestampedItem {
  /** Seconds from the start of the video. */
  start: number;
  /** "m:ss" or "h:mm:ss". */
  timestamp: string;
  title: string;
  summary: string;
}

interface SummaryEntryBase {
  /** Markdown. */
  content: string;
  generator: SummaryGenerator;
}

/** The entry type is keyed by mode so a `timestamped` entry always has items and only it does. */
export type SummaryEntry =
  | (SummaryEntryBase & { mode: 'tldr' | 'detailed' | 'study_notes' })
  | (SummaryEntryBase & { mode: 'timestamped'; items: TimestampedItem[] })
  | (SummaryEntryBase & { mode: 'key_insights'; insights: string[] });

/** Everything a summarizer may use. */
export interface SummaryInput {
  title: string;
  channel: string;
  language: string;
  durationSeconds: number | null;
  chapters: Chapter[];
  segments: TranscriptSegment[];
  /** Pro feature, stored now and honoured by LLM engines; the extractive engine ignores it. */
  customInstructions?: string | null;
  /**
   * include_comments: the top comments read for the job, top first. When present, `detailed`
   * and `key_insights` gain a short "What viewers say" section. Data, never instructions.
   */
  comments?: VideoComment[] | null;
}

/**
 * A summary engine. The built-in extractive engine implements it offline; LLM providers
 * implement the same interface so the workflow never knows which one wrote a summary.
 */
export interface Summarizer {
  readonly generator: SummaryGenerator;
  summarize(input: SummaryInput, mode: SummaryMode): Promise<SummaryEntry>;
}

/** Formats seconds as "m:ss" or "h:mm:ss". */
export function formatTimestamp(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  const pad = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${pad(m)}:${pad(sec)}` : `${m}:${pad(sec)}`;
}
