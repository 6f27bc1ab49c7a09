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
      /** The model's passage citations that had to be repaired or dropped (docs/citations.md#checking-a-models-citations). */
      citations?: CitationChecks;
    };

/** How the model's citations for one entry fared against the passages it was sent. */
export interface CitationChecks {
  /** Citations checked. */
  checked: number;
  /** Outside the video or to a passage not sent, replaced by the best lexical match among those sent. */
  repaired: number;
  /** Points left out: no passage sent shares their words. */
  dropped: number;
}

export interface TimestampedItem {
  /** Seconds from the start of the video. */
  start: number;
  /** "m:ss" or "h:mm:ss". */
  timestamp: string;
  title: string;
  summary: string;
}

/**
 * One point of a summary (a sentence of `tldr`, a bullet or paragraph of the other modes) with the
 * transcript passage it rests on (docs/citations.md).
 */
export interface SummaryPoint {
  /** The point as plain text. */
  text: string;
  /** Seconds from the start of the video: where the passage begins and ends. */
  start: number;
  end: number;
  /** The watch URL at `start` (`&t=<start>s`). */
  url: string;
}

interface SummaryEntryBase {
  /** Markdown; each point is followed by its link, `[m:ss](url)`. */
  content: string;
  /** In the order of `content`. */
  points: SummaryPoint[];
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
  /** The video's watch URL: citations link to moments of it. */
  videoUrl: string;
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
