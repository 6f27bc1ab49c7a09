/**
 * Names and shapes of the video job workflow (its input, outcome and progress query), shared by
 * the workflow, its callers (API, batch workflow, tests) and its activities. Declarations only:
 * safe inside a workflow and outside one.
 */
import { defineQuery } from '@temporalio/workflow';
import type { JobProgress } from '../domain/job';
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
  /** From configuration: workflow code cannot read the environment. */
  retry: {
    fetchMaxAttempts: number;
    fetchInitialIntervalSeconds: number;
  };
}

export type VideoJobOutcome =
  | { status: 'completed' }
  | { status: 'failed'; code: JobFailureCode; message: string };

export const jobProgressQuery = defineQuery<JobProgress>('jobProgress');
