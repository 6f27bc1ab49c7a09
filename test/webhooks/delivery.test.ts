/**
 * Webhooks end to end (docs/api-behaviour.md#webhooks): real API, worker, Temporal and Postgres; a
 * local receiver that fails, redirects or accepts. ALLOW_PRIVATE_WEBHOOKS=true lets deliveries
 * reach it, and WEBHOOK_RETRY_SCHEDULE=1,1,2 keeps the schedule short: 4 attempts, 1 s, 1 s and 2 s
 * apart.
 */
import { sql } from 'kysely';
import { Webhook } from 'standardwebhooks';
import { VIDEO_MANUAL_AND_AUTO, VIDEO_UNAVAILABLE, startFakeYouTube, type FakeYouTube } from '../fake-youtube';
import { call, startTestService, waitForJob, type TestService } from '../support/test-service';
import { createTemporalClient, type TemporalHandle } from '../../src/temporal/client';
import { startWebhookDelivery } from './start-delivery';
import { startReceiver, type Receiver, type ReceivedRequest } from './receiver';

const SCHEDULE = [1, 1, 2];

let youtube: FakeYouTube;
let service: TestService;
let receiver: Receiver;
let temporal: TemporalHandle;
let user: { userId: string; key: string };
let secret: string;

beforeAll(async () => {
  youtube = await startFakeYouTube();
  service = await startTestService({
    youtubeBaseUrl: youtube.baseUrl,
    env: { ALLOW_PRIVATE_WEBHOOKS: 'true', WEBHOOK_RETRY_SCHEDULE: SCHEDULE.join(',') },
  });
  receiver = await startReceiver();
  temporal = createTemporalClient({
    address: service.infra.temporalAddress,
    namespace: service.config.temporal.namespace,
    taskQueue: service.config.temporal.taskQueue,
  });
  user = await service.createUser('pro');
  const res = await call(service, 'GET', '/api/v1/auth/webhook-secret', { key: user.key });
  expect(res.status).toBe(200);
  secret = res.json.secret;
  expect(secret).toMatch(/^whsec_/);
});

afterAll(async () => {
  await temporal?.close();
  await service?.stop();
  await receiver?.close();
  await youtube?.close();
});

async function submit(body: Record<string, unknown>, key = user.key) {
  const res = await call(service, 'POST', '/api/v1/videos/process', { key, body });
  expect(res.status).toBe(202);
  return res.json.job_id as string;
}

/** Polls the status record until the job's first delivery has ended; returns every record seen. */
async function waitForDeliveryEnd(jobId: string, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  const seen: any[] = [];
  for (;;) {
    const { json } = await call(service, 'GET', `/api/v1/videos/status/${jobId}`, { key: user.key });
    seen.push(json);
    const delivery = json?.webhook?.deliveries?.[0];
    if (delivery && delivery.status !== 'pending') return { final: json, seen };
    if (Date.now() > deadline) throw new Error(`delivery of ${jobId} did not end: ${JSON.stringify(json)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function verified(request: ReceivedRequest): any {
  return new Webhook(secret).verify(request.body, request.headers);
}

/** Gaps between arrivals follow the schedule: never early, and late by less than two seconds (a loaded machine). */
function expectGapsFollow(times: number[], schedule: number[]) {
  const gaps = times.slice(1).map((t, i) => (t - times[i]!) / 1000);
  expect(gaps).toHaveLength(schedule.length);
  gaps.forEach((gap, i) => {
    expect(gap).toBeGreaterThanOrEqual(schedule[i]! - 0.05);
    expect(gap).toBeLessThan(schedule[i]! + 2);
  });
}

describe('a receiver that fails twice, then accepts', () => {
  let jobId: string;
  let requests: ReceivedRequest[];
  let finalStatus: any;

  beforeAll(async () => {
    receiver.behave('/flaky', { kind: 'fail-then-accept', failures: 2, failStatus: 500 });
    jobId = await submit({ url: VIDEO_MANUAL_AND_AUTO, webhook_url: `${receiver.url}/flaky?source=test`, agent_name: 'hooks' });
    const { json: early } = await call(service, 'GET', `/api/v1/videos/status/${jobId}`, { key: user.key });
    expect(early.webhook).toMatchObject({ url: `${receiver.url}/flaky?source=test`, deliveries: expect.any(Array) });
    const { final } = await waitForJob(service, user.key, jobId);
    expect(final.status).toBe('completed');
    requests = await receiver.waitFor('/flaky', 3);
    ({ final: finalStatus } = await waitForDeliveryEnd(jobId));
  });

  it('gets job.completed, signed with the user\'s secret, the same webhook-id and body on every attempt', () => {
    expect(requests).toHaveLength(3);
    const ids = new Set(requests.map((r) => r.headers['webhook-id']));
    expect(ids.size).toBe(1);
    expect([...ids][0]).toMatch(/^msg_/);
    expect(new Set(requests.map((r) => r.body)).size).toBe(1);
    for (const request of requests) {
      expect(request.method).toBe('POST');
      expect(request.headers['content-type']).toBe('application/json');
      expect(request.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
      const payload = verified(request);
      expect(payload).toMatchObject({
        type: 'job.completed',
        timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
        data: {
          job_id: jobId,
          status: 'completed',
          video_id: VIDEO_MANUAL_AND_AUTO,
          video_url: `https://www.youtube.com/watch?v=${VIDEO_MANUAL_AND_AUTO}`,
          result_url: `${service.url}/api/v1/videos/result/${jobId}`,
          completed_at: expect.any(String),
          processing_time: expect.any(Number),
          batch_id: null,
          agent_name: 'hooks',
        },
      });
      expect(payload.data).not.toHaveProperty('error');
    }
    // A signature made with another secret does not verify.
    expect(() => new Webhook(`whsec_${Buffer.alloc(32, 7).toString('base64')}`).verify(requests[0]!.body, requests[0]!.headers)).toThrow();
  });

  it('is delivered by a child of the job\'s workflow, left running when the job ends', async () => {
    const deliveryId = String(requests[0]!.headers['webhook-id']);
    const history = await temporal.client.workflow.getHandle(jobId).fetchHistory();
    const started = (history.events ?? []).filter((event) => event.startChildWorkflowExecutionInitiatedEventAttributes);
    expect(started.map((event) => event.startChildWorkflowExecutionInitiatedEventAttributes!.workflowId)).toEqual([deliveryId]);
    // ParentClosePolicy ABANDON (enum value 2): retries may outlast the job's workflow by a day.
    expect(started[0]!.startChildWorkflowExecutionInitiatedEventAttributes!.parentClosePolicy).toBe(2);
    const delivery = await temporal.client.workflow.getHandle(deliveryId).describe();
    expect(delivery.parentExecution?.workflowId).toBe(jobId);
  });

  it('retries on the schedule', () => {
    expectGapsFollow(requests.map((r) => r.receivedAt), SCHEDULE.slice(0, 2));
    const stamps = requests.map((r) => Number(r.headers['webhook-timestamp']));
    expect(stamps).toEqual([...stamps].sort((a, b) => a - b));
  });

  it('shows the delivery in the status record', () => {
    expect(finalStatus.webhook).toEqual({
      url: `${receiver.url}/flaky?source=test`,
      deliveries: [
        {
          delivery_id: requests[0]!.headers['webhook-id'],
          event: 'job.completed',
          status: 'delivered',
          attempts: 3,
          last_attempt_at: expect.any(String),
          last_status_code: 200,
          next_attempt_at: null,
        },
      ],
    });
  });

  it('lists every attempt on the deliveries route', async () => {
    const res = await call(service, 'GET', `/api/v1/videos/webhooks/${jobId}`, { key: user.key });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ success: true, job_id: jobId, webhook_url: `${receiver.url}/flaky?source=test` });
    expect(res.json.deliveries).toHaveLength(1);
    const delivery = res.json.deliveries[0];
    expect(delivery).toMatchObject({
      delivery_id: requests[0]!.headers['webhook-id'],
      event: 'job.completed',
      status: 'delivered',
      attempts: 3,
      max_attempts: SCHEDULE.length + 1,
      delivered_at: expect.any(String),
    });
    expect(delivery.attempt_log.map((a: any) => [a.attempt, a.outcome, a.status_code, a.delivered])).toEqual([
      [1, 'http_error', 500, false],
      [2, 'http_error', 500, false],
      [3, 'delivered', 200, true],
    ]);
    // When each attempt started and what came of it; nothing says how long the target took.
    for (const attempt of delivery.attempt_log) {
      expect(Object.keys(attempt).sort()).toEqual(['attempt', 'attempted_at', 'delivered', 'error', 'outcome', 'status_code']);
    }
    expect(delivery.delivered_at).toBe(delivery.attempt_log[2].attempted_at);
    expect(delivery.attempt_log[0].error).toBe('HTTP 500');
    expectGapsFollow(delivery.attempt_log.map((a: any) => Date.parse(a.attempted_at)), SCHEDULE.slice(0, 2));
  });

  it('answers 404 for another user\'s job, and lists the job with its webhook', async () => {
    const other = await service.createUser('pro');
    expect((await call(service, 'GET', `/api/v1/videos/webhooks/${jobId}`, { key: other.key })).status).toBe(404);
    expect((await call(service, 'GET', `/api/v1/videos/webhooks/job_${'x'.repeat(22)}`, { key: user.key })).status).toBe(404);
    const list = await call(service, 'GET', '/api/v1/videos/', { key: user.key });
    const listed = list.json.jobs.find((j: any) => j.job_id === jobId);
    expect(listed.webhook.deliveries[0]).toMatchObject({ status: 'delivered', attempts: 3 });
  });
});

describe('a receiver that never accepts', () => {
  it('gets job.failed on every attempt of the schedule, then the delivery is failed', async () => {
    receiver.behave('/never', { kind: 'always-fail', status: 503 });
    await service.db.updateTable('users').set({ email_notifications: true }).where('id', '=', user.userId).execute();
    const jobId = await submit({ url: `https://www.youtube.com/watch?v=${VIDEO_UNAVAILABLE}`, webhook_url: `${receiver.url}/never` });
    const { final: job } = await waitForJob(service, user.key, jobId);
    expect(job.status).toBe('failed');

    const { final, seen } = await waitForDeliveryEnd(jobId);
    const requests = receiver.requestsTo('/never');
    expect(requests).toHaveLength(SCHEDULE.length + 1);
    expectGapsFollow(requests.map((r) => r.receivedAt), SCHEDULE);
    expect(new Set(requests.map((r) => r.headers['webhook-id'])).size).toBe(1);
    const payload = verified(requests[0]!);
    expect(payload).toMatchObject({
      type: 'job.failed',
      data: { job_id: jobId, status: 'failed', video_id: VIDEO_UNAVAILABLE, error: { code: 'VIDEO_UNAVAILABLE', message: expect.any(String) } },
    });

    expect(final.webhook.deliveries).toEqual([
      expect.objectContaining({ event: 'job.failed', status: 'failed', attempts: 4, last_status_code: 503, next_attempt_at: null }),
    ]);
    // While it was being retried, the record said when the next attempt was due.
    const pending = seen.map((s) => s.webhook?.deliveries?.[0]).filter((d) => d?.status === 'pending' && d.attempts > 0);
    expect(pending.length).toBeGreaterThan(0);
    for (const d of pending) expect(Date.parse(d.next_attempt_at)).toBeGreaterThan(Date.parse(d.last_attempt_at));

    // Nothing more arrives after the last attempt.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(receiver.requestsTo('/never')).toHaveLength(SCHEDULE.length + 1);

    const res = await call(service, 'GET', `/api/v1/videos/webhooks/${jobId}`, { key: user.key });
    expect(res.json.deliveries[0].attempt_log.map((a: any) => a.status_code)).toEqual([503, 503, 503, 503]);

    // The failure is also queued as an email notice, once.
    const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM email_outbox WHERE dedupe_key = ${`job_failed:${jobId}`}`.execute(service.db);
    expect(rows[0]!.n).toBe(1);
    await service.db.updateTable('users').set({ email_notifications: false }).where('id', '=', user.userId).execute();
  });
});

describe('redirects', () => {
  it('are not followed: a 3xx is a failed attempt and its target never hears of it', async () => {
    receiver.behave('/moved', { kind: 'redirect', location: `${receiver.url}/target`, status: 302 });
    const jobId = await submit({ url: VIDEO_MANUAL_AND_AUTO, webhook_url: `${receiver.url}/moved` });
    await waitForJob(service, user.key, jobId);
    const { final } = await waitForDeliveryEnd(jobId);
    expect(final.webhook.deliveries[0]).toMatchObject({ status: 'failed', attempts: 4, last_status_code: 302 });
    expect(receiver.requestsTo('/moved')).toHaveLength(4);
    expect(receiver.requestsTo('/target')).toHaveLength(0);
    const res = await call(service, 'GET', `/api/v1/videos/webhooks/${jobId}`, { key: user.key });
    expect(res.json.deliveries[0].attempt_log[0].error).toMatch(/redirect/);
  });
});

describe('jobs without a webhook_url', () => {
  it('have webhook: null', async () => {
    const jobId = await submit({ url: VIDEO_MANUAL_AND_AUTO });
    const { final } = await waitForJob(service, user.key, jobId);
    expect(final.webhook).toBeNull();
    const res = await call(service, 'GET', `/api/v1/videos/webhooks/${jobId}`, { key: user.key });
    expect(res.json).toMatchObject({ webhook_url: null, deliveries: [] });
  });
});

describe('a webhook delivery recorded and started', () => {
  it('is idempotent by key: one delivery, one workflow, one request', async () => {
    receiver.behave('/once', { kind: 'accept' });
    const deps = { db: service.db, temporal, retrySchedule: [1] };
    const input = {
      userId: user.userId,
      url: `${receiver.url}/once`,
      type: 'batch.completed' as const,
      data: { batch_id: 'batch_test', status: 'completed', total_jobs: 1, successful_jobs: 1, failed_jobs: 0 },
      idempotencyKey: `batch.completed:test-${Date.now()}`,
    };
    const [a, b] = await Promise.all([startWebhookDelivery(deps, input), startWebhookDelivery(deps, input)]);
    expect(a.deliveryId).toBe(b.deliveryId);
    const [request] = await receiver.waitFor('/once', 1);
    expect(request!.headers['webhook-id']).toBe(a.deliveryId);
    expect(verified(request!)).toMatchObject({ type: 'batch.completed', data: { batch_id: 'batch_test' } });
    // Once delivered, scheduling again finds the delivery and sends nothing.
    const again = await startWebhookDelivery(deps, input);
    expect(again.deliveryId).toBe(a.deliveryId);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(receiver.requestsTo('/once')).toHaveLength(1);
  });
});
