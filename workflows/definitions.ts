/**
 * Names and shapes shared by the workflows and their callers (API, tests). Safe to import outside
 * a workflow: it only declares.
 */
import { defineQuery } from '@temporalio/workflow';
import type { JobProgress } from '../src/domain/job';
import type { SummaryMode } from '../src/domain/summary';

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
  /** From configuration: workflow code cannot read the environment. */
  retry: {
    fetchMaxAttempts: number;
    fetchInitialIntervalSeconds: number;
  };
}

export type VideoJobOutcome =
  | { status: 'completed' }
  | { status: 'failed'; code: string; message: string };

export const jobProgressQuery = defineQuery<JobProgress>('jobProgress');
