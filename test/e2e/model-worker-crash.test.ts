/**
 * A worker killed in the middle of summarising a long transcript with a language model: the
 * notes on the parts it finished are in the model call cache, so the worker that takes over pays
 * only for the parts that were not done (at most the calls in flight at the kill are made twice).
 */
import { VIDEO_LONG, startFakeYouTube, type FakeYouTube } from '../fake-youtube';
import { startFakeLlm, type FakeLlm } from '../fake-llm/server';
import { waitFor, type ServiceProcess } from '../support/processes';
import { call, spawnWorkerProcess, startTestService, waitForJob, type TestService } from '../support/test-service';

const CONCURRENCY = 2;

let youtube: FakeYouTube;
let llm: FakeLlm;
let service: TestService;
const workers: ServiceProcess[] = [];
let modelEnv: Record<string, string>;

beforeAll(async () => {
  youtube = await startFakeYouTube();
  llm = await startFakeLlm();
  llm.latencyMs = 150;
  modelEnv = {
    SUMMARY_PROVIDER: 'openai',
    LLM_BASE_URL: llm.baseUrlFor('openai'),
    LLM_API_KEY: 'sk-crash',
    LLM_MODEL: 'gpt-4o-mini',
    LLM_CONTEXT_TOKENS: '3000',
    LLM_MAX_OUTPUT_TOKENS: '300',
    LLM_CONCURRENCY: String(CONCURRENCY),
  };
  service = await startTestService({ youtubeBaseUrl: youtube.baseUrl, withWorker: false, env: modelEnv });
});

afterAll(async () => {
  for (const worker of workers) await worker.kill('SIGKILL');
  await service?.stop();
  await llm?.close();
  await youtube?.close();
});

const partRequests = () => llm.requests.filter((request) => request.text.includes('<transcript part='));

it('reuses the parts finished before a SIGKILL', async () => {
  const { key } = await service.createUser('pro');
  const res = await call(service, 'POST', '/api/v1/videos/process', {
    key,
    body: { url: VIDEO_LONG, options: { summary_modes: ['tldr'], max_transcript_length: 120_000 } },
  });
  expect(res.status).toBe(202);
  const jobId = res.json.job_id as string;

  const first = spawnWorkerProcess(service, modelEnv);
  workers.push(first);
  await waitFor('several parts summarised', async () => partRequests().length >= 6, 120_000);
  await first.kill('SIGKILL');
  const beforeKill = partRequests().length;

  workers.push(spawnWorkerProcess(service, modelEnv));
  const { final } = await waitForJob(service, key, jobId, 180_000);
  expect(final.status).toBe('completed');

  const sent = partRequests().map((request) => request.text);
  const distinct = new Set(sent);
  // Every part was asked for; a part was asked twice only if its call was in flight at the kill.
  expect(distinct.size).toBeGreaterThan(beforeKill);
  expect(sent.length - distinct.size).toBeLessThanOrEqual(CONCURRENCY);
  const result = await call(service, 'GET', `/api/v1/videos/result/${jobId}`, { key });
  expect(result.json.summaries.tldr.generator.engine).toBe('llm');
}, 240_000);
