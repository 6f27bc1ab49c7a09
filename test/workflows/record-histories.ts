/**
 * Records the workflow histories the replay test checks against (npm run record-histories). The
 * saved histories stand for workflows already running in production: record them before a
 * change to workflow code, which then ships behind patched() (docs/workflow-versioning.md). The
 * set in test/workflows/histories is the 1.0 baseline.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import {
  VIDEO_MANUAL_AND_AUTO,
  VIDEO_UNAVAILABLE,
  VIDEO_BOT_CHECKED,
  VIDEO_AUTO_ONLY,
  VIDEO_COMMENTS_REFUSED,
  VIDEO_SPOKEN_NO_CAPTIONS,
  VIDEO_SPOKEN_WITH_CAPTIONS,
  VIDEO_TONES_NO_CAPTIONS,
  startFakeYouTube,
  type FakeYouTube,
} from '../fake-youtube';
import { startFakeStt, type FakeStt } from '../fake-stt/server';
import { call, startTestService, waitForJob, type TestService } from '../support/test-service';
import { requireEnv } from '../support/infrastructure';
import { startFakeLlm, type FakeLlm } from '../fake-llm/server';

const HISTORIES = path.join(__dirname, 'histories');

let youtube: FakeYouTube;
let service: TestService;
let receiver: { server: http.Server; url: string };

/** A webhook receiver that refuses the first `failures` deliveries, so a history shows a retry. */
async function startFlakyReceiver(failures: number) {
  let seen = 0;
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      seen += 1;
      res.statusCode = seen <= failures ? 503 : 204;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as { port: number }).port}/hook` };
}

async function exportHistory(workflowId: string, from: TestService = service) {
  const cli = requireEnv('TEMPORAL_CLI_PATH');
  const target = ['--workflow-id', workflowId, '--address', from.config.temporal.address!];
  // A job is finished for its client before its workflow has closed (the end is announced after):
  // a saved history is a whole one.
  for (const deadline = Date.now() + 60_000; ; await new Promise((resolve) => setTimeout(resolve, 200))) {
    const described = JSON.parse(execFileSync(cli, ['workflow', 'describe', ...target, '--output', 'json'], { encoding: 'utf8' }));
    if (described.workflowExecutionInfo?.status !== 'WORKFLOW_EXECUTION_STATUS_RUNNING') break;
    if (Date.now() > deadline) throw new Error(`workflow ${workflowId} is still running`);
  }
  // The CLI's JSON export is the standard history file format replayers read.
  const json = execFileSync(cli, ['workflow', 'show', ...target, '--output', 'json'], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  const history = JSON.parse(json);
  expect(history.events.at(-1).eventType).toMatch(/^EVENT_TYPE_WORKFLOW_EXECUTION_(COMPLETED|FAILED)$/);
  return history;
}

/**
 * HISTORY_LABEL (e.g. 1.1) names the version recorded, beside the 1.0 baseline's files: the
 * histories of a version are kept for as long as workflows of it may be open.
 */
function save(name: string, history: { events: unknown[] }) {
  expect(history.events.length).toBeGreaterThan(5);
  fs.mkdirSync(HISTORIES, { recursive: true });
  const label = process.env.HISTORY_LABEL;
  fs.writeFileSync(path.join(HISTORIES, `${label ? `${name}-${label}` : name}.json`), `${JSON.stringify(history, null, 1)}\n`);
}

beforeAll(async () => {
  youtube = await startFakeYouTube();
  service = await startTestService({
    youtubeBaseUrl: youtube.baseUrl,
    env: { ALLOW_PRIVATE_WEBHOOKS: 'true', WEBHOOK_RETRY_SCHEDULE: '1,1' },
  });
  receiver = await startFlakyReceiver(1);
});

afterAll(async () => {
  await new Promise((resolve) => receiver?.server.close(resolve));
  await service?.stop();
  await youtube?.close();
});

// The job workflow: comments and an infographic with a webhook delivered by a child workflow,
// comments refused, failures, and a captionless video without a speech-to-text provider.
it.each([
  [
    'video-job-completed-with-webhook',
    () => ({
      url: VIDEO_MANUAL_AND_AUTO,
      webhook_url: receiver.url,
      options: { summary_modes: ['tldr', 'detailed', 'study_notes', 'timestamped', 'key_insights'], include_comments: true, generate_infographic: true },
    }),
  ],
  // Comments refused on every attempt: the job completes with a COMMENTS_UNAVAILABLE warning.
  ['video-job-comments-refused', () => ({ url: VIDEO_COMMENTS_REFUSED, options: { summary_modes: ['tldr', 'key_insights'], include_comments: true, generate_infographic: true } })],
  ['video-job-failed-unavailable', () => ({ url: VIDEO_UNAVAILABLE })],
  ['video-job-failed-blocked-after-retries', () => ({ url: VIDEO_BOT_CHECKED })],
  // No captions and no speech-to-text provider (STT_PROVIDER=none): the speech step refuses at once.
  ['video-job-no-captions-no-provider', () => ({ url: VIDEO_SPOKEN_NO_CAPTIONS })],
])('records %s', async (name, makeBody) => {
  const body = makeBody();
  const { key } = await service.createUser('pro');
  const submitted = await call(service, 'POST', '/api/v1/videos/process', { key, body });
  await waitForJob(service, key, submitted.json.job_id);
  save(name, await exportHistory(submitted.json.job_id));
});

// A delivery that fails once and is retried after a timer.
it('records webhook-delivery-retried', async () => {
  const row = await waitForDelivery();
  save('webhook-delivery-retried', await exportHistory(row.id));
});

async function waitForDelivery() {
  for (;;) {
    const row = await service.db
      .selectFrom('webhook_deliveries')
      .select(['id', 'status'])
      .where('status', '=', 'delivered')
      .executeTakeFirst();
    if (row) return row;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

// A batch's parent workflow: a small window over three children, one of which fails, and its
// batch.completed webhook delivered by a child workflow.
it('records batch-partial-failure', async () => {
  const { key } = await service.createUser('pro');
  const videos = [{ url: VIDEO_MANUAL_AND_AUTO }, { url: VIDEO_UNAVAILABLE }, { url: VIDEO_AUTO_ONLY, options: { summary_modes: ['tldr', 'key_insights'] } }];
  const submitted = await call(service, 'POST', '/api/v1/batch/process', { key, body: { videos, webhook_url: receiver.url } });
  const batchId = submitted.json.batch_id;
  for (let status = ''; status === '' || status === 'processing'; await new Promise((resolve) => setTimeout(resolve, 200))) {
    status = (await call(service, 'GET', `/api/v1/batch/status/${batchId}`, { key })).json.status;
  }
  save('batch-partial-failure', await exportHistory(batchId));
});

// A batch read from a playlist (the parent reads its source in an activity, behind a patch, then
// runs the videos found), and one whose playlist is private (it ends failed with no children).
it('records batch-from-playlist', async () => {
  const { key } = await service.createUser('pro');
  youtube.addPlaylist({ playlistId: 'PLhistoryplaylist000001', title: 'History', entries: [VIDEO_MANUAL_AND_AUTO, VIDEO_AUTO_ONLY], pageSize: 1 });
  youtube.addPlaylist({ playlistId: 'PLhistoryprivate0000001', title: 'Private', entries: [VIDEO_AUTO_ONLY], state: 'private' });
  for (const [name, list] of [
    ['batch-from-playlist', 'PLhistoryplaylist000001'],
    ['batch-from-private-playlist', 'PLhistoryprivate0000001'],
  ] as const) {
    const body = { source: { playlist_url: `https://www.youtube.com/playlist?list=${list}`, max_videos: 5 } };
    const submitted = await call(service, 'POST', '/api/v1/batch/process', { key, body });
    const batchId = submitted.json.batch_id;
    for (let status = ''; status === '' || status === 'processing'; await new Promise((resolve) => setTimeout(resolve, 200))) {
      status = (await call(service, 'GET', `/api/v1/batch/status/${batchId}`, { key })).json.status;
    }
    save(name, await exportHistory(batchId));
  }
});

// Summaries by a language model (SUMMARY_PROVIDER=openai against the local fake provider): a 429
// the activity retried after the provider's Retry-After, and a refused key that fell back to the
// built-in engine with a SUMMARY_FALLBACK warning.
describe('model path', () => {
  let llm: FakeLlm;
  let modelService: TestService;

  beforeAll(async () => {
    llm = await startFakeLlm();
    modelService = await startTestService({
      youtubeBaseUrl: youtube.baseUrl,
      env: { SUMMARY_PROVIDER: 'openai', LLM_BASE_URL: llm.baseUrlFor('openai'), LLM_API_KEY: 'sk-history', LLM_MODEL: 'gpt-4o-mini' },
    });
  });
  afterAll(async () => {
    await modelService?.stop();
    await llm?.close();
  });

  it.each([
    ['video-job-model-retried-after-429', 'rate-limited' as const, ['tldr', 'timestamped', 'key_insights']],
    ['video-job-model-fallback', 'unauthorized' as const, ['tldr']],
  ])('records %s', async (name, fault, modes) => {
    llm.failNext(fault, 1, 1);
    const { key } = await modelService.createUser('pro');
    const submitted = await call(modelService, 'POST', '/api/v1/videos/process', { key, body: { url: VIDEO_MANUAL_AND_AUTO, custom_instructions: name, options: { summary_modes: modes } } });
    await waitForJob(modelService, key, submitted.json.job_id, 120_000);
    const history = await exportHistory(submitted.json.job_id, modelService);
    expect(JSON.stringify(history)).not.toContain('sk-history');
    save(name, history);
  });
});

// Speech-to-text (STT_PROVIDER=openai against the local fake provider, 20 s chunks): a captionless
// video whose first chunk met a 429 and was retried after its Retry-After; speech_to_text asked
// for on a video with captions; and a refused key, final at once.
describe('speech-to-text path', () => {
  let stt: FakeStt;
  let speechService: TestService;

  beforeAll(async () => {
    stt = await startFakeStt();
    speechService = await startTestService({
      youtubeBaseUrl: youtube.baseUrl,
      env: {
        STT_PROVIDER: 'openai',
        STT_BASE_URL: stt.baseUrl,
        STT_API_KEY: 'sk-history-stt',
        STT_CHUNK_SECONDS: '20',
        STT_CHUNK_OVERLAP_SECONDS: '5',
      },
    });
  });
  afterAll(async () => {
    await speechService?.stop();
    await stt?.close();
  });

  it.each([
    ['video-job-speech-to-text-retried-after-429', 'rate-limited' as const, { url: VIDEO_TONES_NO_CAPTIONS, options: { summary_modes: ['tldr', 'timestamped'] } }],
    ['video-job-speech-to-text-requested', null, { url: VIDEO_SPOKEN_WITH_CAPTIONS, options: { transcript_source: 'speech_to_text' } }],
    ['video-job-speech-to-text-refused', 'unauthorized' as const, { url: VIDEO_SPOKEN_NO_CAPTIONS, force_refresh: true }],
  ])('records %s', async (name, fault, body) => {
    stt.behave = fault === null ? null : (request) => (request === stt.requests[0] ? { fault, retryAfter: 1 } : undefined);
    stt.requests.length = 0;
    const { key } = await speechService.createUser('pro');
    const submitted = await call(speechService, 'POST', '/api/v1/videos/process', { key, body });
    await waitForJob(speechService, key, submitted.json.job_id, 120_000);
    const history = await exportHistory(submitted.json.job_id, speechService);
    expect(JSON.stringify(history)).not.toContain('sk-history-stt');
    save(name, history);
  });
});
