/**
 * Wall time of a 100-video batch through the API, the parent workflow, its children and the
 * worker, with YouTube at the local fake server and the built-in summary engine:
 *
 *   bash scripts/with-infra.sh node --require tsx/cjs bench/batch.ts [--videos 100] [--concurrency 10,25] [--modes tldr]
 *
 * For each window size (BATCH_CONCURRENCY) one batch of N synthesised videos: submit-to-ended wall
 * time, videos/s, the children's submit-to-ended latency p50/p95 and their own run time
 * (started_at to completed_at) p50. Beside it, the same number of single jobs submitted at once
 * (no window), so the batch's cost can be read against the pipeline.
 */
import { parseArgs } from 'node:util';
import type { Db } from '../src/storage/database';
import { generatedVideoId } from '../test/fake-youtube';
import { createBenchUser, machineLine, percentile, printTable, round, runMain, startBenchService } from './support';

const { values: args } = parseArgs({
  options: {
    videos: { type: 'string', default: '100' },
    concurrency: { type: 'string', default: '10,25' },
    modes: { type: 'string', default: 'tldr' },
  },
});
const VIDEOS = Number(args.videos);
const WINDOWS = args.concurrency.split(',').map(Number);
const MODES = args.modes.split(',');

interface Run {
  what: string;
  wallSeconds: number;
  latencies: number[];
  /** started_at to completed_at: the job's own run, without its wait for a slot. */
  runTimes: number[];
  failed: number;
}

async function main() {
  const service = await startBenchService('bench-batches');
  const { api, config, db } = service;
  const key = { key: (await createBenchUser(db, 'bench@example.com')).key };
  const headers = { authorization: `Bearer ${key.key}`, 'content-type': 'application/json' };
  const options = { summary_modes: MODES };

  let nextVideo = 0;
  const freshIds = (count: number) => Array.from({ length: count }, () => generatedVideoId(nextVideo++));

  const post = async (path: string, body: unknown) => {
    const res = await fetch(`${api.url}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
    if (res.status !== 202) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return res.json() as Promise<any>;
  };

  const runBatch = async (window: number, count: number): Promise<Run> => {
    // The API reads BATCH_CONCURRENCY when it starts a batch.
    config.jobs.batchConcurrency = window;
    const started = Date.now();
    const submitted = await post('/api/v1/batch/process', { videos: freshIds(count).map((url) => ({ url, options })) });
    const batch = await waitForBatch(db, submitted.batch_id);
    return {
      what: `batch, window ${window}`,
      wallSeconds: (batch.completed_at!.getTime() - started) / 1000,
      ...(await jobFigures(db, submitted.job_ids)),
    };
  };

  // Warm-up: JIT, pools, the workflow cache.
  await runBatch(10, 10);

  const runs: Run[] = [];
  for (const window of WINDOWS) runs.push(await runBatch(window, VIDEOS));

  // The same number of single jobs, all submitted at once.
  const started = Date.now();
  const jobIds = await Promise.all(freshIds(VIDEOS).map(async (url) => (await post('/api/v1/videos/process', { url, options })).job_id as string));
  await waitForJobs(db, jobIds);
  const singles = await jobFigures(db, jobIds);
  const lastEnd = await db.selectFrom('jobs').select((eb) => eb.fn.max('completed_at').as('last')).where('id', 'in', jobIds).executeTakeFirstOrThrow();
  runs.push({ what: `${VIDEOS} single jobs at once`, wallSeconds: (new Date(lastEnd.last as Date).getTime() - started) / 1000, ...singles });

  console.log(`\nmachine: ${machineLine()}`);
  console.log(`worker: ${config.worker.maxConcurrentActivities} activities, ${config.worker.maxConcurrentWorkflowTasks} workflow tasks at once`);
  printTable(`${VIDEOS}-video batch (modes ${MODES.join('+')}, local YouTube server, built-in engine)`, runs.map((run) => ({
    what: run.what,
    'wall s': round(run.wallSeconds),
    'videos/s': round(VIDEOS / run.wallSeconds),
    'job p50 s': round(percentile(run.latencies, 50)),
    'job p95 s': round(percentile(run.latencies, 95)),
    'run p50 s': round(percentile(run.runTimes, 50)),
    failed: run.failed,
  })));
  console.log(
    JSON.stringify({
      bench: 'batch',
      videos: VIDEOS,
      modes: MODES,
      runs: runs.map((run) => ({
        what: run.what,
        wall_seconds: round(run.wallSeconds),
        videos_per_second: round(VIDEOS / run.wallSeconds),
        job_latency_p50_s: round(percentile(run.latencies, 50)),
        job_latency_p95_s: round(percentile(run.latencies, 95)),
        job_run_p50_s: round(percentile(run.runTimes, 50)),
        failed: run.failed,
      })),
    }),
  );

  await service.close();
}

async function waitForBatch(db: Db, batchId: string) {
  for (;;) {
    const row = await db.selectFrom('batches').selectAll().where('id', '=', batchId).executeTakeFirstOrThrow();
    if (row.status !== 'processing') return row;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function waitForJobs(db: Db, ids: string[]) {
  for (;;) {
    const rows = await db.selectFrom('jobs').select('status').where('id', 'in', ids).execute();
    if (rows.every((r) => r.status === 'completed' || r.status === 'failed')) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Each job's submit-to-ended time, from its persisted timestamps. */
async function jobFigures(db: Db, ids: string[]) {
  const rows = await db.selectFrom('jobs').select(['status', 'created_at', 'started_at', 'completed_at']).where('id', 'in', ids).execute();
  const seconds = (from: (r: (typeof rows)[number]) => Date) => rows.map((r) => (r.completed_at!.getTime() - from(r).getTime()) / 1000).sort((a, b) => a - b);
  return { latencies: seconds((r) => r.created_at), runTimes: seconds((r) => r.started_at ?? r.created_at), failed: rows.filter((r) => r.status === 'failed').length };
}

runMain(main);
