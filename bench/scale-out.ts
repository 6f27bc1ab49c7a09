/**
 * The scaled-out shape under load: one `npm run start:api` and 1, 2 or 4 `npm run start:worker`
 * processes on one Postgres, Redis and Temporal server, as docker-compose runs them, measured from
 * outside over HTTP:
 *
 *   bash scripts/with-infra.sh node --require tsx/cjs bench/scale-out.ts [--workers 1,2,4] [--videos 100] [--jobs 200]
 *
 * For each worker count: the wall time of a 100-video batch (submit to the batch's end), then
 * single jobs submitted by 20 clients at once (jobs per second, first submission to last end), and
 * where the CPU went meanwhile: the API process, the workers, Temporal's server, Postgres, the fake
 * YouTube and this load generator, read from /proc. Each child's wait (created to started) and run
 * (started to completed) come from its row.
 */
import fs from 'node:fs';
import { generatedVideoId } from '../test/fake-youtube';
import { createTestDatabase, requireEnv, type TestDatabase } from '../test/support/infrastructure';
import { npmRun } from '../test/support/npm-run';
import { readProcStat } from '../test/support/proc-stat';
import { spawnEntry, waitFor } from '../test/support/processes';
import { createBenchUser, freePort, machineLine, percentile, printTable, round, runMain, runWithConcurrency, startBenchTemporal, textOptions } from './support';

const args = textOptions({ workers: '1,2,4', videos: '100', jobs: '200', modes: 'tldr' });
const WORKER_COUNTS = args.workers.split(',').map(Number);
const VIDEOS = Number(args.videos);
const JOBS = Number(args.jobs);
const MODES = args.modes.split(',');
const TICKS_PER_SECOND = 100;

const CPU_PARTS = ['api', 'workers', 'temporal', 'postgres', 'fake YouTube', 'load generator'] as const;
type CpuPart = (typeof CPU_PARTS)[number];
type CpuReading = Record<CpuPart, number>;

/** CPU milliseconds so far of each part, the service's processes found as descendants of the npm processes that started them. */
function readCpu(roots: { api: number; workers: number[]; youtube: number }): CpuReading {
  const stats = new Map<number, { name: string; parent: number; cpuMs: number }>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = readProcStat(entry);
    if (stat) stats.set(Number(entry), { name: stat.name, parent: stat.parentPid, cpuMs: (stat.cpuTicks * 1000) / TICKS_PER_SECOND });
  }
  const descendsFrom = (pid: number, roots: number[]) => {
    for (let at: number | undefined = pid; at !== undefined && at > 1; at = stats.get(at)?.parent) if (roots.includes(at)) return true;
    return false;
  };
  const reading = Object.fromEntries(CPU_PARTS.map((part) => [part, 0])) as CpuReading;
  for (const [pid, stat] of stats) {
    if (descendsFrom(pid, [roots.api])) reading.api += stat.cpuMs;
    else if (descendsFrom(pid, roots.workers)) reading.workers += stat.cpuMs;
    else if (descendsFrom(pid, [roots.youtube])) reading['fake YouTube'] += stat.cpuMs;
    else if (pid === process.pid) reading['load generator'] += stat.cpuMs;
    else if (stat.name.startsWith('temporal')) reading.temporal += stat.cpuMs;
    else if (stat.name.startsWith('postgres')) reading.postgres += stat.cpuMs;
  }
  return reading;
}

/** Each part's CPU time per job, and its share of the machine (CPU-seconds per second of wall time). */
function cpuSpent(before: CpuReading, after: CpuReading, wallSeconds: number, jobs: number): Record<string, string> {
  return Object.fromEntries(
    CPU_PARTS.map((part) => {
      const ms = after[part] - before[part];
      return [part, `${Math.round(ms / jobs)} ms (${round(ms / 1000 / wallSeconds)})`];
    }),
  );
}

interface Round {
  workers: number;
  batchWallSeconds: number;
  childWaitP50: number;
  childRunP50: number;
  childRunP95: number;
  batchCpu: Record<string, string>;
  jobsPerSecond: number;
  jobLatencyP50: number;
  jobLatencyP95: number;
  jobsCpu: Record<string, string>;
  failed: number;
}

async function main() {
  const temporal = await startBenchTemporal();
  const youtube = spawnEntry('test/fake-youtube/main.ts', { LOG_LEVEL: 'warn' }, ['--port', String(await freePort())]);
  const youtubeUrl = await waitFor('the local YouTube server', async () => youtube.output().match(/http:\/\/\S+/)?.[0]);

  const rounds: Round[] = [];
  let nextVideo = 0;
  const freshIds = (count: number) => Array.from({ length: count }, () => generatedVideoId(nextVideo++));

  for (const workerCount of WORKER_COUNTS) {
    // A database and task queue of its own per round: nothing left over from the round before.
    const database = await createTestDatabase();
    const env = {
      DATABASE_URL: database.url,
      REDIS_URL: requireEnv('TEST_REDIS_URL'),
      TEMPORAL_ADDRESS: temporal.address,
      TEMPORAL_TASK_QUEUE: `scale-out-${workerCount}`,
      YOUTUBE_BASE_URL: youtubeUrl,
      LOG_LEVEL: 'info',
      METRICS_PORT: '0',
      PLAN_LIMITS: JSON.stringify({ pro: { requests_per_minute: 100_000_000, videos_per_month: null } }),
    };
    const port = await freePort();
    const api = npmRun('start:api', { ...env, PORT: String(port), HOST: '127.0.0.1' });
    const workers = Array.from({ length: workerCount }, () => npmRun('start:worker', env));
    try {
      const url = `http://127.0.0.1:${port}`;
      await waitFor('the API', async () => (await fetch(`${url}/health`)).status === 200, 180_000);
      for (const worker of workers) await waitFor('a worker to poll', async () => worker.output().includes('worker polling'), 180_000);
      const round_ = await measureRound(workerCount, url, database, freshIds, {
        api: api.npm.pid!,
        workers: workers.map((worker) => worker.npm.pid!),
        youtube: youtube.child.pid!,
      });
      rounds.push(round_);
      console.error(`${workerCount} worker(s): batch ${round(round_.batchWallSeconds)} s, ${round(round_.jobsPerSecond)} jobs/s`);
    } finally {
      await Promise.all([api.stop(), ...workers.map((worker) => worker.stop())]);
      await database.drop();
    }
  }

  console.log(`\nmachine: ${machineLine()}`);
  printTable(`${VIDEOS}-video batch and ${JOBS} single jobs (modes ${MODES.join('+')}, local YouTube, built-in engine)`, rounds.map((r) => ({
    workers: r.workers,
    'batch wall s': round(r.batchWallSeconds),
    'child wait p50 s': round(r.childWaitP50),
    'child run p50 s': round(r.childRunP50),
    'child run p95 s': round(r.childRunP95),
    'jobs/s': round(r.jobsPerSecond),
    'job p50 s': round(r.jobLatencyP50),
    'job p95 s': round(r.jobLatencyP95),
    failed: r.failed,
  })));
  printTable('CPU per video during the batch (in brackets: CPUs busy on average)', rounds.map((r) => ({ 'worker processes': r.workers, ...r.batchCpu })));
  printTable('CPU per job during the single jobs (in brackets: CPUs busy on average)', rounds.map((r) => ({ 'worker processes': r.workers, ...r.jobsCpu })));
  console.log(JSON.stringify({ bench: 'scale-out', videos: VIDEOS, jobs: JOBS, modes: MODES, rounds }));

  await youtube.kill('SIGTERM');
  await temporal.stop();
}

async function measureRound(
  workerCount: number,
  url: string,
  database: TestDatabase,
  freshIds: (count: number) => string[],
  roots: { api: number; workers: number[]; youtube: number },
): Promise<Round> {
  const key = (await createBenchUser(database.db, `bench-${workerCount}@example.com`)).key;
  const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
  const options = { summary_modes: MODES };
  const post = async (route: string, body: unknown) => {
    const res = await fetch(`${url}${route}`, { method: 'POST', headers, body: JSON.stringify(body) });
    if (res.status !== 202) throw new Error(`${route}: ${res.status} ${await res.text()}`);
    return res.json() as Promise<{ batch_id?: string; job_id?: string; job_ids?: string[] }>;
  };
  const runBatch = async (count: number) => {
    const started = Date.now();
    const submitted = await post('/api/v1/batch/process', { videos: freshIds(count).map((video) => ({ url: video, options })) });
    const batch = await waitFor(
      'the batch to end',
      async () => {
        const row = await database.db.selectFrom('batches').select(['status', 'completed_at']).where('id', '=', submitted.batch_id!).executeTakeFirstOrThrow();
        return row.status !== 'processing' && row.completed_at ? row : null;
      },
      600_000,
    );
    return { wallSeconds: (batch.completed_at!.getTime() - started) / 1000, jobIds: submitted.job_ids! };
  };

  // Warm-up: each process's JIT, pools and workflow cache.
  await runBatch(Math.max(10, workerCount * 5));

  let before = readCpu(roots);
  const batch = await runBatch(VIDEOS);
  const batchCpu = cpuSpent(before, readCpu(roots), batch.wallSeconds, VIDEOS);
  const children = await jobRows(database, batch.jobIds);

  before = readCpu(roots);
  const started = Date.now();
  const jobIds: string[] = [];
  const ids = freshIds(JOBS);
  await runWithConcurrency(JOBS, 20, async (i) => jobIds.push((await post('/api/v1/videos/process', { url: ids[i], options })).job_id!));
  await waitFor(
    'the single jobs to end',
    async () => {
      const ended = await database.db.selectFrom('jobs').select((eb) => eb.fn.countAll<string>().as('n')).where('id', 'in', jobIds).where('status', 'in', ['completed', 'failed']).executeTakeFirstOrThrow();
      return Number(ended.n) === jobIds.length;
    },
    600_000,
  );
  const singles = await jobRows(database, jobIds);
  const lastEnd = Math.max(...singles.map((row) => row.completed_at!.getTime()));
  const jobsWall = (lastEnd - started) / 1000;
  const jobsCpu = cpuSpent(before, readCpu(roots), jobsWall, JOBS);

  const seconds = (rows: typeof children, from: (row: (typeof children)[number]) => Date | null, to: (row: (typeof children)[number]) => Date | null) =>
    rows.map((row) => (to(row)!.getTime() - from(row)!.getTime()) / 1000).sort((a, b) => a - b);
  const childWaits = seconds(children, (r) => r.created_at, (r) => r.started_at ?? r.completed_at);
  const childRuns = seconds(children, (r) => r.started_at ?? r.created_at, (r) => r.completed_at);
  const latencies = seconds(singles, (r) => r.created_at, (r) => r.completed_at);
  return {
    workers: workerCount,
    batchWallSeconds: batch.wallSeconds,
    childWaitP50: percentile(childWaits, 50),
    childRunP50: percentile(childRuns, 50),
    childRunP95: percentile(childRuns, 95),
    batchCpu,
    jobsPerSecond: JOBS / jobsWall,
    jobLatencyP50: percentile(latencies, 50),
    jobLatencyP95: percentile(latencies, 95),
    jobsCpu,
    failed: [...children, ...singles].filter((row) => row.status !== 'completed').length,
  };
}

function jobRows(database: TestDatabase, ids: string[]) {
  return database.db.selectFrom('jobs').select(['status', 'created_at', 'started_at', 'completed_at']).where('id', 'in', ids).execute();
}

runMain(main);
