/**
 * Workers die; batches do not. A 100-video batch runs on a worker process that is killed with
 * SIGKILL midway; another is started, and the batch ends exactly as it would have: every child
 * ran once, the counts and status are right, and batch.completed is scheduled once.
 */
import { createTemporalClient, type TemporalHandle } from '../../src/temporal/client';
import { startFakeYouTube, type FakeYouTube } from '../fake-youtube';
import { waitFor, type ServiceProcess } from '../support/processes';
import { call, spawnWorkerProcess, startTestService, type TestService } from '../support/test-service';
import { expectConsistentStatus, mixedBatch, pollBatch, replayBatchHistory, startWebhookReceiver } from './support';

const CONCURRENCY = 10;
const TOTAL = 100;

let youtube: FakeYouTube;
let service: TestService;
let temporal: TemporalHandle;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
const workers: ServiceProcess[] = [];

beforeAll(async () => {
  youtube = await startFakeYouTube({ latencyMs: 25 });
  receiver = await startWebhookReceiver();
  service = await startTestService({
    youtubeBaseUrl: youtube.baseUrl,
    withWorker: false,
    env: { ALLOW_PRIVATE_WEBHOOKS: 'true', BATCH_CONCURRENCY: String(CONCURRENCY) },
  });
  temporal = createTemporalClient({ address: service.config.temporal.address!, namespace: service.config.temporal.namespace, taskQueue: service.config.temporal.taskQueue });
});

afterAll(async () => {
  for (const worker of workers) await worker.kill('SIGKILL');
  await temporal?.close();
  await service?.stop();
  await receiver?.close();
  await youtube?.close();
});

function startWorkerProcess(): ServiceProcess {
  const worker = spawnWorkerProcess(service, { FETCH_MAX_ATTEMPTS: '3', ALLOW_PRIVATE_WEBHOOKS: 'true', WEBHOOK_RETRY_SCHEDULE: '1,1,1' });
  workers.push(worker);
  return worker;
}

async function endedCount(jobIds: string[]) {
  const rows = await service.db.selectFrom('jobs').select('status').where('id', 'in', jobIds).execute();
  return {
    ended: rows.filter((r) => r.status === 'completed' || r.status === 'failed').length,
    processing: rows.filter((r) => r.status === 'processing').length,
  };
}

it('ends right after the worker is killed midway and another takes over', async () => {
  const { key } = await service.createUser('pro');
  const batch = mixedBatch(TOTAL, 9_000);
  const res = await call(service, 'POST', '/api/v1/batch/process', { key, body: { videos: batch.videos, webhook_url: receiver.url } });
  expect(res.status).toBe(202);
  const { batch_id: batchId, job_ids: jobIds } = res.json;

  const first = startWorkerProcess();
  // Kill it once a good part of the batch has ended and a window of children is in flight.
  await waitFor(
    'the batch to be under way',
    async () => {
      const counts = await endedCount(jobIds);
      return counts.ended >= 25 && counts.processing > 0;
    },
    90_000,
  );
  await first.kill('SIGKILL');
  const atKill = await endedCount(jobIds);
  expect(atKill.ended).toBeLessThan(TOTAL);
  const statusAtKill = await call(service, 'GET', `/api/v1/batch/status/${batchId}`, { key });
  expect(statusAtKill.json.status).toBe('processing');

  startWorkerProcess();
  const { final, seen } = await pollBatch(service, key, batchId, { timeoutMs: 150_000, intervalMs: 500 });
  for (const status of seen) expectConsistentStatus(status, TOTAL, CONCURRENCY);
  const progress = seen.map((s) => s.progress_percentage);
  expect(progress).toEqual([...progress].sort((a, b) => a - b));

  expect(final).toMatchObject({
    status: 'partial_failure',
    progress_percentage: 100,
    completed_jobs: batch.successful,
    failed_jobs: batch.failed,
    processing_jobs: 0,
    queued_jobs: 0,
  });
  final.jobs.forEach((job: any, i: number) => {
    expect({ i, outcome: job.status === 'completed' ? 'completed' : job.error?.code }).toEqual({ i, outcome: batch.expected[i] });
  });

  // Each child ran exactly once, as a child of the batch; each completed one wrote its summaries once.
  await waitFor('visibility of every child', async () => {
    let count = 0;
    for await (const execution of temporal.client.workflow.list({ query: `WorkflowType = 'videoJobWorkflow'` })) {
      if (jobIds.includes(execution.workflowId)) count += 1;
    }
    return count === TOTAL;
  }, 30_000);
  const parents = await Promise.all(
    jobIds.map(async (jobId: string) => (await temporal.client.workflow.getHandle(jobId).describe()).raw.workflowExecutionInfo?.parentExecution?.workflowId),
  );
  expect(new Set(parents)).toEqual(new Set([batchId]));
  const summaries = await service.db.selectFrom('job_summaries').select(['job_id', 'mode']).where('job_id', 'in', jobIds).execute();
  const expectedSummaries = batch.videos.reduce((n, video, i) => n + (batch.expected[i] === 'completed' ? ((video.options?.summary_modes as string[]) ?? ['tldr']).length : 0), 0);
  expect(summaries).toHaveLength(expectedSummaries);

  // The batch's end was recorded and announced once, whatever the worker went through.
  const deliveries = await service.db.selectFrom('webhook_deliveries').select(['id', 'event_type']).where('batch_id', '=', batchId).execute();
  expect(deliveries).toEqual([{ id: expect.any(String), event_type: 'batch.completed' }]);
  await waitFor('the batch.completed webhook', async () => receiver.received.length > 0, 30_000);
  expect(new Set(receiver.received.map((r) => r.headers['webhook-id']))).toEqual(new Set([deliveries[0]!.id]));
  expect(receiver.received[0]!.body.data).toMatchObject({ batch_id: batchId, status: 'partial_failure', successful_jobs: batch.successful, failed_jobs: batch.failed });

  expect(await replayBatchHistory(temporal.client, batchId)).toBeGreaterThan(TOTAL * 3);
}, 240_000);
