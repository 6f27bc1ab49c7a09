/**
 * Every process serves its own /metrics: the API alone (npm run start:api), a worker alone
 * (npm run start:worker) and both in one process (npm start's src/main.ts), each a real child
 * process against the test's Postgres, Redis and Temporal; a METRICS_PORT already in use stops
 * start-up, and so does the API's own PORT, each refused with the variable to change. What a process listens on is read from /proc (listening-sockets.ts), so the Temporal
 * core's exporter (native, outside Node's handles) is seen too.
 */
import net from 'node:net';
import { VIDEO_MANUAL_AND_AUTO, startFakeYouTube, type FakeYouTube } from '../fake-youtube';
import { spawnEntry, waitFor, type ServiceProcess } from '../support/processes';
import { freePort } from '../support/ports';
import { requireEnv, uniqueName } from '../support/infrastructure';
import { call, startTestService, waitForJob, type TestService } from '../support/test-service';
import { scrape, samplesOf, valueOf } from './prometheus-text';
import { listening } from './listening-sockets';

let youtube: FakeYouTube;
let service: TestService;
const processes: ServiceProcess[] = [];

beforeAll(async () => {
  youtube = await startFakeYouTube();
  service = await startTestService({ youtubeBaseUrl: youtube.baseUrl, withWorker: false });
});

afterAll(async () => {
  await Promise.all(processes.map((proc) => proc.kill('SIGTERM')));
  await service?.stop();
  await youtube?.close();
});

function start(entry: string, env: Record<string, string>): ServiceProcess {
  const proc = spawnEntry(entry, {
    DATABASE_URL: service.database.url,
    REDIS_URL: requireEnv('TEST_REDIS_URL'),
    TEMPORAL_ADDRESS: service.config.temporal.address!,
    // Each process its own queue, so a job goes to the worker the test means.
    TEMPORAL_TASK_QUEUE: uniqueName('tq'),
    YOUTUBE_BASE_URL: youtube.baseUrl,
    HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
    ...env,
  });
  processes.push(proc);
  return proc;
}

async function ready(proc: ServiceProcess, logLine: string): Promise<void> {
  await waitFor(
    `"${logLine}" from the process`,
    async () => {
      if (proc.child.exitCode !== null) throw new Error(`exited with ${proc.child.exitCode}:\n${proc.output().slice(-3000)}`);
      return proc.output().includes(`"msg":"${logLine}"`);
    },
    150_000,
  );
}

it('serves metrics from the API alone, a worker alone and both in one process', async () => {
  const [apiPort, apiMetrics, workerMetrics, bothPort, bothMetrics] = await Promise.all([freePort(), freePort(), freePort(), freePort(), freePort()]);
  const api = start('src/api-main.ts', { PORT: String(apiPort), METRICS_PORT: String(apiMetrics) });
  const worker = start('workers/main.ts', { METRICS_PORT: String(workerMetrics) });
  const both = start('src/main.ts', { PORT: String(bothPort), METRICS_PORT: String(bothMetrics) });
  await Promise.all([ready(api, 'API listening'), ready(worker, 'worker polling'), ready(both, 'worker polling'), ready(both, 'API listening')]);

  // The API alone: its requests, and no Temporal worker metrics (it runs no worker).
  expect((await fetch(`http://127.0.0.1:${apiPort}/health`)).status).toBe(200);
  const apiScrape = await scrape(`http://127.0.0.1:${apiMetrics}/metrics`);
  expect(valueOf(apiScrape, 'video_digest_http_requests_total', { route: '/health', method: 'GET', status: '200' })).toBe(1);
  expect([...apiScrape.families.keys()].filter((name) => name.startsWith('temporal_'))).toEqual([]);
  expect(listening(api.child.pid!)).toEqual(
    [
      { address: '127.0.0.1', port: apiPort },
      { address: '127.0.0.1', port: apiMetrics },
    ].sort((a, b) => a.port - b.port),
  );

  // A worker alone: the core's worker metrics beside ours, its exporter on loopback only.
  const workerScrape = await scrape(`http://127.0.0.1:${workerMetrics}/metrics`);
  expect(samplesOf(workerScrape, 'temporal_worker_task_slots_available').length).toBeGreaterThanOrEqual(3);
  expect(workerScrape.families.get('video_digest_jobs_completed_total')).toBe('counter');
  const workerListening = listening(worker.child.pid!);
  expect(workerListening).toHaveLength(2);
  expect(workerListening).toContainEqual({ address: '127.0.0.1', port: workerMetrics });
  expect(workerListening.every((socket) => socket.address === '127.0.0.1')).toBe(true);

  // Both in one process: one listener for the API's, the worker's and the core's metrics. A job
  // is accepted by its API and run by its worker, and both are counted there.
  const { key } = await service.createUser('pro');
  const submitted = await call({ url: `http://127.0.0.1:${bothPort}` }, 'POST', '/api/v1/videos/process', { key, body: { url: VIDEO_MANUAL_AND_AUTO } });
  expect(submitted.status).toBe(202);
  expect((await waitForJob({ url: `http://127.0.0.1:${bothPort}` }, key, submitted.json.job_id, 90_000)).final.status).toBe('completed');
  // The row ends (our counter) a moment before the workflow reports its completion (the core's).
  const bothScrape = await waitFor('the job to be counted', async () => {
    const result = await scrape(`http://127.0.0.1:${bothMetrics}/metrics`);
    const counted = valueOf(result, 'video_digest_jobs_completed_total') + valueOf(result, 'temporal_workflow_completed_total', { workflow_type: 'videoJobWorkflow' });
    return counted === 2 ? result : null;
  });
  expect(valueOf(bothScrape, 'video_digest_jobs_completed_total')).toBe(1);
  expect(valueOf(bothScrape, 'video_digest_jobs_accepted_total', { plan: 'pro', source: 'single' })).toBe(1);
  expect(valueOf(bothScrape, 'video_digest_http_requests_total', { route: '/api/v1/videos/process', method: 'POST', status: '202' })).toBe(1);
  expect(valueOf(bothScrape, 'temporal_workflow_completed_total', { workflow_type: 'videoJobWorkflow' })).toBe(1);
  expect(listening(both.child.pid!)).toHaveLength(3);
}, 240_000);

it('does not start when METRICS_PORT is in use, and says which variable to change', async () => {
  const holder = net.createServer();
  const taken = await new Promise<number>((resolve) => holder.listen(0, '127.0.0.1', () => resolve((holder.address() as net.AddressInfo).port)));
  try {
    const api = start('src/api-main.ts', { PORT: String(await freePort()), METRICS_PORT: String(taken) });
    expect(await api.exited).toBe(1);
    expect(api.output()).toContain(`METRICS_PORT ${taken} on 127.0.0.1 is in use`);
    // It stopped before opening anything else.
    expect(api.output()).not.toContain('database ready');
  } finally {
    await new Promise((resolve) => holder.close(resolve));
  }
}, 120_000);

it('does not start when PORT is in use, and says which variable to change', async () => {
  const holder = net.createServer();
  const taken = await new Promise<number>((resolve) => holder.listen(0, '127.0.0.1', () => resolve((holder.address() as net.AddressInfo).port)));
  try {
    const api = start('src/api-main.ts', { PORT: String(taken) });
    expect(await api.exited).toBe(1);
    expect(api.output()).toContain(`PORT ${taken} on 127.0.0.1 is in use: set PORT to a free port`);
  } finally {
    await new Promise((resolve) => holder.close(resolve));
  }
}, 120_000);

it('does not start when METRICS_HOST is no address of this machine: a configuration error naming it, exit 78', async () => {
  const api = start('src/api-main.ts', { PORT: String(await freePort()), METRICS_PORT: String(await freePort()), METRICS_HOST: '999.1.1.1' });
  expect(await api.exited).toBe(78);
  expect(api.output()).toContain('Invalid configuration:\n  METRICS_HOST: cannot listen on "999.1.1.1"');
  expect(api.output()).not.toMatch(/\n\s+at /);
}, 120_000);

it('does not start when METRICS_PORT is PORT as well: a configuration error naming both, exit 78', async () => {
  const port = String(await freePort());
  const api = start('src/api-main.ts', { PORT: port, METRICS_PORT: port });
  expect(await api.exited).toBe(78);
  expect(api.output()).toContain(`Invalid configuration:\n  METRICS_PORT: ${port} is PORT as well`);
  expect(api.output()).not.toMatch(/\n\s+at /);
}, 120_000);
