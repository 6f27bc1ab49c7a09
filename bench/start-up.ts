/**
 * Start-up of a checkout of this repository, measured from outside:
 *
 *   bash scripts/with-infra.sh node --require tsx/cjs bench/start-up.ts [--checkout DIR] [--runs 3]
 *
 * Each run: `npm start` on the embedded defaults (embedded Postgres, in-process Redis, a local
 * Temporal dev server) with a fresh DATA_DIR, timed from the spawn to /health 200; the idle RSS
 * and PSS of the whole `npm start` process tree a few seconds later; the first job's latency
 * (submit to completed, a video of the fake YouTube); then `npm run start:worker` on the shared
 * Postgres, Redis (scripts/with-infra.sh) and a Temporal dev server, timed from the spawn to its
 * "worker polling" log line. `--checkout` names the checkout to start (default this one), so the
 * same script measures an older commit's worktree. The medians of the runs are printed last.
 * A checkout with a build step is measured with its dist/ current, as a second start finds it.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { generatedVideoId } from '../test/fake-youtube';
import { createTestDatabase, requireEnv } from '../test/support/infrastructure';
import { spawnEntry, waitFor } from '../test/support/processes';
import { treeMemory } from './process-memory';
import { npmRun } from '../test/support/npm-run';
import { freePort, machineLine, printTable, round, runMain, startBenchTemporal, tempDir } from './support';

const { values: args } = parseArgs({
  options: {
    checkout: { type: 'string', default: path.resolve(__dirname, '..') },
    runs: { type: 'string', default: '3' },
    'idle-seconds': { type: 'string', default: '5' },
  },
});
const CHECKOUT = path.resolve(args.checkout);
const RUNS = Number(args.runs);
const IDLE_MS = Number(args['idle-seconds']) * 1000;

/** `npm run --silent cli -- ...` in the checkout; its last stdout line is JSON. */
async function cli(env: Record<string, string>, cliArgs: string[]): Promise<Record<string, unknown>> {
  const child = spawn('npm', ['run', '--silent', 'cli', '--', ...cliArgs], { cwd: CHECKOUT, env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`cli ${cliArgs.join(' ')} exited with ${code}: ${stderr}`);
  return JSON.parse(stdout.trim().split('\n').pop()!) as Record<string, unknown>;
}

interface Run {
  startSeconds: number;
  idleRssMb: number;
  idlePssMb: number;
  firstJobSeconds: number;
  workerStartSeconds: number;
}

async function npmStartRun(youtubeUrl: string, video: string): Promise<Omit<Run, 'workerStartSeconds'>> {
  const dataDir = tempDir('vd-bench-start-up-');
  fs.chmodSync(dataDir, 0o755); // as root, the embedded Postgres runs as the postgres user
  const port = await freePort();
  const env = {
    DATA_DIR: dataDir,
    TEMPORAL_DEV_PORT: String(await freePort()),
    YOUTUBE_BASE_URL: youtubeUrl,
    LOG_LEVEL: 'warn',
    PLAN_LIMITS: JSON.stringify({ pro: { requests_per_minute: 100_000_000 } }),
    ...(process.env.TEMPORAL_CLI_PATH ? { TEMPORAL_CLI_PATH: process.env.TEMPORAL_CLI_PATH } : {}),
  };
  const url = `http://127.0.0.1:${port}`;
  const spawnedAt = performance.now();
  const service = npmRun('start', { METRICS_PORT: '0', ...env, PORT: String(port) }, { cwd: CHECKOUT });
  try {
    await waitFor(
      'npm start to answer /health with 200',
      async () => {
        if (service.npm.exitCode !== null) throw new Error(`npm start exited: ${service.output().slice(-2000)}`);
        return (await fetch(`${url}/health`, { signal: AbortSignal.timeout(5_000) })).status === 200;
      },
      300_000,
    );
    const startSeconds = (performance.now() - spawnedAt) / 1000;
    await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
    const idle = treeMemory(service.npm.pid!);

    const created = await cli(env, ['users', 'create', '--email', 'start-up@example.com', '--plan', 'pro']);
    const headers = { authorization: `Bearer ${String(created.api_key)}`, 'content-type': 'application/json' };
    const submittedAt = performance.now();
    const response = await fetch(`${url}/api/v1/videos/process`, { method: 'POST', headers, body: JSON.stringify({ url: video, options: { summary_modes: ['tldr'] } }) });
    if (response.status !== 202) throw new Error(`submit failed: ${response.status} ${await response.text()}`);
    const jobId = ((await response.json()) as { job_id: string }).job_id;
    await waitFor(
      'the first job to end',
      async () => {
        const body = (await (await fetch(`${url}/api/v1/videos/status/${jobId}`, { headers })).json()) as { status?: string; error?: unknown };
        if (body.status === 'failed') throw new Error(`the first job failed: ${JSON.stringify(body.error)}`);
        return body.status === 'completed';
      },
      300_000,
    );
    const firstJobSeconds = (performance.now() - submittedAt) / 1000;
    return { startSeconds, idleRssMb: idle.rssMb, idlePssMb: idle.pssMb, firstJobSeconds };
  } finally {
    await service.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function workerStartRun(temporalAddress: string, youtubeUrl: string): Promise<number> {
  const database = await createTestDatabase();
  const spawnedAt = performance.now();
  const worker = npmRun(
    'start:worker',
    {
      METRICS_PORT: '0',
      DATABASE_URL: database.url,
      REDIS_URL: requireEnv('TEST_REDIS_URL'),
      TEMPORAL_ADDRESS: temporalAddress,
      TEMPORAL_TASK_QUEUE: `start-up-${Date.now()}`,
      YOUTUBE_BASE_URL: youtubeUrl,
      LOG_LEVEL: 'info',
    },
    { cwd: CHECKOUT },
  );
  try {
    await waitFor(
      'the worker to poll',
      async () => {
        if (worker.npm.exitCode !== null) throw new Error(`start:worker exited: ${worker.output().slice(-2000)}`);
        return worker.output().includes('worker polling');
      },
      300_000,
    );
    return (performance.now() - spawnedAt) / 1000;
  } finally {
    await worker.stop();
    await database.close();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main() {
  const youtube = spawnEntry('test/fake-youtube/main.ts', { LOG_LEVEL: 'warn' }, ['--port', String(await freePort())]);
  const youtubeUrl = await waitFor('the local YouTube server', async () => youtube.output().match(/http:\/\/\S+/)?.[0]);
  const temporal = await startBenchTemporal('vd-bench-start-up-temporal-');
  const runs: Run[] = [];
  try {
    for (let run = 0; run < RUNS; run++) {
      const started = await npmStartRun(youtubeUrl, generatedVideoId(run));
      const workerStartSeconds = await workerStartRun(temporal.address, youtubeUrl);
      runs.push({ ...started, workerStartSeconds });
      console.error(`run ${run + 1}: ${JSON.stringify(runs.at(-1))}`);
    }
  } finally {
    await temporal.stop();
    await youtube.kill('SIGTERM');
  }
  const rows = runs.map((run, i) => ({
    run: i + 1,
    'npm start to /health 200 (s)': round(run.startSeconds),
    'idle RSS (MB)': run.idleRssMb,
    'idle PSS (MB)': run.idlePssMb,
    'first job (s)': round(run.firstJobSeconds),
    'start:worker to polling (s)': round(run.workerStartSeconds),
  }));
  const medians = {
    startSeconds: round(median(runs.map((run) => run.startSeconds))),
    idleRssMb: median(runs.map((run) => run.idleRssMb)),
    idlePssMb: median(runs.map((run) => run.idlePssMb)),
    firstJobSeconds: round(median(runs.map((run) => run.firstJobSeconds))),
    workerStartSeconds: round(median(runs.map((run) => run.workerStartSeconds))),
  };
  printTable(`start-up of ${CHECKOUT} (${machineLine()})`, rows);
  console.log(JSON.stringify({ bench: 'start-up', checkout: CHECKOUT, runs: RUNS, medians }));
}

runMain(main);
