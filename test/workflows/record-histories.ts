/**
 * Records the workflow histories the replay test checks against. Run it (npm run record-histories)
 * only when a workflow change is meant to be incompatible and is shipped with versioning; the saved
 * histories stand for workflows already running in production.
 */
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { VIDEO_MANUAL_AND_AUTO, VIDEO_UNAVAILABLE, VIDEO_BOT_CHECKED, startFakeYouTube, type FakeYouTube } from '../fake-youtube';
import { call, startTestService, waitForJob, type TestService } from '../support/test-service';
import { requireEnv } from '../support/infrastructure';

const HISTORIES = path.join(__dirname, 'histories');

let youtube: FakeYouTube;
let service: TestService;

beforeAll(async () => {
  youtube = await startFakeYouTube();
  service = await startTestService({ youtubeBaseUrl: youtube.baseUrl });
});

afterAll(async () => {
  await service?.stop();
  await youtube?.close();
});

it.each([
  ['video-job-completed-all-modes', { url: VIDEO_MANUAL_AND_AUTO, options: { summary_modes: ['tldr', 'detailed', 'study_notes', 'timestamped', 'key_insights'] } }],
  ['video-job-failed-unavailable', { url: VIDEO_UNAVAILABLE }],
  ['video-job-failed-blocked-after-retries', { url: VIDEO_BOT_CHECKED }],
])('records %s', async (name, body) => {
  const { key } = await service.createUser('pro');
  const submitted = await call(service, 'POST', '/api/v1/videos/process', { key, body });
  await waitForJob(service, key, submitted.json.job_id);
  // The CLI's JSON export is the standard history file format replayers read.
  const json = execFileSync(
    requireEnv('TEMPORAL_CLI_PATH'),
    ['workflow', 'show', '--workflow-id', submitted.json.job_id, '--address', service.config.TEMPORAL_ADDRESS!, '--output', 'json'],
    { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  const history = JSON.parse(json);
  expect(history.events.length).toBeGreaterThan(5);
  fs.mkdirSync(HISTORIES, { recursive: true });
  fs.writeFileSync(path.join(HISTORIES, `${name}.json`), `${JSON.stringify(history, null, 1)}\n`);
});
