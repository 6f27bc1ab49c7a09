/**
 * A model call is paid for whether or not the model call cache keeps it: when the cache write
 * fails, the job's usage ledger still gets the call at the tokens the provider charged, and the
 * answer is still used. The fault is a real one in Postgres (a trigger refusing every insert into
 * the cache table); real API, Temporal and worker, the provider a local server.
 */
import { sql } from 'kysely';
import { VIDEO_MANUAL_AND_AUTO, startFakeYouTube, type FakeYouTube } from '../fake-youtube';
import { startFakeLlm, type FakeLlm } from '../fake-llm/server';
import { call, startTestService, waitForJob, type TestService } from '../support/test-service';

let youtube: FakeYouTube;
let llm: FakeLlm;
let service: TestService;

beforeAll(async () => {
  [youtube, llm] = await Promise.all([startFakeYouTube(), startFakeLlm()]);
  service = await startTestService({
    youtubeBaseUrl: youtube.baseUrl,
    env: {
      SUMMARY_PROVIDER: 'openai',
      LLM_BASE_URL: llm.baseUrlFor('openai'),
      LLM_API_KEY: 'sk-test-ledger',
      LLM_MODEL: 'gpt-4o-mini',
      // A summary the model could not write fails the job rather than falling back to the built-in engine.
      SUMMARY_FALLBACK: 'fail',
    },
  });
  // This service's database is its own: the fault touches no other test.
  await sql`CREATE FUNCTION refuse_model_call() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN RAISE EXCEPTION 'the model call cache refuses writes'; END $$`.execute(service.db);
  await sql`CREATE TRIGGER refuse_model_call BEFORE INSERT ON model_calls FOR EACH ROW EXECUTE FUNCTION refuse_model_call()`.execute(service.db);
});

afterAll(async () => {
  await service?.stop();
  await Promise.all([llm?.close(), youtube?.close()]);
});

it('writes the usage row of a model call whose cache write failed, at the tokens charged, and uses the answer', async () => {
  const { key } = await service.createUser('pro');
  const before = llm.requests.length;
  const submitted = await call(service, 'POST', '/api/v1/videos/process', {
    key,
    body: { url: VIDEO_MANUAL_AND_AUTO, options: { summary_modes: ['tldr'] } },
  });
  expect(submitted.status).toBe(202);
  const jobId = submitted.json.job_id as string;
  const { final } = await waitForJob(service, key, jobId, 120_000);
  expect(final.status).toBe('completed');

  const answered = llm.requests.slice(before).filter((request) => request.usage !== undefined);
  expect(answered.length).toBeGreaterThan(0);
  const charged = answered.reduce((sum, request) => ({ input: sum.input + request.usage!.input, output: sum.output + request.usage!.output }), { input: 0, output: 0 });

  const ledger = await service.db.selectFrom('model_usage').select(['model', 'input_tokens', 'output_tokens']).where('job_id', '=', jobId).execute();
  expect(ledger).toHaveLength(answered.length);
  expect(ledger.every((row) => row.model === 'gpt-4o-mini')).toBe(true);
  expect({
    input: ledger.reduce((sum, row) => sum + row.input_tokens, 0),
    output: ledger.reduce((sum, row) => sum + row.output_tokens, 0),
  }).toEqual(charged);
  // The fault held: nothing was cached.
  expect(await service.db.selectFrom('model_calls').select('call_key').execute()).toEqual([]);

  const result = await call(service, 'GET', `/api/v1/videos/result/${jobId}`, { key });
  expect(result.json.summaries.tldr.generator).toMatchObject({ input_tokens: charged.input, output_tokens: charged.output });
});
