/**
 * A 100-video batch end to end, as a client lives it: submission, status while it runs (bounded
 * window, progress never backwards), partial results, the final partial_failure and its figures,
 * every child a normal job with batch_id, the parent's live query, the batch.completed webhook at
 * a local receiver and the email notice. Real API, Postgres, Redis, Temporal and worker.
 */
import { createTemporalClient, type TemporalHandle } from '../../src/temporal/client';
import { batchProgressQuery } from '../../src/contracts/batch';
import { startFakeYouTube, type FakeYouTube } from '../fake-youtube';
import { call, startTestService, type TestService } from '../support/test-service';
import { waitFor } from '../support/processes';
import { expectConsistentStatus, mixedBatch, pollBatch, replayBatchHistory, startWebhookReceiver } from './support';

const CONCURRENCY = 10;
const TOTAL = 100;

let youtube: FakeYouTube;
let service: TestService;
let temporal: TemporalHandle;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
let user: { userId: string; key: string };

const batch = mixedBatch(TOTAL, 7_000);
let submitted: any;
let seen: any[] = [];
let final: any;
const partial: any[] = [];
const queried: any[] = [];

beforeAll(async () => {
  // A little latency keeps the batch running long enough to watch it.
  youtube = await startFakeYouTube({ latencyMs: 15 });
  receiver = await startWebhookReceiver();
  service = await startTestService({
    youtubeBaseUrl: youtube.baseUrl,
    env: { ALLOW_PRIVATE_WEBHOOKS: 'true', BATCH_CONCURRENCY: String(CONCURRENCY), WEBHOOK_RETRY_SCHEDULE: '1,1,1' },
  });
  temporal = createTemporalClient({ address: service.config.temporal.address!, namespace: service.config.temporal.namespace, taskQueue: service.config.temporal.taskQueue });
  user = await service.createUser('pro');
  await service.db.updateTable('users').set({ email_notifications: true }).where('id', '=', user.userId).execute();

  const res = await call(service, 'POST', '/api/v1/batch/process', {
    key: user.key,
    body: { videos: batch.videos, webhook_url: receiver.url, priority: 'normal', parallel_processing: true },
  });
  expect(res.status).toBe(202);
  submitted = res.json;

  ({ seen, final } = await pollBatch(service, user.key, submitted.batch_id, {
    intervalMs: 150,
    onSnapshot: async (status) => {
      const ended = status.completed_jobs + status.failed_jobs;
      if (status.status === 'processing' && status.completed_jobs > 0 && ended < TOTAL - CONCURRENCY && partial.length < 2) {
        const results = await call(service, 'GET', `/api/v1/batch/results/${submitted.batch_id}?include_failed=true`, { key: user.key });
        partial.push(results.json);
      }
      if (status.status === 'processing' && queried.length < 3) {
        queried.push(await temporal.client.workflow.getHandle(submitted.batch_id).query(batchProgressQuery));
      }
    },
  }));
}, 180_000);

afterAll(async () => {
  await temporal?.close();
  await service?.stop();
  await receiver?.close();
  await youtube?.close();
});

it('accepts the batch with every child job id, in order', () => {
  expect(submitted).toMatchObject({ success: true, status: 'processing', total_jobs: TOTAL });
  expect(submitted.job_ids).toHaveLength(TOTAL);
  expect(new Set(submitted.job_ids).size).toBe(TOTAL);
  expect(final.jobs.map((j: any) => j.job_id)).toEqual(submitted.job_ids);
});

it('reports consistent progress while running: bounded window, never backwards', () => {
  expect(seen.length).toBeGreaterThan(3);
  for (const status of seen) expectConsistentStatus(status, TOTAL, CONCURRENCY);
  const running = seen.slice(0, -1);
  expect(running.every((s) => s.status === 'processing')).toBe(true);
  expect(running.some((s) => s.processing_jobs > 0 && s.queued_jobs > 0)).toBe(true);
  const progress = seen.map((s) => s.progress_percentage);
  expect(progress).toEqual([...progress].sort((a, b) => a - b));
  // Each child's own progress never goes backwards either.
  for (let i = 0; i < TOTAL; i++) {
    const own = seen.map((s) => s.jobs[i].progress_percentage);
    expect(own).toEqual([...own].sort((a, b) => a - b));
  }
  const ended = seen.map((s) => s.completed_jobs + s.failed_jobs);
  expect(ended).toEqual([...ended].sort((a, b) => a - b));
});

it('ends partial_failure with the right counts and per-job errors', () => {
  expect(final).toMatchObject({
    status: 'partial_failure',
    progress_percentage: 100,
    total_jobs: TOTAL,
    completed_jobs: batch.successful,
    failed_jobs: batch.failed,
    processing_jobs: 0,
    queued_jobs: 0,
    completed_at: expect.any(String),
    // Scheduled just after the batch ends (see the webhook test for the delivery).
    webhook: { url: receiver.url, deliveries: expect.any(Array) },
  });
  final.jobs.forEach((job: any, i: number) => {
    if (batch.expected[i] === 'completed') {
      expect(job).toMatchObject({ status: 'completed', progress_percentage: 100, current_step: 'completed', error: null });
    } else {
      expect(job).toMatchObject({ status: 'failed', current_step: 'failed', error: { code: batch.expected[i], message: expect.any(String) } });
    }
  });
  expect(Date.parse(final.completed_at)).toBeGreaterThanOrEqual(Date.parse(final.created_at));
  expect(Date.parse(final.updated_at)).toBeGreaterThanOrEqual(Date.parse(final.completed_at));
});

it('gives partial results while running', () => {
  expect(partial.length).toBeGreaterThan(0);
  for (const results of partial) {
    expect(results.status).toBe('processing');
    expect(results.successful_jobs.length).toBeGreaterThan(0);
    expect(results.successful_jobs.length).toBeLessThan(batch.successful);
    expect(results.summary_stats.total).toBe(TOTAL);
    expect(results.summary_stats.successful).toBe(results.successful_jobs.length);
    expect(results.summary_stats.failed).toBe(results.failed_jobs.length);
    expect(results.processing_metadata.completed_at).toBeNull();
    expect(results.processing_metadata.duration_seconds).toBeGreaterThan(0);
  }
});

async function processingTimeOf(jobIds: string[]): Promise<number> {
  const rows = await service.db.selectFrom('jobs').select('processing_time').where('id', 'in', jobIds).execute();
  return rows.reduce((total, row) => total + (row.processing_time ?? 0), 0);
}

it('gives every result, the failures and the figures once ended', async () => {
  const res = await call(service, 'GET', `/api/v1/batch/results/${submitted.batch_id}?include_failed=true`, { key: user.key });
  expect(res.status).toBe(200);
  const results = res.json;
  expect(results).toMatchObject({ success: true, batch_id: submitted.batch_id, status: 'partial_failure' });
  const successfulIds = submitted.job_ids.filter((_: string, i: number) => batch.expected[i] === 'completed');
  expect(results.successful_jobs.map((r: any) => r.job_id)).toEqual(successfulIds);
  for (const record of results.successful_jobs) {
    expect(record).toMatchObject({ status: 'completed', video_info: { platform: 'youtube' }, transcript: { text: expect.any(String) } });
    expect(record.summaries.tldr.content.length).toBeGreaterThan(0);
  }
  // Options are per video: the shorts addresses asked for key_insights too.
  expect(Object.keys(results.successful_jobs[1].summaries).sort()).toEqual(['key_insights', 'tldr']);
  expect(results.failed_jobs).toHaveLength(batch.failed);
  expect(results.failed_jobs[0]).toEqual({ job_id: submitted.job_ids[3], video_url: expect.stringContaining('Unavailable'), error: { code: 'VIDEO_UNAVAILABLE', message: expect.any(String) } });

  const stats = results.summary_stats;
  expect(stats).toMatchObject({ total: TOTAL, successful: batch.successful, failed: batch.failed, success_rate: batch.successful / TOTAL });
  expect(stats.total_processing_time).toBeGreaterThan(0);
  // The average is over the completed jobs; the total over every ended one.
  const [completedTime, endedTime] = await Promise.all([
    processingTimeOf(submitted.job_ids.filter((_: string, i: number) => batch.expected[i] === 'completed')),
    processingTimeOf(submitted.job_ids),
  ]);
  expect(stats.total_processing_time).toBeCloseTo(endedTime, 2);
  expect(stats.average_processing_time).toBeCloseTo(completedTime / batch.successful, 2);
  expect(results.processing_metadata).toEqual({
    created_at: final.created_at,
    completed_at: final.completed_at,
    duration_seconds: expect.any(Number),
  });
  expect(results.processing_metadata.duration_seconds).toBeCloseTo((Date.parse(final.completed_at) - Date.parse(final.created_at)) / 1000, 2);

  // The same answer as the single-video result route gives.
  const single = await call(service, 'GET', `/api/v1/videos/result/${successfulIds[0]}`, { key: user.key });
  const { success: _success, ...record } = single.json;
  expect(results.successful_jobs[0]).toEqual(record);
});

it('makes every child a normal job carrying batch_id', async () => {
  const ok = await call(service, 'GET', `/api/v1/videos/status/${submitted.job_ids[0]}`, { key: user.key });
  expect(ok.json).toMatchObject({ job_id: submitted.job_ids[0], batch_id: submitted.batch_id, status: 'completed', progress_percentage: 100 });
  const failed = await call(service, 'GET', `/api/v1/videos/status/${submitted.job_ids[7]}`, { key: user.key });
  expect(failed.json).toMatchObject({ batch_id: submitted.batch_id, status: 'failed', error: { code: 'TRANSCRIPT_UNAVAILABLE' } });
  const failedResult = await call(service, 'GET', `/api/v1/videos/result/${submitted.job_ids[7]}`, { key: user.key });
  expect({ status: failedResult.status, code: failedResult.json.error.code }).toEqual({ status: 409, code: 'JOB_FAILED' });
  const listed = await call(service, 'GET', '/api/v1/videos/?limit=100', { key: user.key });
  expect(listed.json.pagination.total).toBe(TOTAL);
  expect(listed.json.jobs.every((j: any) => j.batch_id === submitted.batch_id)).toBe(true);
});

it('answers the parent workflow\'s query with aggregate progress and each child\'s state', async () => {
  expect(queried.length).toBeGreaterThan(0);
  for (const progress of queried) {
    expect(progress.batchId).toBe(submitted.batch_id);
    expect(progress.total).toBe(TOTAL);
    expect(progress.pending + progress.running + progress.completed + progress.failed).toBe(TOTAL);
    expect(progress.running).toBeLessThanOrEqual(CONCURRENCY);
    expect(progress.children.map((c: any) => c.jobId)).toEqual(submitted.job_ids);
  }
  // The ended workflow still answers: everything ended, with the errors.
  const ended = await temporal.client.workflow.getHandle(submitted.batch_id).query(batchProgressQuery);
  expect(ended).toMatchObject({ status: 'partial_failure', progress: 100, completed: batch.successful, failed: batch.failed, pending: 0, running: 0 });
  expect(ended.children[3]).toEqual({ jobId: submitted.job_ids[3], state: 'failed', error: { code: 'VIDEO_UNAVAILABLE', message: expect.any(String) } });
  expect(await temporal.client.workflow.getHandle(submitted.batch_id).result()).toMatchObject({ status: 'partial_failure', successful: batch.successful, failed: batch.failed });
});

it('delivers one signed batch.completed webhook and queues one email notice', async () => {
  await waitFor('the batch.completed webhook', async () => receiver.received.length > 0, 30_000);
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(receiver.received).toHaveLength(1);
  const [hook] = receiver.received;
  expect(hook!.headers['webhook-id']).toEqual(expect.any(String));
  expect(hook!.headers['webhook-signature']).toMatch(/^v1,/);
  expect(hook!.body).toEqual({
    type: 'batch.completed',
    timestamp: expect.any(String),
    data: {
      batch_id: submitted.batch_id,
      status: 'partial_failure',
      total_jobs: TOTAL,
      successful_jobs: batch.successful,
      failed_jobs: batch.failed,
      results_url: submitted.results_url,
      completed_at: final.completed_at,
    },
  });
  // The status record shows the delivery and how it went.
  const delivered = await waitFor('the delivery recorded as delivered', async () => {
    const status = await call(service, 'GET', `/api/v1/batch/status/${submitted.batch_id}`, { key: user.key });
    return status.json.webhook.deliveries[0]?.status === 'delivered' ? status.json.webhook : null;
  }, 10_000);
  expect(delivered).toEqual({
    url: receiver.url,
    deliveries: [expect.objectContaining({ delivery_id: hook!.headers['webhook-id'], event: 'batch.completed', status: 'delivered', attempts: 1 })],
  });

  const notices = await service.db.selectFrom('email_outbox').selectAll().where('user_id', '=', user.userId).where('kind', '=', 'batch_completed').execute();
  expect(notices).toHaveLength(1);
  expect(notices[0]!.dedupe_key).toBe(`batch_completed:${submitted.batch_id}`);
  expect(notices[0]!.data).toMatchObject({ batch_id: submitted.batch_id, status: 'partial_failure', results_url: submitted.results_url });
});

it('keeps a parent history that replays deterministically', async () => {
  expect(await replayBatchHistory(temporal.client, submitted.batch_id)).toBeGreaterThan(TOTAL * 3);
});
