/**
 * One batch: a sliding window of child video-job workflows, at most `concurrency` at a time, each
 * the very workflow a single video runs (workflow id = its job id), then the batch's end.
 *
 * Deterministic code only. Robust to worker death the Temporal way: a restarted worker replays
 * this history and re-attaches to the children it had started, which kept running meanwhile
 * (ParentClosePolicy ABANDON: they outlive even a terminated parent). A child id that was started
 * elsewhere (REJECT_DUPLICATE refuses to run a job twice) is followed through its row instead.
 */
import {
  ChildWorkflowFailure,
  ParentClosePolicy,
  WorkflowIdReusePolicy,
  ActivityFailure,
  log,
  patched,
  proxyActivities,
  setHandler,
  sleep,
  startChild,
} from '@temporalio/workflow';
import { WorkflowExecutionAlreadyStartedError } from '@temporalio/common';
import { isJobFailureCode, type JobFailure } from '../src/domain/job-failure';
import type { BatchActivities } from '../activities/batches';
import {
  BATCH_SOURCE_PATCH,
  batchProgressQuery,
  type BatchChildInput,
  type BatchChildProgress,
  type BatchOutcome,
  type BatchProgress,
  type BatchWorkflowInput,
} from '../src/contracts/batch';
import type { VideoJobOutcome } from '../src/contracts/video-job';
import { videoJobWorkflow } from './video-job';
import { startWebhookDelivery } from './start-webhook-delivery';
import { FOREIGN_CHILD_PATIENCE_SECONDS } from './foreign-child-patience';
import type { BatchStatus } from '../src/domain/batch';

/** Bookkeeping in Postgres: retried until it succeeds, since a batch must always reach an end. */
const bookkeeping = proxyActivities<BatchActivities>({
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '30 seconds' },
});

/** Announcing is best effort beyond a point: the batch's end is already recorded. */
const announcing = proxyActivities<BatchActivities>({
  startToCloseTimeout: '1 minute',
  retry: { initialInterval: '2 seconds', backoffCoefficient: 2, maximumInterval: '1 minute', maximumAttempts: 20 },
});

/**
 * Reading a playlist or channel: YouTube's refusals and blips are retried for a few minutes; a
 * source that is gone is an answer (the activity ends the batch), not an error.
 */
const reading = proxyActivities<BatchActivities>({
  startToCloseTimeout: '2 minutes',
  retry: { initialInterval: '5 seconds', backoffCoefficient: 2, maximumInterval: '1 minute', maximumAttempts: 6 },
});

export async function batchWorkflow(workflowInput: BatchWorkflowInput): Promise<BatchOutcome> {
  let status: BatchStatus = 'processing';
  let input = workflowInput;
  let children: BatchChildProgress[] = input.children.map((child) => ({ jobId: child.jobId, state: 'pending', error: null }));
  setHandler(batchProgressQuery, () => progressOf(input.batchId, status, children));

  if (input.fromSource && patched(BATCH_SOURCE_PATCH)) {
    const read = await readSource(input.batchId);
    if (read.kind === 'failed') {
      status = read.outcome.status;
      await announceEnd(input);
      return read.outcome;
    }
    const template = input.fromSource.template;
    const found: BatchChildInput[] = read.children.map((child) => ({ jobId: child.jobId, input: { ...template, jobId: child.jobId, videoId: child.videoId } }));
    input = { ...input, children: found };
    children = found.map((child) => ({ jobId: child.jobId, state: 'pending', error: null }));
  }

  let next = 0;
  const lane = async () => {
    while (next < input.children.length) {
      const index = next++;
      const outcome = await runChild(input, index, () => (children[index]!.state = 'running'));
      children[index]!.state = outcome.status;
      children[index]!.error = outcome.status === 'failed' ? { code: outcome.code, message: outcome.message } : null;
    }
  };
  const lanes = Math.max(1, Math.min(input.concurrency, input.children.length));
  await Promise.all(Array.from({ length: lanes }, lane));

  const outcome = await bookkeeping.completeBatch({ batchId: input.batchId });
  status = outcome.status;
  await announceEnd(input);
  return outcome;
}

async function announceEnd(input: BatchWorkflowInput): Promise<void> {
  try {
    // The webhook's delivery is this workflow's child.
    const announced = await announcing.announceBatchCompleted({ batchId: input.batchId, resultsUrl: input.resultsUrl });
    if (announced.webhook) await startWebhookDelivery(announced.webhook);
  } catch (error) {
    log.warn('the batch.completed announcement could not be scheduled', { batchId: input.batchId, error: String(error) });
  }
}

/** The source's jobs, or the batch ended: a source YouTube kept refusing fails the batch too. */
async function readSource(batchId: string) {
  try {
    return await reading.readBatchSource({ batchId });
  } catch (error) {
    if (!(error instanceof ActivityFailure)) throw error;
    const message = error.cause?.message ?? 'The source could not be read';
    return bookkeeping.failBatchSource({ batchId, failure: { code: 'SOURCE_UNAVAILABLE', message } });
  }
}

type ChildOutcome = { status: 'completed' } | { status: 'failed'; code: JobFailure['code']; message: string };

async function runChild(input: BatchWorkflowInput, index: number, started: () => void): Promise<ChildOutcome> {
  const child = input.children[index]!;
  let result: VideoJobOutcome;
  try {
    const handle = await startChild(videoJobWorkflow, {
      workflowId: child.jobId,
      args: [child.input],
      parentClosePolicy: ParentClosePolicy.ABANDON,
      // A job runs once: an id already used (even by a closed workflow) is never started again.
      workflowIdReusePolicy: WorkflowIdReusePolicy.REJECT_DUPLICATE,
      priority: { priorityKey: input.priorityKey },
    });
    started();
    result = await handle.result();
  } catch (error) {
    if (error instanceof WorkflowExecutionAlreadyStartedError) {
      started();
      return followForeignChild(child.jobId, FOREIGN_CHILD_PATIENCE_SECONDS);
    }
    if (error instanceof ChildWorkflowFailure) {
      // Terminated, timed out or cancelled from outside: its row may still say it is running.
      const failure: JobFailure = { code: 'INTERNAL_ERROR', message: 'The job was stopped before it could finish' };
      await bookkeeping.failBatchChild({ jobId: child.jobId, failure });
      return followRow(child.jobId, failure);
    }
    throw error;
  }
  if (result.status === 'completed') return { status: 'completed' };
  return { status: 'failed', code: isJobFailureCode(result.code) ? result.code : 'INTERNAL_ERROR', message: result.message };
}

/** The row's verdict (failJob only changes an active row, so an earlier end stands). */
async function followRow(jobId: string, fallback: JobFailure): Promise<ChildOutcome> {
  const row = await bookkeeping.readBatchChild({ jobId });
  if (row.status === 'completed') return { status: 'completed' };
  const error = row.error ?? fallback;
  return { status: 'failed', code: error.code, message: error.message };
}

/** A child whose workflow this run did not start: its row tells when it has ended. */
async function followForeignChild(jobId: string, patienceSeconds: number): Promise<ChildOutcome> {
  let waited = 0;
  let interval = 2;
  for (;;) {
    const row = await bookkeeping.readBatchChild({ jobId });
    if (row.ended) {
      if (row.status === 'completed') return { status: 'completed' };
      const error = row.error ?? { code: 'INTERNAL_ERROR', message: 'The job failed' };
      return { status: 'failed', code: error.code, message: error.message };
    }
    if (waited >= patienceSeconds) {
      const failure: JobFailure = { code: 'INTERNAL_ERROR', message: 'The job did not finish in time' };
      await bookkeeping.failBatchChild({ jobId, failure });
      return followRow(jobId, failure);
    }
    await sleep(`${interval} seconds`);
    waited += interval;
    interval = Math.min(interval * 2, 60);
  }
}

function progressOf(batchId: string, status: BatchStatus, children: BatchChildProgress[]): BatchProgress {
  const count = (state: BatchChildProgress['state']) => children.filter((c) => c.state === state).length;
  const completed = count('completed');
  const failed = count('failed');
  const total = children.length;
  return {
    batchId,
    status,
    total,
    pending: count('pending'),
    running: count('running'),
    completed,
    failed,
    progress: status !== 'processing' ? 100 : Math.min(99, Math.floor(((completed + failed) * 100) / Math.max(1, total))),
    children: children.map((c) => ({ ...c, error: c.error ? { ...c.error } : null })),
  };
}
