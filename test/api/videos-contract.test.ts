/**
 * The video routes as an API client sees them: envelope, codes, statuses, owner checks and
 * validation (docs/api-behaviour.md#response-envelope and the sections after it). Runs against real
 * Postgres, Redis and Temporal; no worker is needed since nothing here waits for a job to finish.
 */
import { call, startTestService, type TestService } from '../support/test-service';

let service: TestService;
let pro: { key: string; userId: string };
let other: { key: string; userId: string };

beforeAll(async () => {
  service = await startTestService({ withWorker: false });
  pro = await service.createUser('pro');
  other = await service.createUser('pro');
});

afterAll(async () => {
  await service?.stop();
});

const VALID = { url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' };

function expectError(res: { status: number; json: any; headers: Headers }, status: number, code: string) {
  expect({ status: res.status, code: res.json?.error?.code }).toEqual({ status, code });
  expect(res.json.success).toBe(false);
  expect(typeof res.json.error.message).toBe('string');
  expect(res.json.request_id).toBe(res.headers.get('x-request-id'));
}

describe('envelope and request ids', () => {
  it('echoes a sane X-Request-Id and replaces an unsafe one', async () => {
    const echoed = await call(service, 'GET', '/health', { headers: { 'x-request-id': 'client-abc.123' } });
    expect(echoed.headers.get('x-request-id')).toBe('client-abc.123');
    const replaced = await call(service, 'GET', '/health', { headers: { 'x-request-id': 'bad id with spaces' } });
    expect(replaced.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers unknown routes with NOT_FOUND in the envelope', async () => {
    expectError(await call(service, 'GET', '/api/v1/nope', { key: pro.key }), 404, 'NOT_FOUND');
  });

  it('reports health with every check', async () => {
    const res = await call(service, 'GET', '/health');
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ success: true, status: 'ok', checks: { database: { status: 'ok' }, redis: { status: 'ok' }, temporal: { status: 'ok' } } });
  });

  it('serves an OpenAPI document describing the routes', async () => {
    const res = await call(service, 'GET', '/openapi.json');
    expect(res.status).toBe(200);
    expect(Object.keys(res.json.paths)).toEqual(
      expect.arrayContaining(['/api/v1/videos/process', '/api/v1/videos/status/{job_id}', '/api/v1/videos/result/{job_id}', '/api/v1/videos/']),
    );
  });
});

describe('authentication', () => {
  it('requires a key', async () => {
    expectError(await call(service, 'POST', '/api/v1/videos/process', { body: VALID }), 401, 'AUTHENTICATION_REQUIRED');
  });

  it('takes an empty key header, or a bare "Bearer", for no key at all', async () => {
    for (const headers of [{ authorization: 'Bearer ' }, { authorization: 'bearer' }, { 'x-api-key': '' }, { authorization: ' ', 'x-api-key': ' ' }] as Record<string, string>[]) {
      expectError(await call(service, 'GET', '/api/v1/videos/', { headers }), 401, 'AUTHENTICATION_REQUIRED');
    }
    // An empty Authorization beside a key in X-API-Key leaves that key.
    expect((await call(service, 'GET', '/api/v1/videos/', { headers: { authorization: 'Bearer', 'x-api-key': pro.key } })).status).toBe(200);
  });

  it('ignores a key in the query string', async () => {
    expectError(await call(service, 'GET', `/api/v1/videos/?api_key=${pro.key}`), 401, 'AUTHENTICATION_REQUIRED');
  });

  it('refuses malformed and unknown keys', async () => {
    expectError(await call(service, 'GET', '/api/v1/videos/', { key: 'sk_short' }), 401, 'INVALID_API_KEY');
    expectError(await call(service, 'GET', '/api/v1/videos/', { key: `sk_${'a'.repeat(64)}` }), 401, 'INVALID_API_KEY');
    expectError(await call(service, 'GET', '/api/v1/videos/', { headers: { authorization: `Bearer ${pro.key} ${pro.key}` } }), 401, 'INVALID_API_KEY');
  });

  it('takes a key only from the Bearer scheme: another scheme, or a key without one, presents none', async () => {
    for (const authorization of [`Basic ${pro.key}`, pro.key, `Token ${pro.key}`, `Bearer${pro.key}`]) {
      const res = await call(service, 'GET', '/api/v1/videos/', { headers: { authorization } });
      expectError(res, 401, 'AUTHENTICATION_REQUIRED');
      expect(res.json.error.message).toContain('no Bearer key');
    }
  });

  it('accepts X-API-Key as well as Bearer', async () => {
    const res = await call(service, 'GET', '/api/v1/videos/', { headers: { 'x-api-key': pro.key } });
    expect(res.status).toBe(200);
  });

  it('checks the permission a route needs', async () => {
    const readOnly = await service.createUser('pro', ['read']);
    const res = await call(service, 'POST', '/api/v1/videos/process', { key: readOnly.key, body: VALID });
    expectError(res, 403, 'INSUFFICIENT_PERMISSIONS');
    expect(res.json.error.details).toEqual({ required: 'process' });
    const processOnly = await service.createUser('pro', ['process']);
    expectError(await call(service, 'GET', '/api/v1/videos/', { key: processOnly.key }), 403, 'INSUFFICIENT_PERMISSIONS');
  });
});

describe('POST /api/v1/videos/process', () => {
  it('accepts a job with 202 and the submission record', async () => {
    const res = await call(service, 'POST', '/api/v1/videos/process', {
      key: pro.key,
      body: { ...VALID, service_name: 'svc', agent_name: 'agent-7', client_reference: 'ref-1' },
    });
    expect(res.status).toBe(202);
    expect(res.json).toMatchObject({
      success: true,
      status: 'queued',
      service_name: 'svc',
      agent_name: 'agent-7',
      client_reference: 'ref-1',
      warnings: [],
    });
    expect(res.json.job_id).toMatch(/^job_[A-Za-z0-9_-]{22}$/);
    expect(res.json.status_url).toBe(`${service.url}/api/v1/videos/status/${res.json.job_id}`);
    expect(res.json.result_url).toBe(`${service.url}/api/v1/videos/result/${res.json.job_id}`);
    expect(new Date(res.json.created_at).toISOString()).toBe(res.json.created_at);
  });

  it.each([
    'https://youtu.be/dQw4w9WgXcQ',
    'https://www.youtube.com/shorts/dQw4w9WgXcQ',
    'https://m.youtube.com/watch?v=dQw4w9WgXcQ&t=10',
    'https://music.youtube.com/watch?v=dQw4w9WgXcQ',
    'https://www.youtube.com/embed/dQw4w9WgXcQ',
    'https://www.youtube.com/live/dQw4w9WgXcQ',
    'dQw4w9WgXcQ',
  ])('accepts %s', async (url) => {
    const res = await call(service, 'POST', '/api/v1/videos/process', { key: pro.key, body: { url } });
    expect(res.status).toBe(202);
    const status = await call(service, 'GET', `/api/v1/videos/status/${res.json.job_id}`, { key: pro.key });
    expect(status.json.video_id).toBe('dQw4w9WgXcQ');
  });

  it.each(['https://vimeo.com/12345', 'https://www.youtube.com/watch?v=short', 'not a url', 'ftp://youtube.com/watch?v=dQw4w9WgXcQ'])(
    'refuses %s with UNSUPPORTED_URL',
    async (url) => {
      expectError(await call(service, 'POST', '/api/v1/videos/process', { key: pro.key, body: { url } }), 422, 'UNSUPPORTED_URL');
    },
  );

  it('refuses a body that is not JSON', async () => {
    expectError(await call(service, 'POST', '/api/v1/videos/process', { key: pro.key, rawBody: '{"url":', headers: { 'content-type': 'application/json' } }), 400, 'INVALID_JSON');
  });

  it('refuses a body over 1 MB', async () => {
    const res = await call(service, 'POST', '/api/v1/videos/process', { key: pro.key, body: { ...VALID, custom_instructions: 'x'.repeat(1_100_000) } });
    expectError(res, 413, 'PAYLOAD_TOO_LARGE');
  });

  it.each([
    [{}, 'url'],
    [{ ...VALID, options: { summary_modes: ['tldr', 'poem'] } }, 'options.summary_modes.1'],
    [{ ...VALID, options: { summary_modes: [] } }, 'options.summary_modes'],
    [{ ...VALID, options: { max_transcript_length: 0 } }, 'options.max_transcript_length'],
    [{ ...VALID, options: { max_transcript_length: 10485761 } }, 'options.max_transcript_length'],
    [{ ...VALID, options: { language: 'english!' } }, 'options.language'],
    [{ ...VALID, options: { generate_infographic: 'yes' } }, 'options.generate_infographic'],
    [{ ...VALID, options: { unknown_option: 1 } }, 'options'],
    [{ ...VALID, priority: 'urgent' }, 'priority'],
    [{ ...VALID, force_refresh: 'no' }, 'force_refresh'],
    [{ ...VALID, use_proxy: 'maybe' }, 'use_proxy'],
    [{ ...VALID, summary_type: 'everything' }, 'summary_type'],
    [{ url: 42 }, 'url'],
  ])('refuses %j with VALIDATION_ERROR at %s', async (body, path) => {
    const res = await call(service, 'POST', '/api/v1/videos/process', { key: pro.key, body });
    expectError(res, 422, 'VALIDATION_ERROR');
    expect(res.json.error.details.issues.map((issue: { path: string }) => issue.path)).toContain(path);
  });

  it('refuses a webhook_url that is not http(s)', async () => {
    expectError(await call(service, 'POST', '/api/v1/videos/process', { key: pro.key, body: { ...VALID, webhook_url: 'ftp://example.com/hook' } }), 422, 'INVALID_WEBHOOK_URL');
  });

  it('takes the legacy summary_type with a Deprecation header and warning', async () => {
    const res = await call(service, 'POST', '/api/v1/videos/process', { key: pro.key, body: { ...VALID, options: { summary_type: 'detailed' } } });
    expect(res.status).toBe(202);
    expect(res.headers.get('deprecation')).toBeTruthy();
    expect(res.json.warnings).toEqual([expect.objectContaining({ code: 'DEPRECATED_FIELD', field: 'summary_type' })]);
    const row = await service.db.selectFrom('jobs').select('request').where('id', '=', res.json.job_id).executeTakeFirstOrThrow();
    expect(row.request.summaryModes).toEqual(['detailed']);
  });

  it('lets summary_modes win over summary_type', async () => {
    const res = await call(service, 'POST', '/api/v1/videos/process', {
      key: pro.key,
      body: { ...VALID, summary_type: 'detailed', options: { summary_modes: ['tldr', 'key_insights'] } },
    });
    expect(res.status).toBe(202);
    const row = await service.db.selectFrom('jobs').select('request').where('id', '=', res.json.job_id).executeTakeFirstOrThrow();
    expect(row.request.summaryModes).toEqual(['tldr', 'key_insights']);
  });

  it('takes null for any option, and for options, as the option left out: its default', async () => {
    const nulls = {
      max_transcript_length: null,
      include_comments: null,
      language: null,
      summary_modes: null,
      summary_type: null,
      generate_infographic: null,
      transcript_source: null,
    };
    for (const body of [{ ...VALID, options: null }, { ...VALID, options: nulls, summary_type: null }]) {
      const res = await call(service, 'POST', '/api/v1/videos/process', { key: pro.key, body });
      expect(res.status).toBe(202);
      expect(res.json.warnings).toEqual([]);
      expect(res.headers.get('deprecation')).toBeNull();
      const row = await service.db.selectFrom('jobs').select('request').where('id', '=', res.json.job_id).executeTakeFirstOrThrow();
      expect(row.request).toMatchObject({
        summaryModes: ['tldr'],
        language: null,
        maxTranscriptLength: 10_485_760,
        includeComments: false,
        generateInfographic: false,
        transcriptSource: 'auto',
      });
    }
  });

  it('stores webhook_url, priority and custom_instructions as given', async () => {
    const res = await call(service, 'POST', '/api/v1/videos/process', {
      key: pro.key,
      body: { ...VALID, webhook_url: 'https://93.184.215.14/hooks/x', priority: 'high', custom_instructions: 'Focus on numbers', use_proxy: null, force_refresh: false },
    });
    expect(res.status).toBe(202);
    const row = await service.db.selectFrom('jobs').select('request').where('id', '=', res.json.job_id).executeTakeFirstOrThrow();
    expect(row.request).toMatchObject({ webhookUrl: 'https://93.184.215.14/hooks/x', priority: 'high', customInstructions: 'Focus on numbers', useProxy: null });
  });
});

describe('status, result and list', () => {
  let jobId: string;

  beforeAll(async () => {
    const res = await call(service, 'POST', '/api/v1/videos/process', { key: pro.key, body: { ...VALID, client_reference: 'mine' } });
    jobId = res.json.job_id;
  });

  it('gives the status record with every field', async () => {
    const res = await call(service, 'GET', `/api/v1/videos/status/${jobId}`, { key: pro.key });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      success: true,
      job_id: jobId,
      status: 'queued',
      progress_percentage: 0,
      current_step: 'queued',
      estimated_time_remaining: null,
      video_id: 'dQw4w9WgXcQ',
      video_url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      started_at: null,
      completed_at: null,
      client_reference: 'mine',
    });
    expect(res.json).toHaveProperty('created_at');
    expect(res.json).toHaveProperty('updated_at');
    expect(res.json).not.toHaveProperty('error');
  });

  it('hides other users\' jobs behind NOT_FOUND', async () => {
    expectError(await call(service, 'GET', `/api/v1/videos/status/${jobId}`, { key: other.key }), 404, 'NOT_FOUND');
    expectError(await call(service, 'GET', `/api/v1/videos/result/${jobId}`, { key: other.key }), 404, 'NOT_FOUND');
    const list = await call(service, 'GET', '/api/v1/videos/', { key: other.key });
    expect(list.json.jobs.map((j: { job_id: string }) => j.job_id)).not.toContain(jobId);
  });

  it('answers NOT_FOUND for unknown and malformed ids', async () => {
    expectError(await call(service, 'GET', '/api/v1/videos/status/job_AAAAAAAAAAAAAAAAAAAAAA', { key: pro.key }), 404, 'NOT_FOUND');
    expectError(await call(service, 'GET', '/api/v1/videos/status/../../etc', { key: pro.key }), 404, 'NOT_FOUND');
  });

  it('answers JOB_NOT_COMPLETED for an unfinished job', async () => {
    const res = await call(service, 'GET', `/api/v1/videos/result/${jobId}`, { key: pro.key });
    expectError(res, 409, 'JOB_NOT_COMPLETED');
    expect(res.json.error.details).toEqual({ status: 'queued' });
  });

  it('answers JOB_FAILED with the job\'s error for a failed job', async () => {
    await service.db
      .updateTable('jobs')
      .set({ status: 'failed', current_step: 'failed', error_code: 'VIDEO_UNAVAILABLE', error_message: 'Video unavailable' })
      .where('id', '=', jobId)
      .execute();
    const res = await call(service, 'GET', `/api/v1/videos/result/${jobId}`, { key: pro.key });
    expectError(res, 409, 'JOB_FAILED');
    expect(res.json.error.details.error).toEqual({ code: 'VIDEO_UNAVAILABLE', message: 'Video unavailable' });
    const status = await call(service, 'GET', `/api/v1/videos/status/${jobId}`, { key: pro.key });
    expect(status.json.error).toEqual({ code: 'VIDEO_UNAVAILABLE', message: 'Video unavailable' });
  });

  it('lists the user\'s jobs newest first with pagination and a status filter', async () => {
    const fresh = await service.createUser('pro');
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await call(service, 'POST', '/api/v1/videos/process', { key: fresh.key, body: VALID });
      ids.push(res.json.job_id);
    }
    const page1 = await call(service, 'GET', '/api/v1/videos/?limit=2', { key: fresh.key });
    expect(page1.json.jobs.map((j: { job_id: string }) => j.job_id)).toEqual([ids[2], ids[1]]);
    expect(page1.json.pagination).toEqual({ limit: 2, offset: 0, total: 3, has_more: true });
    const page2 = await call(service, 'GET', '/api/v1/videos?limit=2&offset=2', { key: fresh.key });
    expect(page2.json.jobs.map((j: { job_id: string }) => j.job_id)).toEqual([ids[0]]);
    expect(page2.json.pagination.has_more).toBe(false);
    const completed = await call(service, 'GET', '/api/v1/videos/?status=completed', { key: fresh.key });
    expect(completed.json).toMatchObject({ jobs: [], pagination: { total: 0 } });
  });

  it.each(['limit=0', 'limit=101', 'limit=abc', 'offset=-1', 'status=done'])('refuses ?%s with VALIDATION_ERROR', async (query) => {
    expectError(await call(service, 'GET', `/api/v1/videos/?${query}`, { key: pro.key }), 422, 'VALIDATION_ERROR');
  });
});
