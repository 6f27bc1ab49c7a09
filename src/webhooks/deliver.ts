/** One delivery attempt: sign, POST once, record what happened (run by an activity). */
import type { Db } from '../storage/database';
import type { WebhookAttemptOutcome } from '../storage/schema';
import { abandonDelivery, claimFirstSend, findAttempt, findDelivery, recordAttempt } from '../storage/repositories/webhook-deliveries';
import { webhookSecretFor } from '../storage/repositories/webhook-secrets';
import type { WebhookHttpClient } from './http-client';
import { signedHeaders } from './signing';
import type { WebhookAttemptInput, WebhookDeliveryState } from '../contracts/webhook-delivery';
import type { ServiceMetrics, WebhookAttemptResult } from '../metrics/service-metrics';

export interface AttemptDeps {
  db: Db;
  http: WebhookHttpClient;
  /** WEBHOOK_DELIVERIES_PER_HOUR: deliveries one user may start in an hour; past it, attempts are not sent. */
  deliveriesPerHour: number;
  /** WEBHOOK_TIMEOUT_MS: the longest a target can hold an attempt up. */
  attemptTimeoutMs: number;
  /** Attempts made and deliveries ended; absent, nothing is counted. */
  metrics?: ServiceMetrics;
  /** Why a target gave no response, for the operator's log: the user's log never says. */
  logNoResponse?: (details: { deliveryId: string; reason: string }) => void;
}

/**
 * The one thing a user learns of an attempt that got no HTTP answer. Refused, reset, unresolvable,
 * a TLS failure or a timeout are not told apart, and no timing is kept: otherwise any host:port
 * given as webhook_url could be probed through the delivery log.
 */
export const NO_RESPONSE_ERROR = 'no response (could not connect, or no answer in time)';

const isSuccess = (statusCode: number | null) => statusCode !== null && statusCode >= 200 && statusCode < 300;

/**
 * Makes attempt `input.attempt` of a delivery unless it has been made already (a retried
 * activity), and returns the delivery's state afterwards: delivered on any 2xx; otherwise
 * pending while attempts remain, then failed. Redirects count as failures (never followed). A
 * delivery whose user has started WEBHOOK_DELIVERIES_PER_HOUR deliveries in the past hour is not
 * sent: the attempt is recorded as not_sent, and the next one on the schedule tries again.
 */
export async function attemptDelivery(deps: AttemptDeps, input: WebhookAttemptInput): Promise<WebhookDeliveryState> {
  const delivery = await findDelivery(deps.db, input.deliveryId);
  if (!delivery) return 'failed';
  if (delivery.status !== 'pending') return delivery.status;
  const done = await findAttempt(deps.db, input.deliveryId, input.attempt);
  if (done) return done.delivered ? 'delivered' : input.nextAttemptInSeconds === null ? 'failed' : 'pending';

  const secret = await webhookSecretFor(deps.db, delivery.user_id);
  if (!secret) {
    await abandonDelivery(deps.db, delivery.id, 'the account no longer exists');
    deps.metrics?.webhookDeliveryEnded(delivery.event_type, 'failed');
    return 'failed';
  }
  const sentAt = new Date();
  const attemptedAt = recordedStart(delivery.next_attempt_at, sentAt, deps.attemptTimeoutMs);
  const nextAttemptAt = input.nextAttemptInSeconds === null ? null : new Date(attemptedAt.getTime() + input.nextAttemptInSeconds * 1000);
  const attempt = { deliveryId: delivery.id, attempt: input.attempt, attemptedAt, nextAttemptAt };

  const mayBeSent =
    delivery.first_sent_at !== null || (await claimFirstSend(deps.db, { id: delivery.id, userId: delivery.user_id }, deps.deliveriesPerHour));
  if (!mayBeSent) {
    const state = await recordAttempt(deps.db, {
      ...attempt,
      outcome: 'not_sent',
      statusCode: null,
      error: `not sent: ${deps.deliveriesPerHour} webhook deliveries were already started for this account in the past hour, the most allowed`,
      delivered: false,
    });
    if (state !== 'pending') deps.metrics?.webhookDeliveryEnded(delivery.event_type, state);
    return state;
  }

  const result = await deps.http.post(delivery.url, signedHeaders(secret, delivery.id, sentAt, delivery.body), delivery.body);
  const outcome = attemptOutcome(result.statusCode);
  deps.metrics?.webhookAttempt(delivery.event_type, attemptResult(result.statusCode));
  if (result.error !== null) deps.logNoResponse?.({ deliveryId: delivery.id, reason: result.error });
  const state = await recordAttempt(deps.db, {
    ...attempt,
    outcome,
    statusCode: result.statusCode,
    error: describeOutcome(outcome, result.statusCode),
    delivered: outcome === 'delivered',
    nextAttemptAt: outcome === 'delivered' ? null : nextAttemptAt,
  });
  if (state !== 'pending') deps.metrics?.webhookDeliveryEnded(delivery.event_type, state);
  return state;
}

/**
 * The start an attempt is recorded with: when it was due, unless it went out later than any target
 * could have held it up (an outage, a backlog). An attempt goes out a delay after the previous one
 * ended, so its real start would tell how long the target took to fail: a refused port from a
 * filtered one. Every other time recorded (next attempt, delivered) is counted from this one.
 */
function recordedStart(due: Date | null, sentAt: Date, attemptTimeoutMs: number): Date {
  if (due === null || due > sentAt) return sentAt;
  return sentAt.getTime() - due.getTime() <= attemptTimeoutMs + RECORDED_START_SLACK_MS ? due : sentAt;
}

/** Scheduling between attempts (a durable timer, then an activity task) on top of the target's share. */
const RECORDED_START_SLACK_MS = 5_000;

type SentOutcome = Exclude<WebhookAttemptOutcome, 'not_sent'>;

function attemptOutcome(statusCode: number | null): SentOutcome {
  if (statusCode === null) return 'no_response';
  return isSuccess(statusCode) ? 'delivered' : 'http_error';
}

function attemptResult(statusCode: number | null): WebhookAttemptResult {
  if (statusCode === null) return 'no_response';
  return isSuccess(statusCode) ? 'success' : 'http_error';
}

function describeOutcome(outcome: SentOutcome, statusCode: number | null): string | null {
  if (outcome === 'delivered') return null;
  if (statusCode === null) return NO_RESPONSE_ERROR;
  if (statusCode >= 300 && statusCode < 400) return `HTTP ${statusCode}: redirects are not followed`;
  return `HTTP ${statusCode}`;
}
