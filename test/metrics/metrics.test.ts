/**
 * Metrics end to end: the whole service in this process (API and worker, as under npm start)
 * with METRICS_PORT set, real Postgres, Redis and Temporal, YouTube, a model provider and a
 * webhook receiver as local servers. Requests, jobs, webhooks and model calls are made through
 * the API, then /metrics is scraped over HTTP, parsed strictly, and the counters must have moved
 * by exactly what was done, under the labels it was done with.
 */
import { VIDEO_MANUAL_AND_AUTO, VIDEO_UNAVAILABLE, startFakeYouTube, type FakeYouTube } from '../fake-youtube';
import { startFakeLlm, type FakeLlm } from '../fake-llm/server';
import { startReceiver, type Receiver } from '../webhooks/receiver';
import { call, startTestService, waitForJob, type TestService } from '../support/test-service';
import { waitFor } from '../support/processes';
import { freePort } from '../support/ports';
import { newJobId } from '../../src/jobs/job-id';
import { scrape, samplesOf, valueOf, type Scrape } from './prometheus-text';
import { dashboardQueries } from './dashboard';

const LLM_API_KEY = 'sk-metrics-test-5b1f0c2e-secret';
const MODEL = 'gpt-4o-mini';

let youtube: FakeYouTube;
let llm: FakeLlm;
let receiver: Receiver;
let service: TestService;
let metricsPort: number;
let metricsUrl: string;

beforeAll(async () => {
  youtube = await startFakeYouTube();
  llm = await startFakeLlm();
  receiver = await startReceiver();
  metricsPort = await freePort();
  metricsUrl = `http://127.0.0.1:${metricsPort}/metrics`;
  service = await startTestService({
    youtubeBaseUrl: youtube.baseUrl,
    env: {
      METRICS_PORT: String(metricsPort),
      SUMMARY_PROVIDER: 'openai',
      LLM_BASE_URL: llm.baseUrlFor('openai'),
      LLM_API_KEY,
      LLM_MODEL: MODEL,
      ALLOW_PRIVATE_WEBHOOKS: 'true',
      WEBHOOK_RETRY_SCHEDULE: '1',
      PLAN_LIMITS: JSON.stringify({
        free: { requests_per_minute: 3 },
        pro: { requests_per_minute: 1_000_000, videos_per_month: 3 },
        admin: { requests_per_minute: 1_000_000 },
      }),
    },
  });
}, 120_000);

afterAll(async () => {
  await service?.stop();
  await receiver?.close();
  await llm?.close();
  await youtube?.close();
});

/** How much a series (summed over the samples matching `labels`) grew between two scrapes. */
const grew = (before: Scrape, after: Scrape, name: string, labels: Record<string, string> = {}) => valueOf(after, name, labels) - valueOf(before, name, labels);

it('serves Prometheus text at /metrics on its own loopback listener, apart from the API', async () => {
  expect(service.infra.metricsServer?.url).toBe(`http://127.0.0.1:${metricsPort}`);
  const result = await scrape(metricsUrl);
  expect(result.contentType).toMatch(/^text\/plain; version=0\.0\.4/);
  // prom-client's process metrics, and ours declared before anything happened.
  expect(result.families.get('process_cpu_seconds_total')).toBe('counter');
  expect(result.families.get('nodejs_eventloop_lag_p99_seconds')).toBe('gauge');
  expect(result.families.get('video_digest_http_requests_total')).toBe('counter');
  expect(result.families.get('video_digest_http_request_duration_seconds')).toBe('histogram');
  expect(result.families.get('video_digest_job_duration_seconds')).toBe('histogram');

  const elsewhere = await fetch(`http://127.0.0.1:${metricsPort}/`);
  expect(elsewhere.status).toBe(404);
  const posted = await fetch(metricsUrl, { method: 'POST' });
  expect(posted.status).toBe(405);
  // The API does not serve them.
  expect((await call(service, 'GET', '/metrics')).status).toBe(404);
});

it('counts requests by route template, method and status, times them, and counts throttled ones', async () => {
  const pro = await service.createUser('pro');
  const free = await service.createUser('free');
  const before = await scrape(metricsUrl);

  const unknownJob = newJobId();
  expect((await call(service, 'GET', `/api/v1/videos/status/${unknownJob}`, { key: pro.key })).status).toBe(404);
  expect((await call(service, 'GET', '/api/v1/no-such-route/42')).status).toBe(404);
  const listed: number[] = [];
  for (let i = 0; i < 4; i++) listed.push((await call(service, 'GET', '/api/v1/videos', { key: free.key })).status);
  expect(listed).toEqual([200, 200, 200, 429]);

  const after = await scrape(metricsUrl);
  const requests = 'video_digest_http_requests_total';
  expect(grew(before, after, requests, { route: '/api/v1/videos/status/:job_id', method: 'GET', status: '404' })).toBe(1);
  expect(grew(before, after, requests, { route: 'unmatched', method: 'GET', status: '404' })).toBe(1);
  // The alias without the trailing slash is counted under the declared route.
  expect(grew(before, after, requests, { route: '/api/v1/videos/', method: 'GET', status: '200' })).toBe(3);
  expect(grew(before, after, requests, { route: '/api/v1/videos/', method: 'GET', status: '429' })).toBe(1);
  expect(grew(before, after, 'video_digest_http_request_duration_seconds_count', { route: '/api/v1/videos/', method: 'GET' })).toBe(4);
  expect(grew(before, after, 'video_digest_http_request_duration_seconds_sum', { route: '/api/v1/videos/', method: 'GET' })).toBeGreaterThan(0);
  const buckets = samplesOf(after, 'video_digest_http_request_duration_seconds_bucket', { route: '/api/v1/videos/', method: 'GET' });
  expect(buckets.find((bucket) => bucket.labels.le === '+Inf')?.value).toBe(valueOf(after, 'video_digest_http_request_duration_seconds_count', { route: '/api/v1/videos/', method: 'GET' }));
  expect(grew(before, after, 'video_digest_requests_refused_total', { reason: 'rate_limited', plan: 'free' })).toBe(1);

  // Ids and raw paths never become label values.
  const labelValues = after.samples.flatMap((sample) => Object.values(sample.labels));
  expect(labelValues.filter((value) => value.includes(unknownJob) || value.includes('no-such-route'))).toEqual([]);
});

it('counts jobs accepted and ended, their duration, activity failures, webhook deliveries, quota refusals and model tokens', async () => {
  const { key } = await service.createUser('pro');
  receiver.behave('/hook', { kind: 'fail-then-accept', failures: 1 });
  const before = await scrape(metricsUrl);

  const submit = (body: Record<string, unknown>) => call(service, 'POST', '/api/v1/videos/process', { key, body });
  // The model's first answer is a 500: the summary activity fails once (MODEL_UNAVAILABLE) and is retried.
  llm.failNext('server-error', 1);
  const first = await submit({ url: VIDEO_MANUAL_AND_AUTO, webhook_url: `${receiver.url}/hook`, options: { summary_modes: ['tldr'] } });
  const unavailable = await submit({ url: `https://www.youtube.com/watch?v=${VIDEO_UNAVAILABLE}` });
  expect([first.status, unavailable.status]).toEqual([202, 202]);
  const firstEnd = await waitForJob(service, key, first.json.job_id, 90_000);
  const unavailableEnd = await waitForJob(service, key, unavailable.json.job_id, 90_000);
  expect(firstEnd.final.status).toBe('completed');
  expect(unavailableEnd.final).toMatchObject({ status: 'failed', error: { code: 'VIDEO_UNAVAILABLE' } });
  // The same video and mode again: every model call is answered from the model call cache.
  const again = await submit({ url: VIDEO_MANUAL_AND_AUTO, options: { summary_modes: ['tldr'] } });
  expect(again.status).toBe(202);
  expect((await waitForJob(service, key, again.json.job_id, 90_000)).final.status).toBe('completed');
  // The plan's three videos are used up.
  const refused = await submit({ url: VIDEO_MANUAL_AND_AUTO });
  expect(refused).toMatchObject({ status: 429, json: { error: { code: 'QUOTA_EXCEEDED' } } });

  const after = await waitFor(
    'the webhook delivery to end',
    async () => {
      const result = await scrape(metricsUrl);
      return grew(before, result, 'video_digest_webhook_deliveries_total') > 0 ? result : null;
    },
    30_000,
  );

  expect(grew(before, after, 'video_digest_jobs_accepted_total', { plan: 'pro', source: 'single' })).toBe(3);
  expect(grew(before, after, 'video_digest_jobs_completed_total')).toBe(2);
  expect(grew(before, after, 'video_digest_jobs_failed_total')).toBe(1);
  expect(grew(before, after, 'video_digest_jobs_failed_total', { code: 'VIDEO_UNAVAILABLE' })).toBe(1);
  expect(grew(before, after, 'video_digest_job_duration_seconds_count', { status: 'completed' })).toBe(2);
  expect(grew(before, after, 'video_digest_job_duration_seconds_count', { status: 'failed' })).toBe(1);
  // The first job took over a second (its summary waited out one retry).
  expect(grew(before, after, 'video_digest_job_duration_seconds_sum', { status: 'completed' })).toBeGreaterThan(1);

  expect(grew(before, after, 'video_digest_activity_failures_total', { activity: 'writeSummaries', failure_type: 'MODEL_UNAVAILABLE' })).toBe(1);
  const unavailableFailures = samplesOf(after, 'video_digest_activity_failures_total', { failure_type: 'VIDEO_UNAVAILABLE' });
  expect(unavailableFailures.map((sample) => sample.labels.activity)).toEqual(['fetchVideoMetadata']);
  expect(grew(before, after, 'video_digest_activity_failures_total', { failure_type: 'VIDEO_UNAVAILABLE' })).toBe(1);

  expect(grew(before, after, 'video_digest_http_requests_total', { route: '/api/v1/videos/process', method: 'POST', status: '202' })).toBe(3);
  expect(grew(before, after, 'video_digest_http_requests_total', { route: '/api/v1/videos/process', method: 'POST', status: '429' })).toBe(1);
  expect(grew(before, after, 'video_digest_requests_refused_total', { reason: 'quota_exceeded', plan: 'pro' })).toBe(1);

  expect(grew(before, after, 'video_digest_webhook_attempts_total', { event: 'job.completed', result: 'http_error' })).toBe(1);
  expect(grew(before, after, 'video_digest_webhook_attempts_total', { event: 'job.completed', result: 'success' })).toBe(1);
  expect(grew(before, after, 'video_digest_webhook_deliveries_total', { event: 'job.completed', outcome: 'delivered' })).toBe(1);
  expect(grew(before, after, 'video_digest_webhook_deliveries_total')).toBe(1);

  // Tokens: exactly what the provider charged the first job (the repeat paid for nothing).
  const model = { provider: 'openai', model: MODEL };
  const firstResult = await call(service, 'GET', `/api/v1/videos/result/${first.json.job_id}`, { key });
  const charged = firstResult.json.summaries.tldr.generator as { input_tokens: number; output_tokens: number };
  expect(charged.input_tokens).toBeGreaterThan(0);
  expect(grew(before, after, 'video_digest_model_tokens_total', { ...model, type: 'input' })).toBe(charged.input_tokens);
  expect(grew(before, after, 'video_digest_model_tokens_total', { ...model, type: 'output' })).toBe(charged.output_tokens);
  const paidCalls = grew(before, after, 'video_digest_model_calls_total', { ...model, source: 'provider' });
  expect(paidCalls).toBeGreaterThanOrEqual(1);
  expect(grew(before, after, 'video_digest_model_calls_total', { ...model, source: 'cache' })).toBe(paidCalls);

  expect(after.text).not.toContain(LLM_API_KEY);
}, 180_000);

it("counts a batch's jobs as accepted in a batch, and each child's end", async () => {
  const { key } = await service.createUser('admin');
  const before = await scrape(metricsUrl);
  const submitted = await call(service, 'POST', '/api/v1/batch/process', {
    key,
    body: { videos: [{ url: VIDEO_MANUAL_AND_AUTO, options: { summary_modes: ['tldr'] } }, { url: `https://www.youtube.com/watch?v=${VIDEO_UNAVAILABLE}` }] },
  });
  expect(submitted.status).toBe(202);
  const ended = await waitFor(
    'the batch to end',
    async () => {
      const status = await call(service, 'GET', `/api/v1/batch/status/${submitted.json.batch_id}`, { key });
      return status.json?.status !== 'processing' ? status.json : null;
    },
    90_000,
  );
  expect(ended.status).toBe('partial_failure');

  const after = await scrape(metricsUrl);
  expect(grew(before, after, 'video_digest_jobs_accepted_total', { plan: 'admin', source: 'batch' })).toBe(2);
  expect(grew(before, after, 'video_digest_jobs_accepted_total')).toBe(2);
  expect(grew(before, after, 'video_digest_jobs_completed_total')).toBe(1);
  expect(grew(before, after, 'video_digest_jobs_failed_total', { code: 'VIDEO_UNAVAILABLE' })).toBe(1);
  expect(grew(before, after, 'video_digest_http_requests_total', { route: '/api/v1/batch/status/:batch_id', method: 'GET', status: '200' })).toBeGreaterThanOrEqual(1);
}, 120_000);

it("serves the Temporal worker's own metrics, from the SDK core, in the same scrape", async () => {
  const taskQueue = service.config.temporal.taskQueue;
  // A workflow reports its completion a moment after its job's row has ended.
  const result = await waitFor('the core to count the three job workflows', async () => {
    const current = await scrape(metricsUrl);
    return valueOf(current, 'temporal_workflow_completed_total', { task_queue: taskQueue, workflow_type: 'videoJobWorkflow' }) >= 3 ? current : null;
  });
  const slots = samplesOf(result, 'temporal_worker_task_slots_available', { task_queue: taskQueue });
  expect(slots.map((sample) => sample.labels.worker_type).sort()).toEqual(['ActivityWorker', 'LocalActivityWorker', 'WorkflowWorker']);
  expect(valueOf(result, 'temporal_activity_execution_latency_seconds_count', { task_queue: taskQueue, activity_type: 'fetchTranscript' })).toBeGreaterThanOrEqual(2);
  expect(valueOf(result, 'temporal_workflow_completed_total', { task_queue: taskQueue, workflow_type: 'videoJobWorkflow' })).toBeGreaterThanOrEqual(3);
  // Both sources in one scrape, and no family declared twice (the parser refuses that).
  expect(result.families.has('video_digest_jobs_completed_total')).toBe(true);

  // Every Temporal series the Grafana dashboard plots is one the core really serves.
  const served = new Set(result.samples.map((sample) => sample.name));
  const plotted = [...new Set(dashboardQueries().flatMap((query) => query.metrics).filter((name) => name.startsWith('temporal_')))];
  expect(plotted.length).toBeGreaterThanOrEqual(5);
  expect(plotted.filter((name) => !served.has(name))).toEqual([]);
});
