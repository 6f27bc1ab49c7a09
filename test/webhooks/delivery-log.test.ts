/**
 * The webhook delivery log must not be a port scanner (a user chooses the target): an attempt
 * shows only delivered, failed with the HTTP status, or no response, and no timing; and each user
 * may start only WEBHOOK_DELIVERIES_PER_HOUR deliveries an hour. Real API, worker, Temporal and
 * Postgres; a local receiver. WEBHOOK_RETRY_SCHEDULE=1: two attempts, a second apart.
 */
import { sql } from 'kysely';
import { VIDEO_MANUAL_AND_AUTO, startFakeYouTube, type FakeYouTube } from '../fake-youtube';
import { call, startTestService, waitForJob, type TestService } from '../support/test-service';
import { createTemporalClient, type TemporalHandle } from '../../src/temporal/client';
import { deliveriesWithAttempts } from '../../src/webhooks';
import { startWebhookDelivery } from './start-delivery';
import { startReceiver, type Receiver } from './receiver';

const DELIVERIES_PER_HOUR = 3;

let youtube: FakeYouTube;
let service: TestService;
let receiver: Receiver;
let temporal: TemporalHandle;

beforeAll(async () => {
  youtube = await startFakeYouTube();
  service = await startTestService({
    youtubeBaseUrl: youtube.baseUrl,
    env: {
      ALLOW_PRIVATE_WEBHOOKS: 'true',
      WEBHOOK_RETRY_SCHEDULE: '1',
      WEBHOOK_TIMEOUT_MS: '500',
      WEBHOOK_DELIVERIES_PER_HOUR: String(DELIVERIES_PER_HOUR),
    },
  });
  receiver = await startReceiver();
  temporal = createTemporalClient({
    address: service.infra.temporalAddress,
    namespace: service.config.temporal.namespace,
    taskQueue: service.config.temporal.taskQueue,
  });
});

afterAll(async () => {
  await temporal?.close();
  await service?.stop();
  await receiver?.close();
  await youtube?.close();
});

/** Polls until every delivery of the jobs has ended; returns the deliveries route's answer for each. */
async function endedDeliveries(key: string, jobIds: string[], timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const answers = await Promise.all(jobIds.map((jobId) => call(service, 'GET', `/api/v1/videos/webhooks/${jobId}`, { key })));
    const deliveries = answers.map((answer) => answer.json.deliveries[0]);
    if (deliveries.every((d) => d && d.status !== 'pending')) return deliveries;
    if (Date.now() > deadline) throw new Error(`deliveries did not end: ${JSON.stringify(deliveries)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('an attempt that gets no answer', () => {
  it('reads the same however it failed (refused, no such host, no answer in time), with no timing', async () => {
    const { key } = await service.createUser('pro');
    receiver.behave('/silent', { kind: 'hang' });
    const targets = ['http://127.0.0.1:9/closed-port', 'http://no-such-host.invalid/hook', `${receiver.url}/silent`];
    const jobIds: string[] = [];
    for (const webhook_url of targets) {
      const res = await call(service, 'POST', '/api/v1/videos/process', { key, body: { url: VIDEO_MANUAL_AND_AUTO, webhook_url } });
      expect(res.status).toBe(202);
      jobIds.push(res.json.job_id);
    }
    for (const jobId of jobIds) expect((await waitForJob(service, key, jobId)).final.status).toBe('completed');

    const deliveries = await endedDeliveries(key, jobIds);
    const errors = new Set<string>();
    for (const delivery of deliveries) {
      expect(delivery).toMatchObject({ status: 'failed', attempts: 2, last_status_code: null, next_attempt_at: null, delivered_at: null });
      errors.add(delivery.last_error);
      // The second attempt went out a second after the first ended, up to half a second after it
      // began; the log says exactly the schedule's second, so how long the first took is not in it.
      expect(Date.parse(delivery.attempt_log[1].attempted_at) - Date.parse(delivery.attempt_log[0].attempted_at)).toBe(1000);
      for (const attempt of delivery.attempt_log) {
        expect(attempt).toEqual({
          attempt: expect.any(Number),
          attempted_at: expect.any(String),
          outcome: 'no_response',
          status_code: null,
          error: expect.any(String),
          delivered: false,
        });
        errors.add(attempt.error);
      }
    }
    expect([...errors]).toEqual(['no response (could not connect, or no answer in time)']);
  });

  it('leaves no timing in the database either', async () => {
    const { rows } = await sql<{ column_name: string }>`
      SELECT column_name FROM information_schema.columns WHERE table_name = 'webhook_attempts'`.execute(service.db);
    expect(rows.map((row) => row.column_name).sort()).toEqual(['attempt', 'attempted_at', 'delivered', 'delivery_id', 'error', 'outcome', 'status_code']);
  });
});

describe('WEBHOOK_DELIVERIES_PER_HOUR', () => {
  it('holds back deliveries a user starts past the cap: recorded as not sent, never silently dropped', async () => {
    const { userId } = await service.createUser('pro');
    const { userId: otherUserId } = await service.createUser('pro');
    receiver.behave('/capped', { kind: 'accept' });
    const batchId = `batch_cap_${Date.now()}`;
    const deps = { db: service.db, temporal, retrySchedule: [1] };
    const schedule = (owner: string, n: number) => {
      const ownerBatchId = owner === userId ? batchId : `${batchId}_other`;
      return startWebhookDelivery(deps, {
        userId: owner,
        url: `${receiver.url}/capped`,
        type: 'batch.completed',
        data: { batch_id: ownerBatchId, n },
        batchId: ownerBatchId,
        idempotencyKey: `${ownerBatchId}:${n}`,
      });
    };
    for (let n = 0; n < DELIVERIES_PER_HOUR + 2; n++) await schedule(userId, n);
    // Another user's deliveries are counted apart.
    await schedule(otherUserId, 0);

    const deadline = Date.now() + 30_000;
    let deliveries = await deliveriesWithAttempts(service.db, { batchId });
    while (deliveries.some((d) => d.status === 'pending') || deliveries.length < DELIVERIES_PER_HOUR + 2) {
      if (Date.now() > deadline) throw new Error(`deliveries did not end: ${JSON.stringify(deliveries)}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
      deliveries = await deliveriesWithAttempts(service.db, { batchId });
    }
    const delivered = deliveries.filter((d) => d.status === 'delivered');
    const held = deliveries.filter((d) => d.status === 'failed');
    expect(delivered).toHaveLength(DELIVERIES_PER_HOUR);
    expect(held).toHaveLength(2);
    for (const delivery of held) {
      expect(delivery.attempt_log.map((a) => [a.outcome, a.status_code, a.delivered])).toEqual([
        ['not_sent', null, false],
        ['not_sent', null, false],
      ]);
      expect(delivery.last_error).toMatch(/^not sent: 3 webhook deliveries were already started for this account in the past hour/);
    }
    const other = await deliveriesWithAttempts(service.db, { batchId: `${batchId}_other` });
    expect(other.map((d) => d.status)).toEqual(['delivered']);
    // Only what was sent arrived.
    const arrived = receiver.requestsTo('/capped').map((r) => JSON.parse(r.body).data.batch_id);
    expect(arrived.filter((id) => id === batchId)).toHaveLength(DELIVERIES_PER_HOUR);
  });

  it('never holds back the retries of a delivery already started, and says when the next is due from the start of the last', async () => {
    const { userId } = await service.createUser('pro');
    receiver.behave('/flaky-capped', { kind: 'fail-then-accept', failures: 1, failStatus: 503 });
    const batchId = `batch_retry_${Date.now()}`;
    const schedule = (url: string, retrySchedule: number[], suffix: string) =>
      startWebhookDelivery(
        { db: service.db, temporal, retrySchedule },
        { userId, url, type: 'batch.completed', data: { suffix }, batchId: `${batchId}${suffix}`, idempotencyKey: `${batchId}${suffix}` },
      );
    await schedule(`${receiver.url}/flaky-capped`, [3], '');
    await receiver.waitFor('/flaky-capped', 1);

    // While it waits for its retry, the user starts the rest of the hour's deliveries and one more.
    for (let n = 0; n < DELIVERIES_PER_HOUR; n++) await schedule(`${receiver.url}/more-${n}`, [30], `_${n}`);
    // The cap counts deliveries in the order they start, which their workflows decide, not the
    // order they were scheduled in: whichever of these starts last is the one held back.
    const firstOutcomes = async () =>
      Promise.all(
        Array.from({ length: DELIVERIES_PER_HOUR }, async (_, n) => {
          const [delivery] = await deliveriesWithAttempts(service.db, { batchId: `${batchId}_${n}` });
          return { path: `/more-${n}`, outcomes: delivery?.attempt_log.map((a) => a.outcome) ?? [] };
        }),
      );
    let more = await firstOutcomes();
    for (let tries = 0; more.some((delivery) => delivery.outcomes.length === 0); tries++) {
      if (tries > 300) throw new Error('the deliveries past the first were not all attempted');
      await new Promise((resolve) => setTimeout(resolve, 100));
      more = await firstOutcomes();
    }
    const heldBack = more.filter((delivery) => delivery.outcomes[0] === 'not_sent');
    expect(heldBack.map((delivery) => delivery.outcomes)).toEqual([['not_sent']]);
    expect(more.filter((delivery) => delivery.outcomes[0] === 'delivered')).toHaveLength(DELIVERIES_PER_HOUR - 1);
    expect(receiver.requestsTo(heldBack[0]!.path)).toHaveLength(0);

    const [waiting] = await deliveriesWithAttempts(service.db, { batchId });
    expect(waiting).toMatchObject({ status: 'pending', attempts: 1, last_status_code: 503 });
    // Exactly the schedule's 3 s after the attempt began: the time the target took is not in it.
    expect(Date.parse(waiting!.next_attempt_at!) - Date.parse(waiting!.attempt_log[0]!.attempted_at)).toBe(3000);

    await receiver.waitFor('/flaky-capped', 2);
    let [delivery] = await deliveriesWithAttempts(service.db, { batchId });
    for (let tries = 0; delivery!.status === 'pending' && tries < 100; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      [delivery] = await deliveriesWithAttempts(service.db, { batchId });
    }
    expect(delivery!.attempt_log.map((a) => [a.outcome, a.status_code])).toEqual([
      ['http_error', 503],
      ['delivered', 200],
    ]);
    expect(delivery!.delivered_at).toBe(delivery!.attempt_log[1]!.attempted_at);
  });
});
