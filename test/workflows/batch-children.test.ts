/**
 * How the batch workflow runs its children, with every activity a plain function here: the
 * sliding window (at most `concurrency` children at once, started in the order sent, the next as
 * soon as one ends) and a child whose id was already started elsewhere, which the batch follows
 * through its row, waiting 2 s, then 4 s, and so on between looks, and gives up on after its
 * patience (3 hours in service; 6 seconds here, since this server's timers run in real time: the
 * workflows are bundled with fixtures/short-foreign-child-patience.ts in place of the service's).
 */
import path from 'node:path';
import { Context } from '@temporalio/activity';
import { bundleWorkflowCode } from '@temporalio/worker';
import { NormalModuleReplacementPlugin } from 'webpack';
import { ApplicationFailure } from '@temporalio/common';
import type { ChildRowState } from '../../activities/batches';
import type { JobEnd } from '../../activities/finish-job';
import type { JobFailure } from '../../src/domain/job-failure';
import { BATCH_WORKFLOW, batchProgressQuery, type BatchOutcome, type BatchProgress, type BatchWorkflowInput } from '../../src/contracts/batch';
import { VIDEO_JOB_WORKFLOW, type VideoJobInput } from '../../src/contracts/video-job';
import { uniqueName } from '../support/infrastructure';
import {
  childWorkflowsStarted,
  eventually,
  startMockedActivitiesWorker,
  timerDurationsMs,
  type MockedActivitiesWorker,
} from '../support/mocked-activities-worker';

/** A gate a child's first activity waits at until the test opens it. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

/** The video jobs' side of the world: which ran, when, how many at once, and how each ended. */
const jobs = {
  started: [] as string[],
  running: new Set<string>(),
  mostAtOnce: 0,
  gates: new Map<string, ReturnType<typeof gate>>(),
  /** Children whose video turns out to be unavailable, with the failure the job ends with. */
  refusals: new Map<string, JobFailure>(),
  ends: new Map<string, JobEnd>(),
};

/** The batch's side: each foreign child's row as successive reads find it, and what was recorded. */
const batches = {
  outcomes: new Map<string, BatchOutcome>(),
  rowReads: new Map<string, ChildRowState[]>(),
  reads: [] as Array<{ jobId: string; at: number }>,
  failedChildren: [] as string[],
  announced: [] as Array<{ batchId: string; resultsUrl: string }>,
};

const openGate = (jobId: string) => {
  const existing = jobs.gates.get(jobId) ?? gate();
  jobs.gates.set(jobId, existing);
  existing.open();
};

let worker: MockedActivitiesWorker;

/** The short patience is not the service's code: its runs stay out of the service's namespace. */
const SHORT_PATIENCE_NAMESPACE = 'short-patience';

const silentLogger = { trace() {}, debug() {}, info() {}, warn() {}, error() {}, log() {} };

/** The service's workflows, with the batch's patience for a foreign child cut to 6 seconds. */
function workflowsWithShortPatience() {
  return bundleWorkflowCode({
    workflowsPath: require.resolve('../../workflows'),
    logger: silentLogger as never,
    webpackConfigHook: (config) => ({
      ...config,
      plugins: [
        ...(config.plugins ?? []),
        new NormalModuleReplacementPlugin(/\/foreign-child-patience$/, path.join(__dirname, 'fixtures', 'short-foreign-child-patience.ts')),
      ],
    }),
  });
}

beforeAll(async () => {
  worker = await startMockedActivitiesWorker({
    async fetchVideoMetadata(input: { jobId: string }) {
      jobs.started.push(input.jobId);
      jobs.running.add(input.jobId);
      jobs.mostAtOnce = Math.max(jobs.mostAtOnce, jobs.running.size);
      const waiting = jobs.gates.get(input.jobId) ?? gate();
      jobs.gates.set(input.jobId, waiting);
      // Heartbeats keep a child held at its gate from timing out (the fetch activities have a heartbeat timeout).
      const beat = setInterval(() => Context.current().heartbeat(), 1_000);
      try {
        await waiting.opened;
      } finally {
        clearInterval(beat);
      }
      const refusal = jobs.refusals.get(input.jobId);
      if (refusal) throw ApplicationFailure.nonRetryable(refusal.message, refusal.code);
      return { title: input.jobId };
    },
    async fetchTranscript() {
      return { warnings: [] };
    },
    async writeSummaries() {
      return { warnings: [] };
    },
    async finishJob(input: { jobId: string; end: JobEnd }) {
      jobs.ends.set(input.jobId, input.end);
      jobs.running.delete(input.jobId);
      return { webhook: null };
    },
    async readBatchChild(input: { jobId: string }): Promise<ChildRowState> {
      batches.reads.push({ jobId: input.jobId, at: Date.now() });
      const states = batches.rowReads.get(input.jobId) ?? [];
      return states.length > 1 ? states.shift()! : states[0] ?? { ended: true, status: 'failed', error: { code: 'INTERNAL_ERROR', message: 'no row' } };
    },
    async failBatchChild(input: { jobId: string }) {
      batches.failedChildren.push(input.jobId);
    },
    async completeBatch(input: { batchId: string }): Promise<BatchOutcome> {
      return batches.outcomes.get(input.batchId)!;
    },
    async announceBatchCompleted(input: { batchId: string; resultsUrl: string }) {
      batches.announced.push({ batchId: input.batchId, resultsUrl: input.resultsUrl });
      return { webhook: null };
    },
  }, await workflowsWithShortPatience(), SHORT_PATIENCE_NAMESPACE);
});

afterAll(async () => {
  // A child still held at its gate (a test that failed half way) would keep the worker from stopping.
  for (const held of jobs.gates.values()) held.open();
  await worker?.stop();
});

beforeEach(() => {
  jobs.started.length = 0;
  jobs.running.clear();
  jobs.mostAtOnce = 0;
  batches.reads.length = 0;
  batches.failedChildren.length = 0;
});

function videoJobInput(jobId: string): VideoJobInput {
  return {
    jobId,
    videoId: 'dQw4w9WgXcQ',
    summaryModes: ['tldr'],
    language: null,
    forceRefresh: false,
    maxTranscriptLength: 100_000,
    useProxy: null,
    includeComments: false,
    generateInfographic: false,
    retry: { fetchMaxAttempts: 1, fetchInitialIntervalSeconds: 1 },
  };
}

function startBatch(jobIds: string[], concurrency: number, outcome: Omit<BatchOutcome, 'completedAt'>) {
  const batchId = uniqueName('batch');
  batches.outcomes.set(batchId, { ...outcome, completedAt: new Date().toISOString() });
  const input: BatchWorkflowInput = {
    batchId,
    children: jobIds.map((jobId) => ({ jobId, input: videoJobInput(jobId) })),
    concurrency,
    priorityKey: 3,
    resultsUrl: `http://results.invalid/${batchId}`,
  };
  return worker.client.workflow.start(BATCH_WORKFLOW, {
    workflowId: batchId,
    taskQueue: worker.taskQueue,
    args: [input],
    workflowExecutionTimeout: '2 minutes',
  });
}

const childIds = (count: number) => Array.from({ length: count }, (_, index) => uniqueName(`child${index}`));
const states = (progress: BatchProgress) => progress.children.map((child) => child.state);

describe('the window', () => {
  it('runs at most `concurrency` children, in the order sent, starting the next as soon as one ends', async () => {
    const ids = childIds(5);
    const [c0, c1, c2, c3, c4] = ids as [string, string, string, string, string];
    jobs.refusals.set(c3, { code: 'VIDEO_UNAVAILABLE', message: 'The video is private' });
    const handle = await startBatch(ids, 2, { status: 'partial_failure', successful: 4, failed: 1 });
    const progress = () => handle.query(batchProgressQuery);

    // The first two start together; which of them reaches its first activity first is up to the worker.
    await eventually(() => [...jobs.started], (started) => started.length === 2);
    expect(new Set(jobs.started)).toEqual(new Set([c0, c1]));
    expect(await eventually(progress, (p) => p.running === 2)).toMatchObject({ status: 'processing', total: 5, pending: 3, running: 2, completed: 0, failed: 0, progress: 0 });
    // The window holds while both children run.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(jobs.started).toHaveLength(2);

    // The second child ends first: its slot goes to the next child in order.
    openGate(c1);
    await eventually(() => [...jobs.started], (started) => started.length === 3);
    expect(jobs.started[2]).toBe(c2);
    expect(states(await eventually(progress, (p) => p.completed === 1 && p.running === 2))).toEqual(['running', 'completed', 'running', 'pending', 'pending']);

    openGate(c0);
    await eventually(() => [...jobs.started], (started) => started.length === 4);
    expect(jobs.started[3]).toBe(c3);
    // A failed child frees its slot like a completed one.
    openGate(c3);
    await eventually(() => [...jobs.started], (started) => started.length === 5);
    expect(jobs.started[4]).toBe(c4);
    expect(await eventually(progress, (p) => p.failed === 1 && p.running === 2)).toMatchObject({ pending: 0, completed: 2, progress: 60 });

    openGate(c2);
    openGate(c4);
    const outcome = await handle.result();

    expect(outcome).toEqual(batches.outcomes.get(handle.workflowId));
    expect(jobs.mostAtOnce).toBe(2);
    expect(await childWorkflowsStarted(worker.client, handle.workflowId)).toEqual(ids);
    expect(jobs.ends.get(c3)).toEqual({ status: 'failed', failure: { code: 'VIDEO_UNAVAILABLE', message: 'The video is private' } });
    const ended = await progress();
    expect(ended).toMatchObject({ status: 'partial_failure', pending: 0, running: 0, completed: 4, failed: 1, progress: 100 });
    expect(ended.children[3]).toEqual({ jobId: c3, state: 'failed', error: { code: 'VIDEO_UNAVAILABLE', message: 'The video is private' } });
    expect(batches.announced).toContainEqual({ batchId: handle.workflowId, resultsUrl: `http://results.invalid/${handle.workflowId}` });
    // No child was followed through its row: the batch started every one itself.
    expect(batches.reads).toEqual([]);
  });

  it('starts every child at once when the concurrency is above their number', async () => {
    const ids = childIds(3);
    ids.forEach(openGate);
    const handle = await startBatch(ids, 10, { status: 'completed', successful: 3, failed: 0 });

    await handle.result();

    expect(jobs.mostAtOnce).toBe(3);
    expect(states(await handle.query(batchProgressQuery))).toEqual(['completed', 'completed', 'completed']);
  });
});

describe('a child started elsewhere', () => {
  /** A job workflow with the child's id, started on a queue no worker polls: it never ends by itself. */
  async function startElsewhere(jobId: string) {
    return worker.client.workflow.start(VIDEO_JOB_WORKFLOW, {
      workflowId: jobId,
      taskQueue: uniqueName('nobody-polls'),
      args: [videoJobInput(jobId)],
    });
  }

  it('is followed through its row with growing waits until the row ends, holding its slot meanwhile', async () => {
    const [foreign, next] = childIds(2) as [string, string];
    const elsewhere = await startElsewhere(foreign);
    const active: ChildRowState = { ended: false, status: 'active', error: null };
    batches.rowReads.set(foreign, [active, active, { ended: true, status: 'failed', error: { code: 'VIDEO_UNAVAILABLE', message: 'The video is private' } }]);
    openGate(next);
    try {
      const handle = await startBatch([foreign, next], 1, { status: 'partial_failure', successful: 1, failed: 1 });

      // While it is followed, the foreign child counts as running and the next one waits for its slot.
      expect(await eventually(() => handle.query(batchProgressQuery), (p) => p.running === 1)).toMatchObject({ running: 1, pending: 1 });
      await handle.result();

      const reads = batches.reads.filter((read) => read.jobId === foreign);
      expect(reads).toHaveLength(3);
      // Durable timers between the looks: 2 s, then twice as long.
      expect(await timerDurationsMs(worker.client, handle.workflowId)).toEqual([2_000, 4_000]);
      expect(reads[1]!.at - reads[0]!.at).toBeGreaterThanOrEqual(2_000);
      expect(reads[2]!.at - reads[1]!.at).toBeGreaterThanOrEqual(4_000);
      // The batch never ran the foreign job itself, and took its end from the row.
      expect(jobs.started).toEqual([next]);
      expect(batches.failedChildren).toEqual([]);
      const ended = await handle.query(batchProgressQuery);
      expect(ended.children).toEqual([
        { jobId: foreign, state: 'failed', error: { code: 'VIDEO_UNAVAILABLE', message: 'The video is private' } },
        { jobId: next, state: 'completed', error: null },
      ]);
    } finally {
      await elsewhere.terminate('test over');
    }
  });

  it('is given up on once its patience has run out: failed in its row, and the batch ends', async () => {
    const [foreign] = childIds(1) as [string];
    const elsewhere = await startElsewhere(foreign);
    const active: ChildRowState = { ended: false, status: 'active', error: null };
    const timedOut: ChildRowState = { ended: true, status: 'failed', error: { code: 'INTERNAL_ERROR', message: 'The job did not finish in time' } };
    // Still running at every look; the read after the give-up finds the failure just recorded.
    batches.rowReads.set(foreign, [active, active, active, timedOut]);
    try {
      const handle = await startBatch([foreign], 1, { status: 'failed', successful: 0, failed: 1 });
      await handle.result();

      // 2 s then 4 s: 6 s waited, the patience, so the third look is the last.
      expect(await timerDurationsMs(worker.client, handle.workflowId)).toEqual([2_000, 4_000]);
      expect(batches.failedChildren).toEqual([foreign]);
      expect(batches.reads.filter((read) => read.jobId === foreign)).toHaveLength(4);
      expect((await handle.query(batchProgressQuery)).children).toEqual([
        { jobId: foreign, state: 'failed', error: { code: 'INTERNAL_ERROR', message: 'The job did not finish in time' } },
      ]);
    } finally {
      await elsewhere.terminate('test over');
    }
  });

  it('needs no wait when its row has already ended', async () => {
    const [foreign] = childIds(1) as [string];
    const elsewhere = await startElsewhere(foreign);
    await elsewhere.terminate('ended before the batch');
    batches.rowReads.set(foreign, [{ ended: true, status: 'completed', error: null }]);

    const handle = await startBatch([foreign], 3, { status: 'completed', successful: 1, failed: 0 });
    await handle.result();

    expect(batches.reads.map((read) => read.jobId)).toEqual([foreign]);
    expect(await timerDurationsMs(worker.client, handle.workflowId)).toEqual([]);
    expect(jobs.started).toEqual([]);
    expect((await handle.query(batchProgressQuery)).children).toEqual([{ jobId: foreign, state: 'completed', error: null }]);
  });
});
