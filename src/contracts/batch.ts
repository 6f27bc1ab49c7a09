/**
 * Names and shapes of the batch workflow, shared by the workflow, its callers (API, reconciler,
 * tests) and its activities. Declarations only: safe inside a workflow and outside one.
 */
import { defineQuery } from '@temporalio/workflow';
import type { BatchEndStatus, BatchStatus } from '../domain/batch';
import type { JobFailure } from '../domain/job-failure';
import type { VideoJobInput } from './video-job';

export const BATCH_WORKFLOW = 'batchWorkflow';

export interface BatchChildInput {
  /** The child's job id, which is also its workflow id. */
  jobId: string;
  /** Exactly what a single job of the same request would be started with. */
  input: VideoJobInput;
}

export interface BatchWorkflowInput {
  batchId: string;
  /** In the order the videos were sent; started in that order. */
  children: BatchChildInput[];
  /** How many children run at once (BATCH_CONCURRENCY when the batch was started). */
  concurrency: number;
  /** Temporal priority key for the children (1 high, 3 normal), as for single jobs. */
  priorityKey: number;
  /** For the batch.completed webhook and notice. */
  resultsUrl: string;
  /**
   * A batch from a playlist or channel: `children` is empty, the source is read first, and each
   * video found runs with this input, its jobId and videoId replaced. Absent for a list of videos.
   */
  fromSource?: { template: VideoJobInput };
}

/** The patch id of reading a batch's source before its children (docs/workflow-versioning.md). */
export const BATCH_SOURCE_PATCH = 'batch-reads-its-source';

/** What reading a batch's source came to: its jobs, in the source's order, or the batch's failure. */
export type SourceReadOutcome =
  | { kind: 'read'; children: Array<{ jobId: string; videoId: string }> }
  | { kind: 'failed'; outcome: BatchOutcome };

/** pending: not started yet (waiting for a slot); running: its workflow runs; then its end. */
export type BatchChildState = 'pending' | 'running' | 'completed' | 'failed';

export interface BatchChildProgress {
  jobId: string;
  state: BatchChildState;
  error: JobFailure | null;
}

export interface BatchProgress {
  batchId: string;
  status: BatchStatus;
  total: number;
  pending: number;
  running: number;
  completed: number;
  failed: number;
  /** Integer 0..100: the share of children that have ended. */
  progress: number;
  children: BatchChildProgress[];
}

export interface BatchOutcome {
  status: BatchEndStatus;
  successful: number;
  failed: number;
  completedAt: string;
}

/** Live detail of a running batch; the batch's row in Postgres stays the record. */
export const batchProgressQuery = defineQuery<BatchProgress>('batchProgress');
