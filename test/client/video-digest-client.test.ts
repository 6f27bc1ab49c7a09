/**
 * The typed client against the real service: results typed as the OpenAPI document says, and every
 * way a call can fail surfacing as its own error: the error envelope
 * (docs/api-behaviour.md#response-envelope, with Retry-After when the throttle refuses), an answer
 * that is not the service's, and no answer at all.
 */
import { createVideoDigestClient, ServiceUnreachableError, UnexpectedResponseError, VideoDigestApiError, type VideoDigestClient } from '../../client';
import { describedApiDocument } from '../../src/http/api-description';
import { VIDEO_MANUAL_AND_AUTO, VIDEO_UNAVAILABLE, startFakeYouTube, type FakeYouTube } from '../fake-youtube';
import { freePort } from '../support/ports';
import { call, startTestService, waitForJob, type TestService } from '../support/test-service';

let youtube: FakeYouTube;
let service: TestService;
let client: VideoDigestClient;
let proKey: string;
let freeKey: string;

const FREE_REQUESTS_PER_MINUTE = 3;

beforeAll(async () => {
  youtube = await startFakeYouTube();
  service = await startTestService({
    youtubeBaseUrl: youtube.baseUrl,
    env: { PLAN_LIMITS: JSON.stringify({ free: { requests_per_minute: FREE_REQUESTS_PER_MINUTE }, pro: { requests_per_minute: 1_000_000 } }) },
  });
  proKey = (await service.createUser('pro')).key;
  // A trailing slash, as people paste addresses: the client copes.
  client = createVideoDigestClient({ baseUrl: `${service.url}/`, apiKey: proKey });
  freeKey = (await service.createUser('free')).key;
});

afterAll(async () => {
  await service?.stop();
  await youtube?.close();
});

/** The error a call fails with, for assertions on its fields. */
async function failure(pending: Promise<unknown>): Promise<unknown> {
  try {
    await pending;
  } catch (error) {
    return error;
  }
  throw new Error('the call succeeded');
}

it('submits, follows and reads a job, each answer as the API sends it', async () => {
  const submission = await client.submitJob({ url: `https://youtu.be/${VIDEO_MANUAL_AND_AUTO}`, options: { summary_modes: ['tldr', 'timestamped'] } });
  expect(submission).toMatchObject({ success: true, status: 'queued', job_id: expect.stringMatching(/^job_/) });

  await waitForJob(service, proKey, submission.job_id);
  const status = await client.jobStatus(submission.job_id);
  expect(status).toEqual((await call(service, 'GET', `/api/v1/videos/status/${submission.job_id}`, { key: proKey })).json);
  expect(status.status).toBe('completed');

  const result = await client.jobResult(submission.job_id);
  expect(result.summaries.timestamped?.items?.length).toBeGreaterThan(0);
  expect(result.video_info.video_id).toBe(VIDEO_MANUAL_AND_AUTO);

  const list = await client.listJobs({ limit: '1' });
  expect(list.jobs.map((job) => job.job_id)).toEqual([submission.job_id]);
});

it('submits a batch and reads its status and results', async () => {
  const batch = await client.submitBatch({ videos: [{ url: VIDEO_MANUAL_AND_AUTO }, { url: VIDEO_UNAVAILABLE }] });
  expect(batch).toMatchObject({ status: 'processing', total_jobs: 2 });
  for (const jobId of batch.job_ids) await waitForJob(service, proKey, jobId);
  expect(await client.batchStatus(batch.batch_id)).toMatchObject({ batch_id: batch.batch_id, completed_jobs: 1, failed_jobs: 1 });
  const results = await client.batchResults(batch.batch_id, { includeFailed: true });
  expect(results.failed_jobs).toEqual([{ job_id: batch.job_ids[1], video_url: expect.any(String), error: { code: 'VIDEO_UNAVAILABLE', message: expect.any(String) } }]);
});

it("throws the service's refusals as VideoDigestApiError, with the envelope's code, details and request id", async () => {
  const failed = await client.submitJob({ url: VIDEO_UNAVAILABLE });
  await waitForJob(service, proKey, failed.job_id);
  const refused = await failure(client.jobResult(failed.job_id));
  expect(refused).toBeInstanceOf(VideoDigestApiError);
  expect(refused).toMatchObject({ status: 409, code: 'JOB_FAILED', details: { error: { code: 'VIDEO_UNAVAILABLE' } }, requestId: expect.any(String), retryAfterSeconds: null });

  const invalid = await failure(client.submitJob({ url: VIDEO_MANUAL_AND_AUTO, options: { max_transcript_length: 0 } }));
  expect(invalid).toMatchObject({ status: 422, code: 'VALIDATION_ERROR', details: { issues: [{ path: 'options.max_transcript_length', message: expect.any(String) }] } });

  const stranger = createVideoDigestClient({ baseUrl: service.url, apiKey: `sk_${'0'.repeat(64)}` });
  expect(await failure(stranger.jobStatus(failed.job_id))).toMatchObject({ name: 'VideoDigestApiError', status: 401, code: 'INVALID_API_KEY' });
});

it("carries the throttle's Retry-After on RATE_LIMITED", async () => {
  const limited = createVideoDigestClient({ baseUrl: service.url, apiKey: freeKey });
  for (let i = 0; i < FREE_REQUESTS_PER_MINUTE; i += 1) await limited.validateKey();
  const refused = await failure(limited.validateKey());
  expect(refused).toMatchObject({ status: 429, code: 'RATE_LIMITED' });
  expect((refused as VideoDigestApiError).retryAfterSeconds).toBeGreaterThan(0);
  expect((refused as VideoDigestApiError).retryAfterSeconds).toBeLessThanOrEqual(60);
});

it("tells an answer that is not the service's, and no answer at all, from a refusal", async () => {
  // The fake YouTube answers these paths, but not with the service's envelope.
  const elsewhere = createVideoDigestClient({ baseUrl: youtube.baseUrl, apiKey: 'sk_irrelevant' });
  const unexpected = await failure(elsewhere.jobStatus('job_x'));
  expect(unexpected).toBeInstanceOf(UnexpectedResponseError);
  expect((unexpected as UnexpectedResponseError).status).toBeGreaterThanOrEqual(400);

  const nobody = `http://127.0.0.1:${await freePort()}`;
  const unreachable = await failure(createVideoDigestClient({ baseUrl: nobody, apiKey: 'sk_irrelevant' }).jobStatus('job_x'));
  expect(unreachable).toBeInstanceOf(ServiceUnreachableError);
  expect((unreachable as Error).message).toBe(`cannot reach ${nobody}: ECONNREFUSED`);
});

it('lets an abort be an abort', async () => {
  const controller = new AbortController();
  controller.abort();
  expect(await failure(client.jobStatus('job_x', { signal: controller.signal }))).toMatchObject({ name: 'AbortError' });
});

it('is generated from the document the service serves (its server address and envelope flag aside)', async () => {
  const { servers: _address, success, ...served } = (await call(service, 'GET', '/openapi.json')).json;
  const { servers: _default, ...generatedFrom } = JSON.parse(JSON.stringify(describedApiDocument()));
  expect(success).toBe(true);
  expect(served).toEqual(generatedFrom);
});
