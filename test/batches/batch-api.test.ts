/**
 * The batch routes as a client meets them: plan gate, validation of the whole batch before
 * anything starts, the quota counted for all its videos together, the terminal statuses,
 * ownership, the list, and the reconciler starting a batch Temporal never saw.
 */
import { createLogger } from '../../src/logger';
import { createTemporalClient } from '../../src/temporal/client';
import { createJobLookup } from '../../src/jobs/job-lookup';
import { reconcileOnce } from '../../src/runtime/reconciler';
import { startJobWorkflow } from '../../src/jobs/start-workflow';
import { batchProgressQuery } from '../../src/contracts/batch';
import { submitBatch } from '../../src/batches/submit-batch';
import { normaliseProcessRequest } from '../../src/http/routes/videos/process-request';
import { VIDEO_NO_CAPTIONS, VIDEO_PRIVATE, VIDEO_UNAVAILABLE, generatedVideoId, startFakeYouTube, type FakeYouTube } from '../fake-youtube';
import { call, startTestService, type TestService } from '../support/test-service';
import { waitFor } from '../support/processes';

let youtube: FakeYouTube;
let service: TestService;

const QUOTA = 12;

beforeAll(async () => {
  youtube = await startFakeYouTube();
  service = await startTestService({
    youtubeBaseUrl: youtube.baseUrl,
    env: {
      PLAN_LIMITS: JSON.stringify({
        free: { requests_per_minute: 1_000_000 },
        pro: { requests_per_minute: 1_000_000, videos_per_month: QUOTA },
        admin: { requests_per_minute: 1_000_000 },
      }),
    },
  });
});

afterAll(async () => {
  await service?.stop();
  await youtube?.close();
});

function expectError(res: { status: number; json: any; headers: Headers }, status: number, code: string) {
  expect({ status: res.status, code: res.json?.error?.code }).toEqual({ status, code });
  expect(res.json.success).toBe(false);
  expect(res.json.request_id).toBe(res.headers.get('x-request-id'));
}

const videos = (ids: string[], options?: Record<string, unknown>) => ids.map((id) => ({ url: `https://youtu.be/${id}`, ...(options ? { options } : {}) }));
const genIds = (from: number, count: number) => Array.from({ length: count }, (_, i) => generatedVideoId(from + i));

async function waitForBatch(key: string, batchId: string, timeoutMs = 60_000) {
  return waitFor(
    `batch ${batchId} to end`,
    async () => {
      const res = await call(service, 'GET', `/api/v1/batch/status/${batchId}`, { key });
      return res.json.status !== 'processing' ? res.json : null;
    },
    timeoutMs,
  );
}

async function countFor(userId: string) {
  const [batches, jobs, counter] = await Promise.all([
    service.db.selectFrom('batches').select('id').where('user_id', '=', userId).execute(),
    service.db.selectFrom('jobs').select('id').where('user_id', '=', userId).execute(),
    service.db.selectFrom('usage_periods').select('videos_accepted').where('user_id', '=', userId).executeTakeFirst(),
  ]);
  return { batches: batches.length, jobs: jobs.length, quota: counter?.videos_accepted ?? 0 };
}

describe('access', () => {
  it('refuses the free plan on every batch route', async () => {
    const free = await service.createUser('free');
    const id = 'batch_AAAAAAAAAAAAAAAAAAAAAA';
    for (const [method, path, body] of [
      ['POST', '/api/v1/batch/process', { videos: videos(genIds(0, 1)) }],
      ['GET', `/api/v1/batch/status/${id}`, undefined],
      ['GET', `/api/v1/batch/results/${id}?include_failed=true`, undefined],
      ['GET', '/api/v1/batch/', undefined],
      ['GET', '/api/v1/batch', undefined],
    ] as const) {
      const res = await call(service, method, path, { key: free.key, body });
      expectError(res, 403, 'PLAN_UPGRADE_REQUIRED');
      expect(res.json.error.details).toMatchObject({ feature: 'batch' });
    }
    expect(await countFor(free.userId)).toEqual({ batches: 0, jobs: 0, quota: 0 });
  });

  it('needs the process permission to submit and a key for everything', async () => {
    const reader = await service.createUser('pro', ['read']);
    const res = await call(service, 'POST', '/api/v1/batch/process', { key: reader.key, body: { videos: videos(genIds(0, 1)) } });
    expectError(res, 403, 'INSUFFICIENT_PERMISSIONS');
    expectError(await call(service, 'GET', '/api/v1/batch/'), 401, 'AUTHENTICATION_REQUIRED');
    expect((await call(service, 'GET', '/api/v1/batch/', { key: reader.key })).status).toBe(200);
  });
});

describe('validation: the whole batch or nothing', () => {
  let pro: { userId: string; key: string };
  beforeAll(async () => {
    pro = await service.createUser('pro');
  });

  const submit = (body: unknown) => call(service, 'POST', '/api/v1/batch/process', { key: pro.key, body });
  const issuePaths = (res: any) => res.json.error.details.issues.map((issue: any) => issue.path);

  it('refuses an empty batch and one over 100 videos', async () => {
    const empty = await submit({ videos: [] });
    expectError(empty, 422, 'VALIDATION_ERROR');
    expect(issuePaths(empty)).toEqual(['videos']);
    const tooMany = await submit({ videos: videos(genIds(0, 101)) });
    expectError(tooMany, 422, 'VALIDATION_ERROR');
    expect(issuePaths(tooMany)).toEqual(['videos']);
    expectError(await submit({}), 422, 'VALIDATION_ERROR');
  });

  it('names the offending item in issue paths', async () => {
    const body = {
      videos: [
        ...videos(genIds(0, 3)),
        { url: `https://youtu.be/${generatedVideoId(3)}`, options: { summary_modes: ['tldr', 'haiku'] } },
        { options: {} },
        { url: 'dQw4w9WgXcQ', custom_instructions: 'per-video instructions are not part of the schema' },
      ],
    };
    const res = await submit(body);
    expectError(res, 422, 'VALIDATION_ERROR');
    expect(issuePaths(res)).toEqual(expect.arrayContaining(['videos.3.options.summary_modes.1', 'videos.4.url', 'videos.5']));
  });

  it('refuses unknown top-level fields and bad types', async () => {
    expect(issuePaths(await submit({ videos: videos(genIds(0, 1)), callback: 'x' }))).toEqual(['(root)']);
    expect(issuePaths(await submit({ videos: videos(genIds(0, 1)), priority: 'urgent' }))).toEqual(['priority']);
    expect(issuePaths(await submit({ videos: videos(genIds(0, 1)), parallel_processing: 'yes' }))).toEqual(['parallel_processing']);
  });

  it('refuses the whole batch for one unsupported address, naming its index', async () => {
    const body = { videos: [...videos(genIds(0, 3)), { url: 'https://vimeo.com/123456' }, ...videos(genIds(4, 2))] };
    const res = await submit(body);
    expectError(res, 422, 'UNSUPPORTED_URL');
    expect(res.json.error.details).toMatchObject({ index: 3, path: 'videos.3.url', items: [{ index: 3, path: 'videos.3.url' }] });
    expect(res.json.error.message).toContain('videos.3.url');
  });

  it('checks the webhook target before accepting anything', async () => {
    expectError(await submit({ videos: videos(genIds(0, 1)), webhook_url: 'ftp://example.com/hook' }), 422, 'INVALID_WEBHOOK_URL');
    expectError(await submit({ videos: videos(genIds(0, 1)), webhook_url: 'not a url' }), 422, 'INVALID_WEBHOOK_URL');
    // ALLOW_PRIVATE_WEBHOOKS is off here: loopback and private targets are refused.
    expectError(await submit({ videos: videos(genIds(0, 1)), webhook_url: 'http://127.0.0.1:8080/hook' }), 422, 'INVALID_WEBHOOK_URL');
    expectError(await submit({ videos: videos(genIds(0, 1)), webhook_url: 'http://10.1.2.3/hook' }), 422, 'INVALID_WEBHOOK_URL');
  });

  it('left nothing behind and used no quota', async () => {
    expect(await countFor(pro.userId)).toEqual({ batches: 0, jobs: 0, quota: 0 });
  });
});

describe('quota, statuses and reading batches', () => {
  let pro: { userId: string; key: string };
  let first: any;
  let second: any;

  beforeAll(async () => {
    pro = await service.createUser('pro');
  });

  it('counts a batch\'s videos together and refuses one larger than what is left, whole', async () => {
    const res = await call(service, 'POST', '/api/v1/batch/process', {
      key: pro.key,
      body: { videos: videos(genIds(1000, 5), { summary_modes: ['tldr', 'key_insights'] }), priority: 'high', parallel_processing: true },
    });
    expect(res.status).toBe(202);
    first = res.json;
    expect(first).toEqual({
      success: true,
      batch_id: expect.stringMatching(/^batch_[A-Za-z0-9_-]{22}$/),
      status: 'processing',
      total_jobs: 5,
      job_ids: expect.any(Array),
      status_url: `${service.url}/api/v1/batch/status/${first.batch_id}`,
      results_url: `${service.url}/api/v1/batch/results/${first.batch_id}`,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      warnings: [],
    });
    expect(res.headers.get('location')).toBe(first.status_url);
    expect(first.job_ids).toHaveLength(5);
    expect(await countFor(pro.userId)).toEqual({ batches: 1, jobs: 5, quota: 5 });

    // 7 left: 8 is refused whole, nothing is created and nothing is counted.
    const refused = await call(service, 'POST', '/api/v1/batch/process', { key: pro.key, body: { videos: videos(genIds(2000, 8)) } });
    expectError(refused, 429, 'QUOTA_EXCEEDED');
    expect(refused.json.error.details).toMatchObject({ limit: QUOTA, used: 5, remaining: 7, requested: 8, reset_at: expect.any(String) });
    expect(refused.json.error.message).toBe(`This request has 8 videos, but only 7 of the monthly quota of ${QUOTA} for the pro plan are left`);
    expect(await countFor(pro.userId)).toEqual({ batches: 1, jobs: 5, quota: 5 });

    // Exactly what is left fits; after it, not even a single video.
    const last = await call(service, 'POST', '/api/v1/batch/process', {
      key: pro.key,
      body: { videos: videos([VIDEO_UNAVAILABLE, ...genIds(3000, 5), VIDEO_NO_CAPTIONS]) },
    });
    expect(last.status).toBe(202);
    second = last.json;
    expect(await countFor(pro.userId)).toEqual({ batches: 2, jobs: 12, quota: 12 });
    const usedUp = await call(service, 'POST', '/api/v1/videos/process', { key: pro.key, body: { url: generatedVideoId(4000) } });
    expectError(usedUp, 429, 'QUOTA_EXCEEDED');
    expect(usedUp.json.error).toMatchObject({ message: `The monthly quota of ${QUOTA} videos for the pro plan is used up`, details: { used: QUOTA, remaining: 0, requested: 1 } });
    expectError(await call(service, 'POST', '/api/v1/batch/process', { key: pro.key, body: { videos: videos(genIds(4000, 1)) } }), 429, 'QUOTA_EXCEEDED');
  });

  it('ends completed when every job succeeded, partial_failure when some failed', async () => {
    const done = await waitForBatch(pro.key, first.batch_id);
    expect(done).toMatchObject({
      status: 'completed',
      progress_percentage: 100,
      total_jobs: 5,
      completed_jobs: 5,
      failed_jobs: 0,
      processing_jobs: 0,
      queued_jobs: 0,
      completed_at: expect.any(String),
      webhook: null,
    });
    expect(done.jobs.map((j: any) => j.job_id)).toEqual(first.job_ids);
    for (const job of done.jobs) {
      expect(job).toEqual({ job_id: expect.any(String), video_url: expect.any(String), status: 'completed', progress_percentage: 100, current_step: 'completed', error: null });
    }

    const mixed = await waitForBatch(pro.key, second.batch_id);
    expect(mixed).toMatchObject({ status: 'partial_failure', completed_jobs: 5, failed_jobs: 2, progress_percentage: 100 });
    expect(mixed.jobs[0]).toMatchObject({ status: 'failed', current_step: 'failed', error: { code: 'VIDEO_UNAVAILABLE' } });
    expect(mixed.jobs[6]).toMatchObject({ status: 'failed', error: { code: 'TRANSCRIPT_UNAVAILABLE' } });
  });

  it('gives children the batch\'s options, at normal priority (a batch\'s priority has no effect)', async () => {
    const child = await call(service, 'GET', `/api/v1/videos/status/${first.job_ids[2]}`, { key: pro.key });
    expect(child.json).toMatchObject({ job_id: first.job_ids[2], batch_id: first.batch_id, status: 'completed' });
    const result = await call(service, 'GET', `/api/v1/videos/result/${first.job_ids[2]}`, { key: pro.key });
    expect(Object.keys(result.json.summaries).sort()).toEqual(['key_insights', 'tldr']);
    const row = await service.db.selectFrom('jobs').select('request').where('id', '=', first.job_ids[2]).executeTakeFirstOrThrow();
    expect(row.request).toMatchObject({ priority: 'normal', webhookUrl: null });
    const batch = await service.db.selectFrom('batches').select('priority').where('id', '=', first.batch_id).executeTakeFirstOrThrow();
    expect(batch.priority).toBe('high');
  });

  it('lists batches newest first with pagination and a status filter', async () => {
    const page1 = await call(service, 'GET', '/api/v1/batch/?limit=1', { key: pro.key });
    expect(page1.status).toBe(200);
    expect(page1.json.pagination).toEqual({ limit: 1, offset: 0, total: 2, has_more: true });
    expect(page1.json.batches.map((b: any) => b.batch_id)).toEqual([second.batch_id]);
    expect(page1.json.batches[0]).toMatchObject({ status: 'partial_failure', total_jobs: 7, failed_jobs: 2, completed_jobs: 5 });
    expect(page1.json.batches[0].jobs).toHaveLength(7);

    const page2 = await call(service, 'GET', '/api/v1/batch?limit=1&offset=1', { key: pro.key });
    expect(page2.json.pagination).toEqual({ limit: 1, offset: 1, total: 2, has_more: false });
    expect(page2.json.batches.map((b: any) => b.batch_id)).toEqual([first.batch_id]);

    const completed = await call(service, 'GET', '/api/v1/batch/?status=completed', { key: pro.key });
    expect(completed.json.batches.map((b: any) => b.batch_id)).toEqual([first.batch_id]);
    expect(completed.json.pagination).toEqual({ limit: 20, offset: 0, total: 1, has_more: false });

    expectError(await call(service, 'GET', '/api/v1/batch/?limit=0', { key: pro.key }), 422, 'VALIDATION_ERROR');
    expectError(await call(service, 'GET', '/api/v1/batch/?status=done', { key: pro.key }), 422, 'VALIDATION_ERROR');
  });

  it('hides batches from other users and unknown ids alike', async () => {
    const other = await service.createUser('pro');
    for (const path of [`/api/v1/batch/status/${first.batch_id}`, `/api/v1/batch/results/${first.batch_id}`]) {
      expectError(await call(service, 'GET', path, { key: other.key }), 404, 'NOT_FOUND');
    }
    expectError(await call(service, 'GET', '/api/v1/batch/status/batch_AAAAAAAAAAAAAAAAAAAAAA', { key: pro.key }), 404, 'NOT_FOUND');
    expectError(await call(service, 'GET', '/api/v1/batch/status/nonsense', { key: pro.key }), 404, 'NOT_FOUND');
    expectError(await call(service, 'GET', `/api/v1/videos/status/${first.job_ids[0]}`, { key: other.key }), 404, 'NOT_FOUND');
    expect((await call(service, 'GET', '/api/v1/batch/', { key: other.key })).json.batches).toEqual([]);
  });
});

it('averages the processing time over the completed jobs only; the total covers every ended job', async () => {
  const pro = await service.createUser('pro');
  const ids = [...genIds(9_100, 2), VIDEO_UNAVAILABLE];
  const res = await call(service, 'POST', '/api/v1/batch/process', { key: pro.key, body: { videos: videos(ids) } });
  expect(res.status).toBe(202);
  expect(await waitForBatch(pro.key, res.json.batch_id)).toMatchObject({ status: 'partial_failure', completed_jobs: 2, failed_jobs: 1 });
  // Known times in place of the measured ones, so the figures can be checked exactly.
  const times = [2.5, 4, 30];
  for (const [i, jobId] of (res.json.job_ids as string[]).entries()) {
    await service.db.updateTable('jobs').set({ processing_time: times[i]! }).where('id', '=', jobId).execute();
  }
  const results = await call(service, 'GET', `/api/v1/batch/results/${res.json.batch_id}`, { key: pro.key });
  expect(results.json.summary_stats).toEqual({
    total: 3,
    successful: 2,
    failed: 1,
    success_rate: 0.6667,
    total_processing_time: 36.5,
    average_processing_time: 3.25,
  });
});

it('ends failed when every job failed, with the failures on request', async () => {
  const pro = await service.createUser('pro');
  const res = await call(service, 'POST', '/api/v1/batch/process', { key: pro.key, body: { videos: videos([VIDEO_UNAVAILABLE, VIDEO_PRIVATE, VIDEO_NO_CAPTIONS]) } });
  expect(res.status).toBe(202);
  const done = await waitForBatch(pro.key, res.json.batch_id);
  expect(done).toMatchObject({ status: 'failed', completed_jobs: 0, failed_jobs: 3, progress_percentage: 100 });

  const withFailed = await call(service, 'GET', `/api/v1/batch/results/${res.json.batch_id}?include_failed=true`, { key: pro.key });
  expect(withFailed.json).toMatchObject({
    success: true,
    batch_id: res.json.batch_id,
    status: 'failed',
    successful_jobs: [],
    summary_stats: { total: 3, successful: 0, failed: 3, success_rate: 0, average_processing_time: null },
  });
  expect(withFailed.json.failed_jobs).toEqual([
    { job_id: res.json.job_ids[0], video_url: `https://www.youtube.com/watch?v=${VIDEO_UNAVAILABLE}`, error: { code: 'VIDEO_UNAVAILABLE', message: expect.any(String) } },
    { job_id: res.json.job_ids[1], video_url: `https://www.youtube.com/watch?v=${VIDEO_PRIVATE}`, error: { code: 'VIDEO_UNAVAILABLE', message: expect.any(String) } },
    { job_id: res.json.job_ids[2], video_url: `https://www.youtube.com/watch?v=${VIDEO_NO_CAPTIONS}`, error: { code: 'TRANSCRIPT_UNAVAILABLE', message: expect.any(String) } },
  ]);
  const without = await call(service, 'GET', `/api/v1/batch/results/${res.json.batch_id}`, { key: pro.key });
  expect(without.json).not.toHaveProperty('failed_jobs');
  expectError(await call(service, 'GET', `/api/v1/batch/results/${res.json.batch_id}?include_failed=maybe`, { key: pro.key }), 422, 'VALIDATION_ERROR');
});

it('starts a batch Temporal never saw from the reconciler, and never its children on their own', async () => {
  const admin = await service.createUser('admin');
  const principal = { userId: admin.userId, email: 'a@example.com', plan: 'admin' as const, keyId: '', permissions: new Set(['read', 'process'] as const), expiresAt: null };
  const temporalDown = { client: { workflow: { start: async () => Promise.reject(new Error('Temporal is down')) } }, taskQueue: 'nowhere' };
  const logger = createLogger('silent', 'test');
  const { batch } = await submitBatch(
    { db: service.db, temporal: temporalDown as never, config: service.config, logger },
    {
      principal,
      items: genIds(5000, 3).map((id) => ({ ...normaliseProcessRequest({ url: id }, { infographicsEnabled: true }), warnings: [] })),
      webhookUrl: null,
      priority: 'normal',
      parallelProcessing: null,
    },
  );
  const row = await service.db.selectFrom('batches').select('workflow_started').where('id', '=', batch.id).executeTakeFirstOrThrow();
  expect(row.workflow_started).toBe(false);

  const temporal = createTemporalClient({ address: service.config.temporal.address!, namespace: service.config.temporal.namespace, taskQueue: service.config.temporal.taskQueue });
  try {
    const services = { db: service.db, store: service.infra.store, temporal, jobs: createJobLookup(service.db), logger, config: service.config };
    // One child was started on its own meanwhile (say, by an older reconciler): the parent must
    // follow it through its row, not run the job a second time.
    const [firstChild] = await service.db.selectFrom('jobs').selectAll().where('id', '=', batch.job_ids[0]!).execute();
    await startJobWorkflow(services, firstChild!);
    // The other children are unstarted queued jobs, yet the reconciler starts only their parent.
    expect(await reconcileOnce(services, 0)).toBe(1);
    const started = await service.db.selectFrom('batches').select('workflow_started').where('id', '=', batch.id).executeTakeFirstOrThrow();
    expect(started.workflow_started).toBe(true);
    const done = await waitForBatch(admin.key, batch.id);
    expect(done).toMatchObject({ status: 'completed', completed_jobs: 3 });
    // Each child ran once: the first on its own, the others as children of the batch's workflow.
    const parents = [];
    for (const jobId of batch.job_ids) {
      const description = await temporal.client.workflow.getHandle(jobId).describe();
      parents.push(description.raw.workflowExecutionInfo?.parentExecution?.workflowId ?? null);
    }
    expect(parents).toEqual([null, batch.id, batch.id]);
    const progress = await temporal.client.workflow.getHandle(batch.id).query(batchProgressQuery);
    expect(progress.children.map((c) => c.state)).toEqual(['completed', 'completed', 'completed']);
    expect(await reconcileOnce(services, 0)).toBe(0);
  } finally {
    await temporal.close();
  }
});

it('documents the batch routes in the OpenAPI document', async () => {
  const doc = (await call(service, 'GET', '/openapi.json')).json;
  expect(Object.keys(doc.paths)).toEqual(
    expect.arrayContaining(['/api/v1/batch/process', '/api/v1/batch/status/{batch_id}', '/api/v1/batch/results/{batch_id}', '/api/v1/batch/']),
  );
  expect(Object.keys(doc.components.schemas)).toEqual(expect.arrayContaining(['BatchRequest', 'BatchSubmission', 'BatchStatus', 'BatchResults', 'BatchList']));
  expect(doc.paths['/api/v1/batch/process'].post.responses['202']).toBeDefined();
});

it('fails a child whose workflow was stopped from outside, and still ends the batch', async () => {
  const pro = await service.createUser('pro');
  const [stuck, ...others] = genIds(6000, 3);
  // Every request for this video hangs: its job stays in flight until it is stopped.
  youtube.setBehaviour(stuck!, { failNext: { with: 'stall', count: 1000 } });
  try {
    const res = await call(service, 'POST', '/api/v1/batch/process', { key: pro.key, body: { videos: videos([stuck!, ...others]) } });
    expect(res.status).toBe(202);
    const [stuckJob] = res.json.job_ids;
    const temporal = createTemporalClient({ address: service.config.temporal.address!, namespace: service.config.temporal.namespace, taskQueue: service.config.temporal.taskQueue });
    try {
      await waitFor('the others to end while the stuck one runs', async () => {
        const status = (await call(service, 'GET', `/api/v1/batch/status/${res.json.batch_id}`, { key: pro.key })).json;
        return status.completed_jobs === 2 && status.jobs[0].status === 'processing';
      });
      await temporal.client.workflow.getHandle(stuckJob).terminate('operator stopped it');
      const done = await waitForBatch(pro.key, res.json.batch_id);
      expect(done).toMatchObject({ status: 'partial_failure', completed_jobs: 2, failed_jobs: 1 });
      expect(done.jobs[0]).toMatchObject({ job_id: stuckJob, status: 'failed', error: { code: 'INTERNAL_ERROR', message: expect.any(String) } });
      const child = await call(service, 'GET', `/api/v1/videos/status/${stuckJob}`, { key: pro.key });
      expect(child.json).toMatchObject({ status: 'failed', batch_id: res.json.batch_id, error: { code: 'INTERNAL_ERROR' } });
    } finally {
      await temporal.close();
    }
  } finally {
    youtube.clearBehaviour(stuck!);
  }
});

it('passes on its videos\' warnings, each naming its video: the legacy summary_type gives DEPRECATED_FIELD and the Deprecation header', async () => {
  const pro = await service.createUser('pro');
  const res = await call(service, 'POST', '/api/v1/batch/process', {
    key: pro.key,
    body: { videos: [{ url: generatedVideoId(9100) }, { url: generatedVideoId(9101), options: { summary_type: 'detailed' } }] },
  });
  expect(res.status).toBe(202);
  expect(res.headers.get('deprecation')).toEqual(expect.any(String));
  expect(res.json.warnings).toEqual([{ code: 'DEPRECATED_FIELD', field: 'videos.1.options.summary_type', message: expect.stringContaining('summary_modes') }]);
  // The job itself keeps the warning as the contract words it for any job.
  expect(await waitForBatch(pro.key, res.json.batch_id)).toMatchObject({ status: 'completed' });
  const child = await call(service, 'GET', `/api/v1/videos/result/${res.json.job_ids[1]}`, { key: pro.key });
  expect(child.json.warnings).toEqual([{ code: 'DEPRECATED_FIELD', field: 'summary_type', message: expect.stringContaining('summary_modes') }]);
  const plain = await call(service, 'GET', `/api/v1/videos/result/${res.json.job_ids[0]}`, { key: pro.key });
  expect(plain.json.warnings).toEqual([]);
});
