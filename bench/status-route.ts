/**
 * Throughput of the status route beside a bare Koa route, both measured from outside:
 *
 *   bash scripts/with-infra.sh node --require tsx/cjs bench/status-route.ts [--seconds 10] [--rounds 5] [--store redis|memory]
 *   node --require tsx/cjs bench/status-route.ts --service npm-start [--seconds 10] [--rounds 5]
 *
 * The API runs in its own process as `npm run start:api` runs it (same Node flags); or, with
 * `--service npm-start`, a plain `npm start` runs on a fresh DATA_DIR as a new user runs it (the
 * API and the worker in one process, the embedded Postgres and Temporal). The bare Koa app runs in
 * another process with the same script's Node flags; autocannon (50 connections) runs here. The
 * route asked is GET /api/v1/videos/status/{id} of a completed job, authenticated, with the per-key throttle on
 * (a limit the benchmark never reaches, so every request pays for the throttle and none is
 * refused). `--store redis` throttles in Redis (scale-out), `--store memory` in process memory (the
 * embedded default of `npm start`). The two servers are measured in alternation, `--rounds` times,
 * so load from elsewhere on the machine falls on both; the ratio is the median of the rounds.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { startJobWorker } from '../workers/worker-process';
import { generatedVideoId } from '../test/fake-youtube';
import { readProcStat } from '../test/support/proc-stat';
import { processCpuMs } from './process-cpu';
import { createBenchUser, freePort, machineLine, percentile, printTable, round, runMain, startBenchStack, startNpmStartBench } from './support';

const { values: args } = parseArgs({
  options: {
    seconds: { type: 'string', default: '10' },
    rounds: { type: 'string', default: '5' },
    /** Where the throttle counts: redis (the default for the API alone) or memory (always so under npm start). */
    store: { type: 'string' },
    /** api: the API alone, as `npm run start:api` runs it; npm-start: a plain `npm start`. */
    service: { type: 'string', default: 'api' },
    /** Writes a CPU profile of the API process into this directory. */
    'cpu-prof-dir': { type: 'string' },
  },
});
const SECONDS = Number(args.seconds);
const ROUNDS = Number(args.rounds);
const CONNECTIONS = 50;
const TARGET = 0.5;
const ROOT = path.join(__dirname, '..');
const SERVICE = args.service === 'npm-start' ? 'npm-start' : 'api';
const STORE = (args.store ?? (SERVICE === 'npm-start' ? 'memory' : 'redis')) === 'memory' ? 'memory' : 'redis';
if (SERVICE === 'npm-start' && STORE === 'redis') throw new Error('npm start throttles in process memory: --store redis does not apply');
/** Throttling stays on (every request pays for it) but never refuses the load. */
const PLAN_LIMITS = JSON.stringify({ pro: { requests_per_minute: 100_000_000 } });
const START_SCRIPT_ENV = { MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '2' };

/** The service answering the status route: where it listens, the process to measure, one completed job of a key. */
interface ServiceUnderTest {
  url: string;
  pid: number;
  key: string;
  /** A completed job of that key. */
  jobId: string;
  /** Whether jobs stay unfinished (no worker runs), so the status of one can be measured too. */
  jobsStayUnfinished: boolean;
  /** The bare Koa process gets the same Node flags as the service's start script. */
  nodeFlags: string[];
  /** Stops it, and whatever it started. */
  stop(): Promise<void>;
}

async function main() {
  const service = SERVICE === 'npm-start' ? await startNpmStartService() : await startApiProcess();
  const children: ChildProcess[] = [];
  try {
    const bareServer = spawnServer('bench/bare/koa-server.ts', service.nodeFlags, [], { PORT: '0' }, children);
    const bareLine = waitForLine(bareServer, /^listening (\d+)/);
    const apiUrl = service.url;
    const bareUrl = `http://127.0.0.1:${(await bareLine)[1]}/status`;
    const headers = { authorization: `Bearer ${service.key}` };
    const statusUrl = `${apiUrl}/api/v1/videos/status/${service.jobId}`;

    // Warm-up: JIT, caches, pools.
    await cannon(statusUrl, headers, 3);
    await cannon(bareUrl, {}, 3);

    const rows: Array<Record<string, string | number>> = [];
    const ratios: number[] = [];
    const cpuRatios: number[] = [];
    for (let round_ = 1; round_ <= ROUNDS; round_++) {
      const status = await measured(service, () => cannon(statusUrl, headers, SECONDS));
      const bare = await measured(bareServer, () => cannon(bareUrl, {}, SECONDS));
      const ratio = status.result.requests.average / bare.result.requests.average;
      ratios.push(ratio);
      cpuRatios.push(bare.cpuUsPerRequest / status.cpuUsPerRequest);
      rows.push(
        row(round_, 'GET /api/v1/videos/status/{id}', status),
        row(round_, 'bare Koa route', bare),
      );
    }
    // An unfinished job is read from Postgres on every request; with no worker running, its live
    // progress query fails once and the answer "unavailable" is then shared through the store.
    // Under npm start its worker would finish the job while it is measured.
    if (service.jobsStayUnfinished) {
      const unfinished = await fetch(`${apiUrl}/api/v1/videos/process`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ url: generatedVideoId(8) }),
      });
      const unfinishedId = ((await unfinished.json()) as { job_id: string }).job_id;
      rows.push(row(0, 'status of an unfinished job', await measured(service, () => cannon(`${apiUrl}/api/v1/videos/status/${unfinishedId}`, headers, SECONDS))));
    }

    const median = percentile([...ratios].sort((a, b) => a - b), 50);
    const cpuMedian = percentile([...cpuRatios].sort((a, b) => a - b), 50);

    console.log(`\nmachine: ${machineLine()}`);
    printTable(`status route vs bare Koa route (${SECONDS}s each, ${CONNECTIONS} connections, ${SERVICE === 'npm-start' ? 'a plain npm start' : 'npm run start:api'}, throttle in ${STORE}, servers in their own processes)`, rows);
    console.log(`status / bare route per round: ${ratios.map(round).join(', ')}`);
    console.log(`status / bare route (median): ${round(median)} (target >= ${TARGET})`);
    // The machine is shared, so req/s moves with other load; CPU per request much less so.
    console.log(`bare / status server CPU per request (median): ${round(cpuMedian)}`);
    console.log(
      JSON.stringify({
        bench: 'status-route',
        service: SERVICE,
        store: STORE,
        seconds: SECONDS,
        rounds: ROUNDS,
        ratios: ratios.map(round),
        status_to_bare_ratio: round(median),
        target: TARGET,
        cpu_per_request_ratio: round(cpuMedian),
      }),
    );
  } finally {
    await Promise.all(children.map((child) => stopChild(child)));
    await service.stop();
  }
}

/**
 * The API alone, as `npm run start:api` runs it, on the benchmark's Postgres, Temporal and (with
 * `--store redis`) Redis. A worker in this process runs the one job, then stops, so it takes no CPU
 * while the API is measured.
 */
async function startApiProcess(): Promise<ServiceUnderTest> {
  const stack = await startBenchStack({ TEMPORAL_TASK_QUEUE: 'bench-status', PLAN_LIMITS: PLAN_LIMITS });
  const { config, infra, logger } = stack;
  const nodeFlags = startScriptNodeFlags('start:api');
  const apiPort = await freePort();
  const profile = args['cpu-prof-dir'] ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(args['cpu-prof-dir'])}`] : [];
  const api = spawnServer('src/api-main.ts', nodeFlags, profile, {
    PORT: String(apiPort),
    HOST: '127.0.0.1',
    DATABASE_URL: stack.database.url,
    TEMPORAL_ADDRESS: infra.temporalAddress,
    TEMPORAL_TASK_QUEUE: config.temporal.taskQueue,
    YOUTUBE_BASE_URL: stack.youtube.baseUrl,
    PLAN_LIMITS: PLAN_LIMITS,
    LOG_LEVEL: 'warn',
    ...(STORE === 'redis' ? { REDIS_URL: config.redis.url! } : { REDIS_URL: '' }),
  });
  // The server stops before the database it uses goes away (and a profile gets written).
  const stop = async () => {
    await stopChild(api);
    await stack.close();
  };
  try {
    const url = `http://127.0.0.1:${apiPort}`;
    await waitForHealth(url);
    const { key } = await createBenchUser(infra.database.db, 'status-bench@example.com');
    const worker = await startJobWorker(config, infra, logger);
    const jobId = await completedJob(url, key);
    await worker.shutdown();
    return { url, pid: api.pid!, key, jobId, jobsStayUnfinished: true, nodeFlags, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * A plain `npm start` on a fresh DATA_DIR, as a new user runs it: the API and the worker in one
 * process, the embedded Postgres and Temporal, throttling in process memory. The key comes from the
 * CLI; the process measured is the service's node process under npm.
 */
async function startNpmStartService(): Promise<ServiceUnderTest> {
  // Node refuses --cpu-prof in NODE_OPTIONS, and npm start's command line is the script's own.
  if (args['cpu-prof-dir']) throw new Error('--cpu-prof-dir profiles the API alone; it does not apply to --service npm-start');
  const bench = await startNpmStartBench('status');
  try {
    const { service, key } = bench;
    const jobId = await completedJob(service.url, key);
    const pid = childProcessRunning(service.pid, 'src/main.ts');
    return { url: service.url, pid, key, jobId, jobsStayUnfinished: false, nodeFlags: startScriptNodeFlags('start'), stop: bench.close };
  } catch (error) {
    await bench.close();
    throw error;
  }
}

/** Submits one video and waits for its job to complete; its id. */
async function completedJob(apiUrl: string, key: string): Promise<string> {
  const headers = { authorization: `Bearer ${key}` };
  const submitted = await fetch(`${apiUrl}/api/v1/videos/process`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ url: generatedVideoId(7) }),
  });
  if (submitted.status !== 202) throw new Error(`submit failed: ${submitted.status} ${await submitted.text()}`);
  const jobId = ((await submitted.json()) as { job_id: string }).job_id;
  for (;;) {
    const body = (await (await fetch(`${apiUrl}/api/v1/videos/status/${jobId}`, { headers })).json()) as { status: string };
    if (body.status === 'completed') return jobId;
    if (body.status === 'failed') throw new Error('the benchmark job failed');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The child of `parentPid` whose command line mentions `entry` (Linux: /proc). */
function childProcessRunning(parentPid: number, entry: string): number {
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    if (readProcStat(name)?.parentPid !== parentPid) continue;
    try {
      if (fs.readFileSync(`/proc/${name}/cmdline`, 'utf8').includes(entry)) return Number(name);
    } catch {
      // gone meanwhile
    }
  }
  throw new Error(`no child of ${parentPid} runs ${entry}`);
}

type Run = { result: autocannon.Result; cpuUsPerRequest: number };

const row = (round_: number, route: string, run: Run) => ({
  round: round_,
  route,
  'req/s': Math.round(run.result.requests.average),
  'p99 ms': run.result.latency.p99,
  'server CPU µs/req': Math.round(run.cpuUsPerRequest),
  non2xx: run.result.non2xx,
  errors: run.result.errors,
});

/** A load run with the CPU time the server process spent on it (Linux: /proc). */
async function measured(server: { pid?: number }, run: () => Promise<autocannon.Result>): Promise<Run> {
  const before = cpuMicros(server.pid!);
  const result = await run();
  const spent = cpuMicros(server.pid!) - before;
  return { result, cpuUsPerRequest: spent / Math.max(1, result.requests.total) };
}

/** User plus system time of a process, in µs (NaN where /proc is missing). */
function cpuMicros(pid: number): number {
  return (processCpuMs(pid) ?? NaN) * 1000;
}

function spawnServer(script: string, nodeFlags: string[], flags: string[], env: Record<string, string>, track?: ChildProcess[]): ChildProcess {
  const child = spawn(process.execPath, [...nodeFlags, ...flags, script], {
    cwd: ROOT,
    env: { ...process.env, ...START_SCRIPT_ENV, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  track?.push(child);
  child.stdout!.on('data', (chunk: Buffer) => process.stdout.write(chunk.toString().replace(/^listening \d+\n/m, '')));
  return child;
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

function waitForLine(child: ChildProcess, pattern: RegExp): Promise<RegExpExecArray> {
  return new Promise((resolve, reject) => {
    let seen = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      seen += chunk.toString();
      for (const line of seen.split('\n')) {
        const match = pattern.exec(line);
        if (match) resolve(match);
      }
    });
    child.once('exit', (code) => reject(new Error(`server exited (${code}) before it was ready`)));
  });
}

async function waitForHealth(baseUrl: string): Promise<void> {
  const giveUpAt = Date.now() + 60_000;
  for (;;) {
    const healthy = await fetch(`${baseUrl}/health`).then((res) => res.ok, () => false);
    if (healthy) return;
    if (Date.now() > giveUpAt) throw new Error('the API did not become healthy within 60 s');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

function cannon(url: string, headers: Record<string, string>, duration: number) {
  return autocannon({ url, headers, connections: CONNECTIONS, duration });
}

runMain(main);

/** The flags between `node` and the entry point in one of package.json's scripts. */
function startScriptNodeFlags(script: string): string[] {
  const scripts = (JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
  const command = /\bnode (.+) \S+\.ts$/.exec(scripts[script] ?? '');
  if (!command) throw new Error(`package.json's ${script} script does not run node on a .ts entry point`);
  return command[1]!.split(/ +/);
}
