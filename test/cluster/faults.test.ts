/**
 * Faults in a scaled-out deployment, against the real thing: one `npm run start:api` and two
 * `npm run start:worker` processes on Postgres, Redis and Temporal servers of the suite's own
 * (./harness.ts, ./servers.ts), which the scenarios kill, restart and stop under load. What each
 * must hold: docs/api-behaviour.md#batches and docs/api-behaviour.md#delivery-and-retries for
 * workers that die, docs/api-behaviour.md#redis-down, docs/api-behaviour.md#error-codes for a
 * database or Temporal away, and docs/architecture.md#embedded-defaults-and-the-scaled-deployment
 * for an API process killed.
 *
 * The scenarios share one cluster and run in order; each waits for its own work to end, so the
 * next starts on an idle service.
 */
import Redis from 'ioredis';
import { generatedVideoId } from '../fake-youtube';
import { mixedBatch } from '../batches/support';
import { waitFor } from '../support/processes';
import { API_DATABASE_DEADLINE_MS, FREE_REQUESTS_PER_MINUTE, running, sleep, startCluster, withConcurrency, type Cluster, type HttpAnswer } from './harness';

let cluster: Cluster;
let nextVideo = 700_000;
const freshVideo = () => generatedVideoId(nextVideo++);

beforeAll(async () => {
  cluster = await startCluster();
}, 240_000);

afterAll(async () => {
  await cluster?.close();
}, 120_000);

/** Polls a batch's status until it has ended, keeping each child's statuses as they were seen. */
async function followBatch(key: string, batchId: string, timeoutMs: number) {
  const seen = new Map<string, string[]>();
  const final = await waitFor(
    `batch ${batchId} to end`,
    async () => {
      const res = await cluster.call('GET', `/api/v1/batch/status/${batchId}`, { key });
      if (res.status !== 200) throw new Error(`batch status answered ${res.status}: ${JSON.stringify(res.json)}`);
      for (const job of res.json.jobs as Array<{ job_id: string; status: string }>) {
        const statuses = seen.get(job.job_id) ?? [];
        if (statuses.at(-1) !== job.status) statuses.push(job.status);
        seen.set(job.job_id, statuses);
      }
      return res.json.status === 'processing' ? null : res.json;
    },
    timeoutMs,
  );
  return { final, seen };
}

async function jobRows(ids: string[]) {
  return cluster.database.db.selectFrom('jobs').select(['id', 'status', 'error_code', 'completed_at', 'batch_id']).where('id', 'in', ids).execute();
}

async function waitForJobsToEnd(ids: string[], timeoutMs: number) {
  return waitFor(
    `${ids.length} jobs to end`,
    async () => {
      const rows = await jobRows(ids);
      return rows.length === ids.length && rows.every((row) => row.status === 'completed' || row.status === 'failed') ? rows : null;
    },
    timeoutMs,
  );
}

it('a worker SIGKILLed a second into a 100-video batch, a third joining: every child ends once, one batch.completed', async () => {
  const { key } = await cluster.createUser('pro');
  cluster.hooks.failFirstAttempts = 1;
  const batch = mixedBatch(100, 900_000);
  const submitted = await cluster.call('POST', '/api/v1/batch/process', { key, body: { videos: batch.videos, webhook_url: cluster.hooks.url } });
  expect(submitted.status).toBe(202);
  const batchId: string = submitted.json.batch_id;
  const jobIds: string[] = submitted.json.job_ids;

  await sleep(1_000);
  const victim = cluster.workers.find(running)!;
  victim.signal('SIGKILL');
  await victim.exited;
  const endedAtKill = (await jobRows(jobIds)).filter((row) => row.status === 'completed' || row.status === 'failed').length;
  expect(endedAtKill).toBeLessThan(jobIds.length);
  await cluster.startWorker();

  const { final, seen } = await followBatch(key, batchId, 150_000);
  expect(final).toMatchObject({ status: 'partial_failure', total_jobs: 100, completed_jobs: batch.successful, failed_jobs: batch.failed, processing_jobs: 0, queued_jobs: 0 });

  // One row per child, each ended as its video decides, and once: no child was seen to end and then change.
  const rows = await jobRows(jobIds);
  expect(rows).toHaveLength(100);
  expect(await cluster.database.db.selectFrom('jobs').select('id').where('batch_id', '=', batchId).execute()).toHaveLength(100);
  const byId = new Map(rows.map((row) => [row.id, row]));
  expect(jobIds.map((id) => byId.get(id)!.error_code ?? byId.get(id)!.status)).toEqual(batch.expected);
  for (const id of jobIds) {
    const statuses = seen.get(id)!;
    expect({ id, after: statuses.slice(statuses.findIndex((s) => s === 'completed' || s === 'failed')) }).toEqual({ id, after: [statuses.at(-1)] });
  }
  const summaries = await cluster.database.db.selectFrom('job_summaries').select(['job_id']).where('job_id', 'in', jobIds).execute();
  const expectedSummaries = batch.videos.reduce((n, video, i) => n + (batch.expected[i] === 'completed' ? ((video.options?.summary_modes as string[]) ?? ['tldr']).length : 0), 0);
  expect(summaries).toHaveLength(expectedSummaries);

  // One batch.completed: its first attempt refused, the retry delivered, both under one webhook-id.
  const deliveries = await cluster.database.db.selectFrom('webhook_deliveries').select(['id', 'event_type']).where('batch_id', '=', batchId).execute();
  expect(deliveries).toEqual([{ id: expect.stringMatching(/^msg_/), event_type: 'batch.completed' }]);
  await waitFor('the retried batch.completed', async () => cluster.hooks.received.some((hook) => hook.status === 204), 30_000);
  await sleep(2_500); // by now the retry schedule would have sent a further attempt
  const attempts = cluster.hooks.received;
  expect(attempts.map((hook) => ({ id: hook.id, status: hook.status }))).toEqual([
    { id: deliveries[0]!.id, status: 503 },
    { id: deliveries[0]!.id, status: 204 },
  ]);
  expect(attempts[1]!.body).toEqual(attempts[0]!.body);
  expect(attempts[0]!.body).toMatchObject({
    type: 'batch.completed',
    data: { batch_id: batchId, status: 'partial_failure', total_jobs: 100, successful_jobs: batch.successful, failed_jobs: batch.failed },
  });
  cluster.hooks.failFirstAttempts = 0;
}, 240_000);

it('a rolling restart of the workers during a batch: no job fails, the batch completes', async () => {
  const { key } = await cluster.createUser('pro');
  // A slow model keeps summaries in flight, so each worker stopped has activities of its own to finish.
  cluster.llm.latencyMs = 1_000;
  const videos = Array.from({ length: 60 }, () => ({ url: freshVideo() }));
  const submitted = await cluster.call('POST', '/api/v1/batch/process', { key, body: { videos } });
  expect(submitted.status).toBe(202);
  const batchId: string = submitted.json.batch_id;
  const jobIds: string[] = submitted.json.job_ids;

  const before = cluster.workers.filter(running);
  expect(before).toHaveLength(2);
  const exits: Array<number | null> = [];
  const endedAtStop: number[] = [];
  for (const worker of before) {
    endedAtStop.push((await jobRows(jobIds)).filter((row) => row.status !== 'queued' && row.status !== 'processing').length);
    await Promise.all([cluster.startWorker(), worker.stop()]);
    exits.push(await worker.exited);
  }
  cluster.llm.latencyMs = 0;
  // Each drained and exited cleanly, the last while the batch was still under way.
  expect(exits).toEqual([0, 0]);
  expect(endedAtStop[1]).toBeLessThan(jobIds.length);

  const { final } = await followBatch(key, batchId, 120_000);
  expect(final).toMatchObject({ status: 'completed', total_jobs: 60, completed_jobs: 60, failed_jobs: 0 });
  const rows = await jobRows(jobIds);
  expect(rows.map((row) => row.status)).toEqual(Array(60).fill('completed'));
}, 240_000);

/** A series of the API process's Prometheus text, summed over its label sets. */
async function apiMetric(name: string): Promise<number> {
  const text = await cluster.apiMetrics();
  return text
    .split('\n')
    .filter((line) => line.startsWith(`${name} `) || line.startsWith(`${name}{`))
    .reduce((sum, line) => sum + Number(line.slice(line.lastIndexOf(' ') + 1)), 0);
}

const outcome = (res: HttpAnswer) => ({ status: res.status, code: res.json?.error?.code });

it('Redis stopped for 30 s under load: the API keeps answering with per-process limits, /health degraded, shared limits back after', async () => {
  const pro = await cluster.createUser('pro');
  const free = await cluster.createUser('free');
  expect((await cluster.call('GET', '/health')).json.status).toBe('ok');
  expect(await apiMetric('video_digest_shared_store_up')).toBe(1);
  expect(await apiMetric('video_digest_limiter_fallback_total')).toBe(0);

  await cluster.servers.redis.stop();
  const until = Date.now() + 30_000;
  await waitFor('the API to see Redis gone', async () => (await cluster.call('GET', '/health')).json.status === 'degraded', 10_000);

  const answers: Array<HttpAnswer & { route: string }> = [];
  const jobIds: string[] = [];
  const healths: HttpAnswer[] = [];
  const client = async () => {
    while (Date.now() < until) {
      const submitted = await cluster.call('POST', '/api/v1/videos/process', { key: pro.key, body: { url: freshVideo() } });
      answers.push({ ...submitted, route: 'submit' });
      if (submitted.status === 202) {
        jobIds.push(submitted.json.job_id);
        answers.push({ ...(await cluster.call('GET', `/api/v1/videos/status/${submitted.json.job_id}`, { key: pro.key })), route: 'status' });
      }
      answers.push({ ...(await cluster.call('GET', '/api/v1/videos/?limit=5', { key: pro.key })), route: 'list' });
      await sleep(300);
    }
  };
  const healthPoller = async () => {
    while (Date.now() < until) {
      healths.push(await cluster.call('GET', '/health'));
      await sleep(1_000);
    }
  };
  // The free key's limit still holds while Redis is away, counted in this API process.
  const freeAnswers: HttpAnswer[] = [];
  const freeClient = async () => {
    for (let i = 0; i <= FREE_REQUESTS_PER_MINUTE; i++) freeAnswers.push(await cluster.call('GET', '/api/v1/auth/validate', { key: free.key }));
  };
  await Promise.all([client(), client(), healthPoller(), freeClient()]);
  const fallbackCounted = await apiMetric('video_digest_limiter_fallback_total');
  const storeUpDuring = await apiMetric('video_digest_shared_store_up');
  await cluster.servers.redis.start();

  expect(answers.filter((res) => res.status !== 200 && res.status !== 202).map((res) => ({ route: res.route, ...outcome(res) }))).toEqual([]);
  expect(answers.filter((res) => res.route === 'submit').length).toBeGreaterThanOrEqual(10);
  expect(freeAnswers.map(outcome)).toEqual([...Array(FREE_REQUESTS_PER_MINUTE).fill({ status: 200, code: undefined }), { status: 429, code: 'RATE_LIMITED' }]);
  expect(Number(freeAnswers.at(-1)!.headers.get('retry-after'))).toBeGreaterThan(0);
  expect(healths.map((res) => ({ status: res.status, health: res.json.status, redis: res.json.checks?.redis?.status }))).toEqual(
    Array(healths.length).fill({ status: 200, health: 'degraded', redis: 'error' }),
  );
  expect(storeUpDuring).toBe(0);
  // Every keyed request was counted in this process's windows, the key's and its user's.
  expect(fallbackCounted).toBe(2 * (answers.length + freeAnswers.length));

  // Back without a restart: the store answers, and a key's requests are counted in Redis again.
  await waitFor('the API to see Redis back', async () => (await cluster.call('GET', '/health')).json.status === 'ok', 20_000);
  expect(await apiMetric('video_digest_shared_store_up')).toBe(1);
  const later = await cluster.createUser('free');
  for (let i = 0; i < 3; i++) expect((await cluster.call('GET', '/api/v1/auth/validate', { key: later.key })).status).toBe(200);
  const redis = new Redis(cluster.servers.redis.url);
  try {
    const windows = await redis.keys('throttle:free:*');
    expect(windows).toHaveLength(1);
    expect(await redis.get(windows[0]!)).toBe('3');
  } finally {
    redis.disconnect();
  }
  expect(await apiMetric('video_digest_limiter_fallback_total')).toBe(fallbackCounted);

  const rows = await waitForJobsToEnd(jobIds, 120_000);
  expect(rows.filter((row) => row.status !== 'completed')).toEqual([]);
}, 240_000);

it('Postgres restarted (fast shutdown, 10 s down) with 20 jobs in flight: every job completes, requests meanwhile get 503 within the deadline', async () => {
  const { key } = await cluster.createUser('pro');
  const jobIds: string[] = [];
  await withConcurrency(20, 5, async () => {
    const submitted = await cluster.call('POST', '/api/v1/videos/process', { key, body: { url: freshVideo() } });
    expect(submitted.status).toBe(202);
    jobIds.push(submitted.json.job_id);
  });
  const endedBefore = (await jobRows(jobIds)).filter((row) => row.status === 'completed' || row.status === 'failed').length;
  expect(endedBefore).toBeLessThan(20);

  await cluster.servers.postgres.stop();
  const until = Date.now() + 10_000;
  const probes: Array<HttpAnswer & { route: string }> = [];
  const probe = async (route: string, send: () => Promise<HttpAnswer>) => {
    while (Date.now() < until) {
      probes.push({ ...(await send()), route });
      await sleep(200);
    }
  };
  await Promise.all([
    probe('status', () => cluster.call('GET', `/api/v1/videos/status/${jobIds[0]}`, { key, timeoutMs: 30_000 })),
    probe('list', () => cluster.call('GET', '/api/v1/videos/', { key, timeoutMs: 30_000 })),
    probe('submit', () => cluster.call('POST', '/api/v1/videos/process', { key, body: { url: freshVideo() }, timeoutMs: 30_000 })),
  ]);
  await cluster.servers.postgres.start();

  // Every request made while the database was away was answered 503 with Retry-After, none later than the deadline allows.
  expect(probes.length).toBeGreaterThanOrEqual(9);
  expect(probes.map((res) => ({ route: res.route, ...outcome(res), retryAfter: Number(res.headers.get('retry-after')) > 0 }))).toEqual(
    probes.map((res) => ({ route: res.route, status: 503, code: 'SERVICE_UNAVAILABLE', retryAfter: true })),
  );
  expect(Math.max(...probes.map((res) => res.ms))).toBeLessThan(API_DATABASE_DEADLINE_MS + 2_000);

  const rows = await waitForJobsToEnd(jobIds, 120_000);
  expect(rows.map((row) => row.status)).toEqual(Array(20).fill('completed'));
  const statuses = await Promise.all(jobIds.map((id) => cluster.call('GET', `/api/v1/videos/status/${id}`, { key })));
  expect(statuses.map((res) => res.json.status)).toEqual(Array(20).fill('completed'));
}, 240_000);

it('the Temporal server restarted (10 s down) with 20 jobs in flight and submissions continuing: every 202 ends in a finished job', async () => {
  const { key } = await cluster.createUser('pro');
  const submit = () => cluster.call('POST', '/api/v1/videos/process', { key, body: { url: freshVideo() }, timeoutMs: 60_000 });
  const before: HttpAnswer[] = [];
  await withConcurrency(20, 5, async () => void before.push(await submit()));
  expect(before.map((res) => res.status)).toEqual(Array(20).fill(202));

  await cluster.servers.temporal.stop();
  const during: Array<Promise<HttpAnswer>> = [];
  for (const until = Date.now() + 10_000; Date.now() < until; ) {
    during.push(submit());
    await sleep(500);
  }
  await cluster.servers.temporal.start();
  const answered = await Promise.all(during);

  // Accepted while Temporal was away: the rows are committed first, the workflows started once it is back.
  expect(answered.map((res) => res.status)).toEqual(Array(answered.length).fill(202));
  const jobIds = [...before, ...answered].map((res) => res.json.job_id as string);
  const rows = await waitForJobsToEnd(jobIds, 150_000);
  expect(rows.filter((row) => row.status !== 'completed')).toEqual([]);
}, 240_000);

it('the API SIGKILLed during 50 submissions, a new one started: every 202 answered ends in a finished job', async () => {
  const { key, userId } = await cluster.createUser('pro');
  const answers: HttpAnswer[] = [];
  let back: Promise<unknown> | null = null;
  await withConcurrency(50, 5, async () => {
    // A client finding the service gone waits for it before sending more, as one retrying would.
    if (back) await back;
    const res = await cluster.call('POST', '/api/v1/videos/process', { key, body: { url: freshVideo() } });
    answers.push(res);
    if (!back && answers.filter((answer) => answer.status === 202).length >= 15) {
      const killed = cluster.api;
      killed.signal('SIGKILL');
      back = killed.exited.then(() => cluster.startApi());
    }
  });
  await back;

  // Each request was answered 202, or lost with the process (in flight at the kill).
  const accepted = answers.filter((res) => res.status === 202);
  const lost = answers.filter((res) => res.status === 0);
  expect(accepted.length + lost.length).toBe(50);
  expect(lost.length).toBeLessThanOrEqual(5);
  const jobIds = accepted.map((res) => res.json.job_id as string);
  const rows = await waitForJobsToEnd(jobIds, 150_000);
  expect(rows.filter((row) => row.status !== 'completed')).toEqual([]);
  // A request lost after its row was committed is a job too: it ends like the others.
  const all = await waitFor(
    'every job of the user to end',
    async () => {
      const mine = await cluster.database.db.selectFrom('jobs').select(['id', 'status']).where('user_id', '=', userId).execute();
      return mine.every((row) => row.status === 'completed' || row.status === 'failed') ? mine : null;
    },
    60_000,
  );
  expect(all.length).toBeGreaterThanOrEqual(accepted.length);
  expect(all.length).toBeLessThanOrEqual(accepted.length + lost.length);
  expect(all.filter((row) => row.status !== 'completed')).toEqual([]);
}, 240_000);
