/**
 * Hands a batch to Temporal: one parent workflow under the batch's id, so starting twice (the API
 * and the reconciler racing) is harmless and only one parent ever runs.
 */
import { WorkflowExecutionAlreadyStartedError } from '@temporalio/client';
import { BATCH_WORKFLOW, type BatchWorkflowInput } from '../contracts/batch';
import { videoJobInput } from '../contracts/video-job';
import type { JobServices } from '../jobs/services';
import { PRIORITY_KEY, videoJobSettings } from '../jobs/start-workflow';
import { inBatchOrder, markBatchWorkflowStarted } from '../storage/repositories/batches';
import type { BatchRow, JobRow } from '../storage/schema';
import { batchUrls } from './urls';

export type BatchStartServices = Pick<JobServices, 'db' | 'temporal' | 'config' | 'logger'>;

export function batchWorkflowInput(batch: BatchRow, jobs: JobRow[], config: JobServices['config']): BatchWorkflowInput {
  const settings = videoJobSettings(config);
  return {
    batchId: batch.id,
    // The children start exactly as single jobs of the same request would.
    children: inBatchOrder(batch.job_ids, jobs).map((job) => ({ jobId: job.id, input: videoJobInput(job.id, job.request, settings) })),
    concurrency: config.jobs.batchConcurrency,
    // A batch's priority is accepted and stored but changes nothing (docs/api-behaviour.md#batches).
    priorityKey: PRIORITY_KEY.normal,
    resultsUrl: batchUrls(config.http.publicBaseUrl, batch.id).results_url,
    // A playlist or channel: its videos start as the stored request would for one video.
    ...(batch.source && batch.child_request ? { fromSource: { template: videoJobInput('', batch.child_request, settings) } } : {}),
  };
}

export async function startBatchWorkflow(services: BatchStartServices, batch: BatchRow, jobs: JobRow[]): Promise<void> {
  try {
    await services.temporal.client.workflow.start(BATCH_WORKFLOW, {
      taskQueue: services.temporal.taskQueue,
      workflowId: batch.id,
      args: [batchWorkflowInput(batch, jobs, services.config)],
      priority: { priorityKey: PRIORITY_KEY.normal },
      // A batch runs once: a parent that already ended is never started again.
      workflowIdReusePolicy: 'REJECT_DUPLICATE',
    });
  } catch (error) {
    if (!(error instanceof WorkflowExecutionAlreadyStartedError)) throw error;
  }
  await markBatchWorkflowStarted(services.db, batch.id);
  services.logger.info({ batchId: batch.id, temporalUi: services.temporal.uiLink(batch.id) ?? undefined }, 'batch started');
}
