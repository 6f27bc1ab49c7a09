/**
 * The webhook delivery workflow's retry schedule, attempt by attempt: the wait after each failed
 * attempt is a durable timer of exactly the scheduled length, every attempt is told the wait that
 * follows it, and the schedule ends the delivery (delivered, refused for good, or out of attempts).
 *
 * The schedule is the workflow's input (WEBHOOK_RETRY_SCHEDULE when a delivery is scheduled), so
 * the default one, which spans about a day, runs here at 1/10,000 of its length: the same
 * sequence of attempts and timers in under ten seconds.
 */
import { loadConfig } from '../../src/config';
import { WEBHOOK_DELIVERY_WORKFLOW, type WebhookAttemptInput, type WebhookDeliveryInput, type WebhookDeliveryOutcome, type WebhookDeliveryState } from '../../src/contracts/webhook-delivery';
import { uniqueName } from '../support/infrastructure';
import { startMockedActivitiesWorker, timerDurationsMs, type MockedActivitiesWorker } from '../support/mocked-activities-worker';

const DAY_SECONDS = 86_400;
/** The default schedule, in seconds: a day of retries. */
const DEFAULT_SCHEDULE = loadConfig({}).webhooks.retrySchedule;
/** Each wait of the default schedule at 1/10,000 of its length, still a whole number of milliseconds. */
const SCALED_SCHEDULE = DEFAULT_SCHEDULE.map((seconds) => seconds / 10_000);

interface RecordedAttempt extends WebhookAttemptInput {
  at: number;
}

/** What each delivery's receiver answers, attempt by attempt (pending once the list runs out). */
const answers = new Map<string, WebhookDeliveryState[]>();
const attempts = new Map<string, RecordedAttempt[]>();

let worker: MockedActivitiesWorker;

beforeAll(async () => {
  worker = await startMockedActivitiesWorker({
    async attemptWebhookDelivery(input: WebhookAttemptInput): Promise<WebhookDeliveryState> {
      const made = attempts.get(input.deliveryId) ?? [];
      made.push({ ...input, at: Date.now() });
      attempts.set(input.deliveryId, made);
      return answers.get(input.deliveryId)?.[input.attempt - 1] ?? 'pending';
    },
  });
});

afterAll(async () => {
  await worker?.stop();
});

async function deliver(retrySchedule: number[], receiverAnswers: WebhookDeliveryState[]) {
  const deliveryId = uniqueName('delivery');
  answers.set(deliveryId, receiverAnswers);
  const input: WebhookDeliveryInput = { deliveryId, retrySchedule, attemptTimeoutMs: 1_000 };
  const outcome: WebhookDeliveryOutcome = await worker.client.workflow.execute(WEBHOOK_DELIVERY_WORKFLOW, {
    workflowId: `webhook-delivery-${deliveryId}`,
    taskQueue: worker.taskQueue,
    args: [input],
    workflowExecutionTimeout: '2 minutes',
  });
  return { outcome, attempts: attempts.get(deliveryId) ?? [], timersMs: await timerDurationsMs(worker.client, `webhook-delivery-${deliveryId}`) };
}

it('has a default schedule of nine waits that spans about a day', () => {
  const total = DEFAULT_SCHEDULE.reduce((sum, seconds) => sum + seconds, 0);
  expect(DEFAULT_SCHEDULE).toHaveLength(9);
  expect(total).toBeGreaterThan(0.95 * DAY_SECONDS);
  expect(total).toBeLessThanOrEqual(DAY_SECONDS);
});

it('retries a receiver that never answers 2xx on the whole schedule, then gives up', async () => {
  const { outcome, attempts: made, timersMs } = await deliver(SCALED_SCHEDULE, []);

  expect(outcome).toEqual({ status: 'failed', attempts: DEFAULT_SCHEDULE.length + 1 });
  expect(made.map((attempt) => attempt.attempt)).toEqual(Array.from({ length: DEFAULT_SCHEDULE.length + 1 }, (_, index) => index + 1));
  // Each attempt is told when the next one comes; the last that there is none.
  expect(made.map((attempt) => attempt.nextAttemptInSeconds)).toEqual([...SCALED_SCHEDULE, null]);
  // The waits are durable timers of exactly the scheduled length, one after each failed attempt but the last.
  expect(timersMs).toEqual(SCALED_SCHEDULE.map((seconds) => seconds * 1000));
  // A timer never fires early: no attempt comes sooner than its wait after the one before.
  made.slice(1).forEach((attempt, index) => {
    expect(attempt.at - made[index]!.at).toBeGreaterThanOrEqual(SCALED_SCHEDULE[index]! * 1000);
  });
});

it('stops at the first delivered attempt', async () => {
  const { outcome, attempts: made, timersMs } = await deliver([0.2, 0.4, 0.8], ['pending', 'pending', 'delivered']);

  expect(outcome).toEqual({ status: 'delivered', attempts: 3 });
  expect(made.map((attempt) => attempt.nextAttemptInSeconds)).toEqual([0.2, 0.4, 0.8]);
  expect(timersMs).toEqual([200, 400]);
});

it('stops without waiting when an attempt fails for good', async () => {
  const { outcome, attempts: made, timersMs } = await deliver([0.2, 0.4, 0.8], ['pending', 'failed']);

  expect(outcome).toEqual({ status: 'failed', attempts: 2 });
  expect(made).toHaveLength(2);
  expect(timersMs).toEqual([200]);
});

it('makes one attempt and no timer with an empty schedule', async () => {
  const { outcome, attempts: made, timersMs } = await deliver([], []);

  expect(outcome).toEqual({ status: 'failed', attempts: 1 });
  expect(made.map((attempt) => attempt.nextAttemptInSeconds)).toEqual([null]);
  expect(timersMs).toEqual([]);
});
