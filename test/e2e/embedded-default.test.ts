/**
 * The embedded default under load, as a new user meets it: `npm start` exactly as the README says
 * (no DATABASE_URL, REDIS_URL or TEMPORAL_ADDRESS: the embedded Postgres server, the in-process
 * store and the local Temporal dev server, all under DATA_DIR), driven only over HTTP and the CLI.
 *
 * One service for the whole file, in order: the quota race, 100 concurrent submissions with
 * pollers and key creation alongside, the 10 MB transcript in all five modes with an infographic
 * and comments, 20 concurrent jobs with both, its own Postgres and Temporal killed under it and
 * started again, then a SIGKILL with 20 jobs in flight and a restart that completes them, a
 * clean SIGTERM that leaves nothing running, and a terminal closed under it, which must leave
 * nothing running either; nor may a CLI command ended by Ctrl-C, nor a start-up interrupted.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SUMMARY_MODES } from '../../src/domain/summary';
import { generatedVideoId, startFakeYouTube, VIDEO_TEN_MEGABYTES, type FakeYouTube } from '../fake-youtube';
import { freePort } from '../support/ports';
import { npmCli, npmStart, type NpmStart, type NpmStartOptions } from '../support/npm-start';
import { spawnEntry, waitFor } from '../support/processes';
import { readProcStat } from '../support/proc-stat';
import { isProcessAlive } from '../../src/embedded/pid-lock';

jest.setTimeout(900_000);

/** No request may go unanswered: a request still open after this is a failure, not a slow answer. */
const ANSWER_WITHIN_MS = 60_000;

let youtube: FakeYouTube;
let dataDir: string;
let env: Record<string, string>;
let service: NpmStart;
const started: NpmStart[] = [];
let nextVideo = 0;

interface Answer {
  status: number;
  json: any;
  headers: Headers;
}

/**
 * fetch, and a GET sent again once when the kept-alive connection it went out on turns out to
 * have been closed by the server before any answer. The server closes idle connections after its
 * keep-alive timeout; a client whose event loop was busy (parsing a 10 MB job's result) may not yet
 * have seen the close when it reuses the connection. Retrying an idempotent request then is what
 * HTTP allows clients (RFC 9110, 9.2.2), and no request the server answered is sent twice.
 */
async function send(url: string, init: RequestInit & { method: string }): Promise<Response> {
  const attempt = () => fetch(url, { ...init, signal: AbortSignal.timeout(ANSWER_WITHIN_MS) });
  try {
    return await attempt();
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause;
    if (init.method !== 'GET' || cause?.code !== 'UND_ERR_SOCKET') throw error;
    return attempt();
  }
}

/** One HTTP call; a request left unanswered throws (AbortSignal), which fails the test. */
async function call(method: string, route: string, key: string | null, body?: unknown): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (key) headers.authorization = `Bearer ${key}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await send(`${service.url}${route}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  let json: any = null;
  try {
    json = JSON.parse(text);
  } catch {
    json = { raw: text.slice(0, 200) };
  }
  return { status: response.status, json, headers: response.headers };
}

async function createUser(plan: 'free' | 'pro'): Promise<string> {
  const email = `user${Math.random().toString(36).slice(2)}@example.com`;
  const result = await npmCli(env, ['users', 'create', '--email', email, '--plan', plan]);
  if (result.code !== 0) throw new Error(`cli users create failed (${result.code}): ${result.stderr}`);
  const line = JSON.parse(result.stdout.trim().split('\n').pop()!);
  return line.api_key as string;
}

const submit = (key: string, url: string, modes: string[] = ['tldr'], extras: Record<string, unknown> = {}) =>
  call('POST', '/api/v1/videos/process', key, { url, options: { summary_modes: modes, ...extras } });

const WITH_EXTRAS = { generate_infographic: true, include_comments: true };
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

async function getBytes(key: string, route: string, headers: Record<string, string> = {}) {
  const response = await send(`${service.url}${route}`, { method: 'GET', headers: { authorization: `Bearer ${key}`, ...headers } });
  return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
}

/** The job's picture is served as a 1080 px PNG, and its comments are in the result. */
async function expectExtras(key: string, jobId: string): Promise<void> {
  const result = await call('GET', `/api/v1/videos/result/${jobId}`, key);
  expect(result.status).toBe(200);
  expect(result.json.warnings).toEqual([]);
  // The service names itself by its public base URL (localhost by default), the test by address.
  const infographicUrl = new URL(result.json.infographic_url);
  expect(infographicUrl.port).toBe(new URL(service.url).port);
  expect(infographicUrl.pathname).toBe(`/api/v1/videos/infographic/${jobId}`);
  expect(result.json.comments.fetched).toBeGreaterThan(0);
  expect(result.json.comments.items).toHaveLength(result.json.comments.fetched);
  const png = await getBytes(key, `/api/v1/videos/infographic/${jobId}`);
  expect(png.status).toBe(200);
  expect(png.bytes.subarray(0, 8)).toEqual(PNG_SIGNATURE);
  expect(png.bytes.readUInt32BE(16)).toBe(1080);
}

async function waitTerminal(key: string, jobId: string, timeoutMs: number): Promise<Answer> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const status = await call('GET', `/api/v1/videos/status/${jobId}`, key);
    if (status.json?.status === 'completed' || status.json?.status === 'failed') return status;
    if (Date.now() > deadline) throw new Error(`job ${jobId} did not finish: ${JSON.stringify(status.json)}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

const nextVideoUrl = () => `https://www.youtube.com/watch?v=${generatedVideoId(10_000 + nextVideo++)}`;

/** What the service logs once its supervisor has started a killed embedded server again. */
const RESTART_LINES = ['the embedded Postgres is running again', 'the embedded Temporal dev server is running again'];

const occurrences = (text: string, line: string): number => text.split(line).length - 1;

const postmasterPidFile = (): string => path.join(dataDir, 'postgres', 'cluster', 'postmaster.pid');
const temporalPidFile = (): string => path.join(dataDir, 'temporal', 'server.pid');

/** The embedded servers the service runs now, from their pid files under DATA_DIR. */
function embeddedServerPids(): { postgresPid: number; temporalPid: number } {
  const read = (file: string) => Number.parseInt(fs.readFileSync(file, 'utf8'), 10);
  return { postgresPid: read(postmasterPidFile()), temporalPid: read(temporalPidFile()) };
}

/** The pid a pid file names, once the file is there and that process runs; else null. */
function runningPidIn(file: string): number | null {
  const pid = fs.existsSync(file) ? Number.parseInt(fs.readFileSync(file, 'utf8'), 10) : NaN;
  return Number.isInteger(pid) && isProcessAlive(pid) ? pid : null;
}

function startService(options?: NpmStartOptions, envOverrides: Record<string, string> = {}): NpmStart {
  service = npmStart(Number(env.PORT), { ...env, ...envOverrides }, options);
  started.push(service);
  return service;
}

beforeAll(async () => {
  // A little latency, like a distant YouTube: jobs stay in flight long enough to be interrupted.
  youtube = await startFakeYouTube({ latencyMs: 100 });
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vd-npm-start-'));
  // As root the embedded Postgres runs as the postgres user, which must reach DATA_DIR.
  fs.chmodSync(dataDir, 0o755);
  env = {
    DATA_DIR: dataDir,
    PORT: String(await freePort()),
    TEMPORAL_DEV_PORT: String(await freePort()),
    YOUTUBE_BASE_URL: youtube.baseUrl,
    LOG_LEVEL: 'warn',
    // The free plan is the quota race's: 10 videos a month. Per-minute limits stay on, high
    // enough that the load below measures the service, not the throttle.
    PLAN_LIMITS: JSON.stringify({
      free: { requests_per_minute: 100_000, videos_per_month: 10 },
      pro: { requests_per_minute: 100_000, videos_per_month: 100_000 },
    }),
    ...(process.env.TEMPORAL_CLI_PATH ? { TEMPORAL_CLI_PATH: process.env.TEMPORAL_CLI_PATH } : {}),
  };
  startService();
  await service.waitHealthy();
});

afterAll(async () => {
  for (const proc of started) proc.signal('SIGKILL');
  await youtube?.close();
  // Servers orphaned by the SIGKILL were stopped by the restart; make sure of it.
  for (const pidFile of [temporalPidFile(), postmasterPidFile()]) {
    try {
      process.kill(Number.parseInt(fs.readFileSync(pidFile, 'utf8'), 10), 'SIGKILL');
    } catch {
      // gone already
    }
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
});

it('accepts exactly the 10 videos a quota has left when 50 arrive at once', async () => {
  const key = await createUser('free');
  const answers = await Promise.all(Array.from({ length: 50 }, () => submit(key, nextVideoUrl())));
  const statuses = answers.map((a) => a.status);
  expect(statuses.filter((s) => s === 202)).toHaveLength(10);
  expect(statuses.filter((s) => s === 429)).toHaveLength(40);
  for (const refused of answers.filter((a) => a.status === 429)) expect(refused.json.error.code).toBe('QUOTA_EXCEEDED');
  const accepted = answers.filter((a) => a.status === 202).map((a) => a.json.job_id as string);
  const finals = await Promise.all(accepted.map((id) => waitTerminal(key, id, 300_000)));
  expect(finals.map((f) => f.json.status)).toEqual(Array(10).fill('completed'));
  const listed = await call('GET', '/api/v1/videos/?limit=100', key);
  expect(listed.json.pagination.total).toBe(10);
});

it('answers 100 concurrent submissions, 20 pollers and key creation without a 5xx, and completes every job', async () => {
  const key = await createUser('pro');
  const answers: Answer[] = [];
  const submissions = Promise.all(
    Array.from({ length: 100 }, () => submit(key, nextVideoUrl(), ['tldr', 'key_insights']).then((a) => (answers.push(a), a))),
  );

  // Pollers read the status of whatever has been accepted so far, until every submission is answered.
  let submitting = true;
  const polled: Answer[] = [];
  const pollers = Array.from({ length: 20 }, async (_, i) => {
    while (submitting) {
      const accepted = answers.filter((a) => a.status === 202);
      const target = accepted[i % Math.max(accepted.length, 1)];
      polled.push(target ? await call('GET', `/api/v1/videos/status/${target.json.job_id}`, key) : await call('GET', '/api/v1/videos/?limit=5', key));
    }
  });
  // Keys are made alongside, over HTTP and through the CLI.
  const keyCreation = Promise.all([
    ...Array.from({ length: 5 }, (_, i) => call('POST', '/api/v1/auth/keys', key, { name: `load-${i}` })),
    createUser('pro').then((created) => ({ status: created.startsWith('sk_') ? 201 : 0, json: null, headers: new Headers() })),
  ]);

  const submitted = await submissions;
  submitting = false;
  await Promise.all(pollers);
  const keys = await keyCreation;

  expect(submitted.map((a) => a.status)).toEqual(Array(100).fill(202));
  expect(keys.map((a) => a.status)).toEqual(Array(6).fill(201));
  expect(polled.length).toBeGreaterThan(0);
  expect(polled.filter((a) => a.status !== 200).map((a) => ({ status: a.status, body: a.json }))).toEqual([]);

  const finals = await Promise.all(submitted.map((a) => waitTerminal(key, a.json.job_id, 600_000)));
  expect(finals.filter((f) => f.json.status !== 'completed').map((f) => f.json)).toEqual([]);
});

it('completes the 10 MB transcript in all five modes', async () => {
  const key = await createUser('pro');
  const accepted = await submit(key, `https://www.youtube.com/watch?v=${VIDEO_TEN_MEGABYTES}`, [...SUMMARY_MODES], WITH_EXTRAS);
  expect(accepted.status).toBe(202);
  const final = await waitTerminal(key, accepted.json.job_id, 300_000);
  expect(final.json).toMatchObject({ status: 'completed', progress_percentage: 100 });

  const result = await call('GET', `/api/v1/videos/result/${accepted.json.job_id}`, key);
  expect(result.status).toBe(200);
  expect(Object.keys(result.json.summaries).sort()).toEqual([...SUMMARY_MODES].sort());
  expect(Buffer.byteLength(result.json.transcript.text, 'utf8')).toBeGreaterThan(9 * 1024 * 1024);
  expect(result.json.transcript.segments.length).toBeGreaterThan(10_000);
  await expectExtras(key, accepted.json.job_id);
});

it('draws the infographics and reads the comments of 20 concurrent jobs, and serves them with the PDF', async () => {
  const key = await createUser('pro');
  const answers = await Promise.all(Array.from({ length: 20 }, () => submit(key, nextVideoUrl(), ['tldr', 'detailed', 'key_insights'], WITH_EXTRAS)));
  expect(answers.map((a) => a.status)).toEqual(Array(20).fill(202));
  const jobIds = answers.map((a) => a.json.job_id as string);
  const finals = await Promise.all(jobIds.map((id) => waitTerminal(key, id, 300_000)));
  expect(finals.filter((f) => f.json.status !== 'completed').map((f) => f.json)).toEqual([]);
  for (const jobId of jobIds) await expectExtras(key, jobId);

  const png = await getBytes(key, `/api/v1/videos/infographic/${jobIds[0]}`);
  const unchanged = await getBytes(key, `/api/v1/videos/infographic/${jobIds[0]}`, { 'if-none-match': png.headers.get('etag')! });
  expect(unchanged.status).toBe(304);
  const pdf = await getBytes(key, `/api/v1/videos/export/${jobIds[0]}/pdf`);
  expect(pdf.status).toBe(200);
  expect(pdf.bytes.toString('latin1')).toMatch(/\/Subtype\s*\/Image/);

  // Replay debugging against the running service's own Temporal server.
  const history = await npmCli(env, ['jobs', 'history', jobIds[0]!]);
  expect(history.code).toBe(0);
  expect(JSON.parse(history.stdout).events[0].eventType).toBe('EVENT_TYPE_WORKFLOW_EXECUTION_STARTED');
  const replay = await npmCli(env, ['jobs', 'replay', jobIds[0]!]);
  expect({ code: replay.code, report: JSON.parse(replay.stdout.trim().split('\n').pop()!) }).toEqual({ code: 0, report: { replayed: 1, failed: [] } });
});

it('starts its own Postgres and Temporal again when they are killed under it, and completes the jobs in flight', async () => {
  const key = await createUser('pro');
  const pending = await Promise.all(Array.from({ length: 10 }, () => submit(key, nextVideoUrl(), ['tldr', 'detailed'])));
  expect(pending.map((a) => a.status)).toEqual(Array(10).fill(202));
  const jobIds = pending.map((a) => a.json.job_id as string);

  // As the OOM killer would: no warning, no clean shutdown.
  const { postgresPid, temporalPid } = embeddedServerPids();
  const restarts = RESTART_LINES.map((line) => occurrences(service.output(), line));
  process.kill(postgresPid, 'SIGKILL');
  process.kill(temporalPid, 'SIGKILL');

  // /health may still answer 200 in the moment after the kill, before anything has noticed (a
  // Postgres backend outlives its postmaster briefly), and a request whose statement the kill cut
  // off gets 503 with Retry-After. So: both servers back, by the service's own word, then healthy.
  await waitFor(
    'both embedded servers to be running again',
    async () => RESTART_LINES.every((line, index) => occurrences(service.output(), line) > restarts[index]!),
    120_000,
  );
  await service.waitHealthy(60_000);
  const after = await Promise.all(Array.from({ length: 5 }, () => submit(key, nextVideoUrl(), ['tldr'])));
  expect(after.map((a) => a.status)).toEqual(Array(5).fill(202));
  jobIds.push(...after.map((a) => a.json.job_id as string));
  const finals = await Promise.all(jobIds.map((id) => waitTerminal(key, id, 300_000)));
  expect(finals.map((f) => f.json.status)).toEqual(Array(15).fill('completed'));
});

it('completes all 20 jobs in flight after a SIGKILL and a restart, and stops cleanly on SIGTERM', async () => {
  const key = await createUser('pro');
  const jobIds: string[] = [];
  for (const answer of await Promise.all(Array.from({ length: 20 }, () => submit(key, nextVideoUrl(), ['tldr', 'detailed'])))) {
    expect(answer.status).toBe(202);
    jobIds.push(answer.json.job_id);
  }
  // Kill once some have started, while most are still unfinished.
  const deadline = Date.now() + 60_000;
  for (;;) {
    const statuses = await Promise.all(jobIds.map(async (id) => (await call('GET', `/api/v1/videos/status/${id}`, key)).json.status));
    if (statuses.includes('processing') || Date.now() > deadline) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const before = await Promise.all(jobIds.map(async (id) => (await call('GET', `/api/v1/videos/status/${id}`, key)).json.status));
  expect(before.filter((s) => s !== 'completed').length).toBeGreaterThan(0);

  const killed = service;
  killed.signal('SIGKILL');
  await killed.exited;

  startService();
  await service.waitHealthy();
  const finals = await Promise.all(jobIds.map((id) => waitTerminal(key, id, 300_000)));
  expect(finals.map((f) => f.json.status)).toEqual(Array(20).fill('completed'));

  // SIGTERM to npm alone, as `docker stop` sends it to a container's `npm start`: npm passes it on
  // (the start script execs node, so no shell stands between them), and the service drains,
  // stops its Postgres and Temporal, and exits by itself.
  const { postgresPid, temporalPid } = embeddedServerPids();
  service.signal('SIGTERM', 'npm');
  await service.exited;
  expect(service.output()).not.toMatch(/shutdown failed/);
  expect(isProcessAlive(postgresPid)).toBe(false);
  expect(fs.existsSync(postmasterPidFile())).toBe(false);
  expect(isProcessAlive(temporalPid)).toBe(false);

  // With the service down, the CLI starts the embedded database itself.
  const user = await npmCli(env, ['users', 'create', '--email', 'after-stop@example.com', '--plan', 'free']);
  expect(user.code).toBe(0);
  expect(JSON.parse(user.stdout.trim().split('\n').pop()!)).toMatchObject({ email: 'after-stop@example.com', plan: 'free' });

  // And its Temporal server, to replay every job the service ran against the current code.
  const replay = await npmCli(env, ['jobs', 'replay', '--since', '24h']);
  const report = JSON.parse(replay.stdout.trim().split('\n').pop()!);
  expect(report.failed).toEqual([]);
  expect(report.replayed).toBeGreaterThanOrEqual(150);
  expect(replay.code).toBe(0);
});

it('stops its Postgres and Temporal and exits when the terminal running it is closed', async () => {
  // Closing a terminal window sends SIGHUP to what runs in it. The service must stop as on
  // SIGTERM, though its stdout (that terminal) now fails every write, and leave nothing behind.
  // At the default log level, as a user runs it: it logs its shutdown into the closed terminal.
  startService({ inTerminal: true }, { LOG_LEVEL: 'info' });
  await service.waitHealthy();
  const { postgresPid, temporalPid } = embeddedServerPids();
  // The service started its Postgres: the server's parent is the service's own process.
  const servicePid = readProcStat(postgresPid)!.parentPid;

  service.signal('SIGKILL');
  await waitFor('the service, its Postgres and its Temporal to exit', async () => ![servicePid, postgresPid, temporalPid].some(isProcessAlive), 60_000);
  expect(fs.existsSync(postmasterPidFile())).toBe(false);
});

it('stops the Temporal server a CLI command started for itself when Ctrl-C ends the command', async () => {
  // The service is down: `jobs replay` starts a Temporal server of its own for the length of the command.
  const replay = spawnEntry('src/cli/main.ts', env, ['jobs', 'replay', '--since', '24h']);
  const temporalPid = await waitFor('the command to start its Temporal server', async () => runningPidIn(temporalPidFile()));

  // The server runs in a session of its own: a terminal's Ctrl-C reaches the command alone.
  replay.child.kill('SIGINT');
  expect(await replay.exited).toBe(130);
  await waitFor('its Temporal server to exit', async () => !isProcessAlive(temporalPid), 30_000);
});

it('stops the Postgres it has started when Ctrl-C comes before its start-up has finished', async () => {
  startService();
  const postgresPid = await waitFor('the embedded Postgres to start', async () => runningPidIn(postmasterPidFile()));
  // Ctrl-C in its terminal, while the rest of the start-up (Temporal, the worker, the API) goes on.
  service.signal('SIGINT');
  await service.exited;
  expect(service.output()).toContain('exiting during start-up');
  // A Temporal server may have been starting too: it was told to stop as well, and takes a moment.
  const temporalPid = runningPidIn(temporalPidFile());
  const started = temporalPid === null ? [postgresPid] : [postgresPid, temporalPid];
  await waitFor('its Postgres and Temporal to exit', async () => !started.some(isProcessAlive), 30_000);
});
