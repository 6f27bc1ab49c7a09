/**
 * Every metric the service defines, in one registry per process. Code records through the
 * methods below, never through prom-client objects, so names, labels and buckets are decided
 * here once. Label values are drawn from small closed sets (route templates, plans, failure
 * codes, activity names, the configured model): never ids, URLs, keys or addresses.
 *
 * Temporal's worker and workflow metrics (temporal_*) come from the SDK core's own exporter and
 * are served beside these (metrics-server.ts); every name here is prefixed video_digest_ or is one
 * of prom-client's process_* / nodejs_* defaults, so the two sets cannot collide.
 */
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Plan } from '../domain/access';

const PREFIX = 'video_digest_';

/** Seconds: from a cached lookup up to process-sync's five-minute wait and a long PDF export. */
const REQUEST_SECONDS_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300];
/** Seconds from acceptance to the end: a cached transcript takes a second, a queued batch child hours. */
const JOB_SECONDS_BUCKETS = [1, 2, 5, 10, 20, 30, 60, 120, 300, 600, 1800, 3600, 7200, 21600];

export type JobOutcome = { status: 'completed' } | { status: 'failed'; code: string };
/** A refused request, by its error code (docs/api-behaviour.md#error-codes): the throttle's and the monthly quota's. */
export type RefusalReason = 'rate_limited' | 'quota_exceeded';
/** One webhook HTTP attempt: a 2xx, another status, or no answer at all (refused, timeout, blocked address). */
export type WebhookAttemptResult = 'success' | 'http_error' | 'no_response';
/** A limiter window that falls back to process memory while Redis is unreachable: the throttle's two, and failed authentications per address. */
export type FallbackWindow = 'key' | 'user' | 'address';
export interface ModelLabels {
  provider: string;
  model: string;
}

export interface ServiceMetrics {
  readonly registry: Registry;
  httpRequest(labels: { route: string; method: string; status: number }, seconds: number): void;
  /** `plan` is 'none' for a caller refused before presenting a valid key. */
  requestRefused(reason: RefusalReason, plan: Plan | 'none'): void;
  jobsAccepted(plan: Plan, source: 'single' | 'batch', count?: number): void;
  jobEnded(outcome: JobOutcome, secondsSinceAccepted: number): void;
  activityFailed(activity: string, failureType: string): void;
  webhookAttempt(event: string, result: WebhookAttemptResult): void;
  webhookDeliveryEnded(event: string, outcome: 'delivered' | 'failed'): void;
  /** A model call answered: by the provider (and paid for) or from the model call cache. */
  modelCall(labels: ModelLabels, source: 'provider' | 'cache'): void;
  /** Tokens a provider charged for a call this process made. */
  modelTokens(labels: ModelLabels, inputTokens: number, outputTokens: number): void;
  /** Whether the shared store (Redis) answers this process now. */
  sharedStoreUp(up: boolean): void;
  /** A request counted by a per-process limiter because Redis was unreachable. */
  limiterFallback(window: FallbackWindow): void;
}

export function createServiceMetrics(registry: Registry = new Registry()): ServiceMetrics {
  collectDefaultMetrics({ register: registry });
  const registers = [registry];
  /** Every metric is prefixed and registered in this process's registry. */
  const counter = <L extends string>(name: string, help: string, labelNames: readonly L[] = []) =>
    new Counter<L>({ name: `${PREFIX}${name}`, help, labelNames, registers });
  const histogram = <L extends string>(name: string, help: string, labelNames: readonly L[], buckets: number[]) =>
    new Histogram<L>({ name: `${PREFIX}${name}`, help, labelNames, buckets, registers });

  const httpRequests = counter('http_requests_total', 'HTTP requests answered, by route template, method and status', ['route', 'method', 'status']);
  const httpDuration = histogram('http_request_duration_seconds', 'Time to answer an HTTP request, by route template and method', ['route', 'method'], REQUEST_SECONDS_BUCKETS);
  const refused = counter('requests_refused_total', 'Requests refused by a throttle (429 RATE_LIMITED) or the monthly video quota (429 QUOTA_EXCEEDED), by plan (none: no valid key)', ['reason', 'plan']);
  const accepted = counter('jobs_accepted_total', 'Jobs accepted (their row committed), by plan and whether they came alone or in a batch', ['plan', 'source']);
  const completed = counter('jobs_completed_total', 'Jobs that ended completed');
  const failed = counter('jobs_failed_total', 'Jobs that ended failed, by failure code', ['code']);
  const jobDuration = histogram('job_duration_seconds', "Time from a job's acceptance to its end, by how it ended", ['status'], JOB_SECONDS_BUCKETS);
  const activityFailures = counter('activity_failures_total', 'Activity attempts that failed, by activity and failure type (retried ones included)', ['activity', 'failure_type']);
  const webhookAttempts = counter('webhook_attempts_total', 'Webhook HTTP attempts made, by event and result', ['event', 'result']);
  const webhookDeliveries = counter('webhook_deliveries_total', 'Webhook deliveries ended, by event and outcome (failed: attempts used up, or the account gone)', ['event', 'outcome']);
  const modelCalls = counter('model_calls_total', 'Language model calls answered, by provider, model and source (the provider, or the model call cache)', ['provider', 'model', 'source']);
  const modelTokens = counter('model_tokens_total', 'Tokens language model providers charged for calls this process made, by provider, model and type (input or output)', ['provider', 'model', 'type']);

  const sharedStoreUp = new Gauge({
    name: `${PREFIX}shared_store_up`,
    help: 'Whether the shared store answers this process: 1 yes (always, on the in-process store without REDIS_URL), 0 while Redis is unreachable (throttling then counts per process)',
    registers,
  });
  const limiterFallbacks = counter('limiter_fallback_total', 'Requests counted by a per-process limiter because Redis was unreachable, by window (key and user: the request throttle; address: failed authentications)', ['window']);

  return {
    registry,
    httpRequest({ route, method, status }, seconds) {
      httpRequests.inc({ route, method, status: String(status) });
      httpDuration.observe({ route, method }, seconds);
    },
    requestRefused(reason, plan) {
      refused.inc({ reason, plan });
    },
    jobsAccepted(plan, source, count = 1) {
      accepted.inc({ plan, source }, count);
    },
    jobEnded(outcome, secondsSinceAccepted) {
      if (outcome.status === 'completed') completed.inc();
      else failed.inc({ code: outcome.code });
      jobDuration.observe({ status: outcome.status }, Math.max(0, secondsSinceAccepted));
    },
    activityFailed(activity, failureType) {
      activityFailures.inc({ activity, failure_type: failureType });
    },
    webhookAttempt(event, result) {
      webhookAttempts.inc({ event, result });
    },
    webhookDeliveryEnded(event, outcome) {
      webhookDeliveries.inc({ event, outcome });
    },
    modelCall({ provider, model }, source) {
      modelCalls.inc({ provider, model, source });
    },
    modelTokens({ provider, model }, inputTokens, outputTokens) {
      modelTokens.inc({ provider, model, type: 'input' }, inputTokens);
      modelTokens.inc({ provider, model, type: 'output' }, outputTokens);
    },
    sharedStoreUp(up) {
      sharedStoreUp.set(up ? 1 : 0);
    },
    limiterFallback(window) {
      limiterFallbacks.inc({ window });
    },
  };
}
