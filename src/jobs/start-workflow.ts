import { WorkflowExecutionAlreadyStartedError } from '@temporalio/client';
import { VIDEO_JOB_WORKFLOW, videoJobInput, type VideoJobSettings } from '../contracts/video-job';
import type { JobRow } from '../storage/schema';
import { markWorkflowStarted } from '../storage/repositories/jobs';
import type { JobServices } from './services';

/** Temporal priority keys: 1 runs first; 3 is the server's default middle. */
export const PRIORITY_KEY = { high: 1, normal: 3 } as const;

/** The configuration's part of every job's workflow input. */
export function videoJobSettings(config: Pick<JobServices['config'], 'jobs' | 'youtube'>): VideoJobSettings {
  return {
    infographicsEnabled: config.jobs.infographicsEnabled,
    fetchMaxAttempts: config.youtube.fetchMaxAttempts,
    fetchInitialRetrySeconds: config.youtube.fetchInitialRetrySeconds,
  };
}

/**
 * How long an API request waits for Temporal to take a workflow start. The job's row is already
 * committed and the reconciler starts what this call could not, so a submission made while
 * Temporal is down or restarting is answered 202 after this bound, not after the general call
 * bound.
 */
export const SUBMISSION_START_TIMEOUT_MS = 3_000;

/**
 * Hands a job to Temporal under its own id, so starting twice is harmless: the reconciler may
 * race a slow API call and only one workflow ever runs.
 */
export async function startJobWorkflow(services: JobServices, job: JobRow): Promise<void> {
  try {
    await services.temporal.client.workflow.start(VIDEO_JOB_WORKFLOW, {
      taskQueue: services.temporal.taskQueue,
      workflowId: job.id,
      args: [videoJobInput(job.id, job.request, videoJobSettings(services.config))],
      // Activities inherit it: a high-priority job's tasks are matched before queued normal ones.
      priority: { priorityKey: PRIORITY_KEY[job.request.priority] },
    });
  } catch (error) {
    if (!(error instanceof WorkflowExecutionAlreadyStartedError)) throw error;
  }
  await markWorkflowStarted(services.db, job.id);
  services.logger.info({ jobId: job.id, temporalUi: services.temporal.uiLink(job.id) ?? undefined }, 'job started');
}
