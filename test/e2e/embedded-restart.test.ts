/**
 * `npm start` on the embedded defaults (PGlite, in-process store, local Temporal dev server, all
 * under DATA_DIR): the CLI creates a key while it runs, jobs are accepted, the process is killed
 * with SIGKILL mid-flight, and a second start resumes and completes every accepted job.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startFakeYouTube, type FakeYouTube } from '../fake-youtube';
import { freePort } from '../support/ports';
import { runEntry, spawnEntry, waitFor, type ServiceProcess } from '../support/processes';
import { call, waitForJob } from '../support/test-service';

let youtube: FakeYouTube;
let dataDir: string;
const processes: ServiceProcess[] = [];

beforeAll(async () => {
  youtube = await startFakeYouTube({ latencyMs: 300 });
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vd-embedded-'));
});

afterAll(async () => {
  for (const proc of processes) await proc.kill('SIGKILL');
  await youtube?.close();
  // A dev server orphaned by the SIGKILL is stopped by the second start; make sure of it.
  const pidFile = path.join(dataDir, 'temporal', 'server.pid');
  if (fs.existsSync(pidFile)) {
    try {
      process.kill(Number(fs.readFileSync(pidFile, 'utf8')), 'SIGKILL');
    } catch {
      // already gone
    }
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
});

it('resumes every accepted job after kill -9 and a restart', async () => {
  const port = await freePort();
  const env = {
    DATA_DIR: dataDir,
    PORT: String(port),
    TEMPORAL_DEV_PORT: String(await freePort()),
    YOUTUBE_BASE_URL: youtube.baseUrl,
    TEMPORAL_CLI_PATH: process.env.TEMPORAL_CLI_PATH ?? '',
    FETCH_INITIAL_RETRY_SECONDS: '0.2',
    LOG_LEVEL: 'warn',
  };
  const service = { url: `http://127.0.0.1:${port}` };
  const start = () => {
    const proc = spawnEntry('src/main.ts', env);
    processes.push(proc);
    return proc;
  };
  const healthy = () =>
    waitFor('the service to be healthy', async () => (await call(service, 'GET', '/health')).status === 200, 120_000);

  const first = start();
  await healthy();

  // The CLI reaches the embedded database through the running service.
  const created = await runEntry('src/cli/main.ts', { DATA_DIR: dataDir }, ['users', 'create', '--email', 'restart@example.com', '--plan', 'pro']);
  expect(created.code).toBe(0);
  const user = JSON.parse(created.output.trim());
  expect(user).toMatchObject({ email: 'restart@example.com', plan: 'pro', api_key: expect.stringMatching(/^sk_[0-9a-f]{64}$/) });

  const jobIds: string[] = [];
  for (let i = 0; i < 6; i++) {
    const res = await call(service, 'POST', '/api/v1/videos/process', {
      key: user.api_key,
      body: { url: `genRestart${i}`, options: { summary_modes: ['tldr', 'key_insights'] } },
    });
    expect(res.status).toBe(202);
    jobIds.push(res.json.job_id);
  }
  await waitFor('a job in flight', async () => {
    const statuses = await Promise.all(jobIds.map(async (id) => (await call(service, 'GET', `/api/v1/videos/status/${id}`, { key: user.api_key })).json.status));
    return statuses.includes('processing') && !statuses.every((s) => s === 'completed');
  });
  await first.kill('SIGKILL');

  const second = start();
  await healthy();
  for (const jobId of jobIds) {
    const { final } = await waitForJob(service, user.api_key, jobId, 120_000);
    expect({ jobId, status: final.status }).toEqual({ jobId, status: 'completed' });
  }
  const result = await call(service, 'GET', `/api/v1/videos/result/${jobIds[0]}`, { key: user.api_key });
  expect(Object.keys(result.json.summaries).sort()).toEqual(['key_insights', 'tldr']);

  // A clean stop takes the dev server down with it.
  await second.kill('SIGTERM');
  expect(fs.existsSync(path.join(dataDir, 'temporal', 'server.pid'))).toBe(false);
}, 300_000);
