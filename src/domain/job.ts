/** A video job's lifecycle and the request it was accepted with (docs/api-behaviour.md#job-lifecycle). */
import type { SummaryMode } from './summary';
import type { TranscriptSourceOption } from './transcript';

export const JOB_STATUSES = ['queued', 'processing', 'completed', 'failed'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

export const JOB_STEPS = [
  'queued',
  'fetching_metadata',
  'fetching_transcript',
  'transcribing_audio',
  'summarizing',
  'generating_infographic',
  'finalizing',
  'completed',
  'failed',
] as const;
export type JobStep = (typeof JOB_STEPS)[number];

export const TERMINAL_STATUSES: ReadonlySet<JobStatus> = new Set(['completed', 'failed']);
export const isTerminal = (status: JobStatus) => TERMINAL_STATUSES.has(status);

export const MAX_TRANSCRIPT_BYTES = 10 * 1024 * 1024;

export type JobPriority = 'normal' | 'high';

/** The request as accepted, normalised (defaults applied, legacy fields folded in). */
export interface JobRequest {
  url: string;
  videoId: string;
  summaryModes: SummaryMode[];
  language: string | null;
  maxTranscriptLength: number;
  includeComments: boolean;
  generateInfographic: boolean;
  forceRefresh: boolean;
  useProxy: boolean | null;
  priority: JobPriority;
  webhookUrl: string | null;
  customInstructions: string | null;
  /** options.transcript_source; absent in requests accepted before speech-to-text: 'auto'. */
  transcriptSource?: TranscriptSourceOption;
}

/** What of a job's request its summaries follow: the workflow hands it to the activities that write them. */
export type SummaryRequest = Pick<JobRequest, 'language' | 'customInstructions' | 'forceRefresh'>;

export interface JobWarning {
  code: string;
  field?: string;
  message: string;
}

/** Live state a running workflow reports through its query. */
export interface JobProgress {
  status: JobStatus;
  step: JobStep;
  progress: number;
}
