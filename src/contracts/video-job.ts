/**
 * Names and shapes of the video job workflow (its input, outcome and progress query), shared by
 * the workflow, its callers (API, batch workflow, tests) and its activities. Declarations only:
 * safe inside a workflow and outside one.
 */
import { defineQuery } from '@temporalio/workflow';
import type { JobProgress, JobRequest } from '../domain/job';
import type { JobFailureCode } from '../domain/job-failure';
import type { SummaryMode } from '../domain/summary';
import type { TranscriptSourceOption } from '../domain/transcript';

export const VIDEO_JOB_WORKFLOW = 'videoJobWorkflow';

export interface VideoJobInput {
  jobId: string;
  videoId: string;
  summaryModes: SummaryMode[];
  language: string | null;
  forceRefresh: boolean;
  maxTranscriptLength: number;
  /** true: only through the proxy pool; null: direct, then proxies when blocked; false: never. */
  useProxy?: boolean | null;
  /** Absent in workflows started before comments and infographics: false. */
  includeComments?: boolean;
  /** Asked for, and INFOGRAPHICS_ENABLED when the workflow was started. */
  generateInfographic?: boolean;
  /** options.transcript_source; absent in workflows started before speech-to-text: 'auto'. */
  transcriptSource?: TranscriptSourceOption;
  /** custom_instructions, for the summaries; absent in workflows started before it was carried here. */
  customInstructions?: string | null;
  /** From configuration: workflow code cannot read the environment. */
  retry: {
    fetchMaxAttempts: number;
    fetchInitialIntervalSeconds: number;
  };
}

/** What the server decides about every job it starts, from its configuration. */
export interface VideoJobSettings {
  /** INFOGRAPHICS_ENABLED: an infographic asked for is drawn only while they are on. */
  infographicsEnabled: boolean;
  fetchMaxAttempts: number;
  fetchInitialRetrySeconds: number;
}

/**
 * The workflow's input, from the request as stored with the job: the one mapping, for single jobs
 * and a batch's children alike. The webhook_url stays out: a URL may carry a token, and histories
 * are kept and shown; the job's end announces to the target its row names.
 */
export function videoJobInput(jobId: string, request: JobRequest, settings: VideoJobSettings): VideoJobInput {
  return {
    jobId,
    videoId: request.videoId,
    summaryModes: request.summaryModes,
    language: request.language,
    forceRefresh: request.forceRefresh,
    maxTranscriptLength: request.maxTranscriptLength,
    useProxy: request.useProxy,
    includeComments: request.includeComments,
    generateInfographic: request.generateInfographic && settings.infographicsEnabled,
    transcriptSource: request.transcriptSource ?? 'auto',
    customInstructions: request.customInstructions,
    retry: {
      fetchMaxAttempts: settings.fetchMaxAttempts,
      fetchInitialIntervalSeconds: settings.fetchInitialRetrySeconds,
    },
  };
}

export type VideoJobOutcome =
  | { status: 'completed' }
  | { status: 'failed'; code: JobFailureCode; message: string };

export const jobProgressQuery = defineQuery<JobProgress>('jobProgress');
