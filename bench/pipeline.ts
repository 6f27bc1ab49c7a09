/**
 * Job pipeline throughput and latency beside the Temporal baseline, in one run on one machine
 * (the status route's throughput is bench/status-route.ts):
 *
 *   bash scripts/with-infra.sh node --require tsx/cjs bench/pipeline.ts [--jobs 200]
 *
 * 1. N jobs (default 200, tldr) through the API, Temporal, the worker and the local YouTube server:
 *    jobs/s and submit-to-completed latency p50/p95 (from the jobs' persisted timestamps).
 * 2. N bare one-activity workflows on the same Temporal server, same worker settings: workflows/s.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { Client, Connection } from '@temporalio/client';
import { NativeConnection, Worker } from '@temporalio/worker';
import { startApiServer } from '../src/runtime/api-server';
import { startJobWorker } from '../workers/worker-process';
import { generatedVideoId } from '../test/fake-youtube';
import { createBenchUser, machineLine, percentile, printTable, round, runMain, runWithConcurrency, startBenchStack } from './support';

const { values: args } = parseArgs({ options: { jobs: { type: 'string', default: '200' } } });
const JOBS = Number(args.jobs);

async function main() {
  const stack = await startBenchStack({
    TEMPORAL_TASK_QUEUE: 'bench-jobs',
    // Throttling stays on (every request pays for it) but never refuses the benchmark's own load.
    PLAN_LIMITS: JSON.stringify({ pro: { requests_per_minute: 100_000_000 } }),
  });
  const { config, infra, logger } = stack;
  const worker = await startJobWorker(config, infra, logger);
  const api = await startApiServer(config, infra, logger);
  const key = { key: (await createBenchUser(infra.database.db, 'bench@example.com')).key };
  const auth = { authorization: `Bearer ${key.key}`, 'content-type': 'application/json' };

  const submit = async (videoId: string) => {
    const res = await fetch(`${api.url}/api/v1/videos/process`, { method: 'POST', headers: auth, body: JSON.stringify({ url: videoId }) });
    if (res.status !== 202) throw new Error(`submit failed: ${res.status} ${await res.text()}`);
    return ((await res.json()) as { job_id: string }).job_id;
  };
  const waitAll = async (ids: string[]) => {
    for (;;) {
      const rows = await infra.database.db.selectFrom('jobs').select(['status']).where('id', 'in', ids).execute();
      if (rows.every((r) => r.status === 'completed' || r.status === 'failed')) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };

  // Warm-up: JIT, connection pools, sticky workflow caches.
  await waitAll(await Promise.all(Array.from({ length: 10 }, (_, i) => submit(generatedVideoId(100_000 + i)))));

  // 1. Our jobs.
  const started = Date.now();
  const ids: string[] = [];
  await runWithConcurrency(JOBS, 20, async (i) => ids.push(await submit(generatedVideoId(i))));
  await waitAll(ids);
  const rows = await infra.database.db.selectFrom('jobs').select(['status', 'created_at', 'completed_at']).where('id', 'in', ids).execute();
  const finished = Math.max(...rows.map((r) => r.completed_at!.getTime()));
  const latencies = rows.map((r) => (r.completed_at!.getTime() - r.created_at.getTime()) / 1000).sort((a, b) => a - b);
  const jobsPerSecond = JOBS / ((finished - started) / 1000);
  const failed = rows.filter((r) => r.status === 'failed').length;

  // 2. Bare one-activity workflows on the same server.
  const bare = await benchBareWorkflows(infra.temporalAddress, config.worker.maxConcurrentActivities, config.worker.maxConcurrentWorkflowTasks);

  await worker.shutdown();

  console.log(`\nmachine: ${machineLine()}`);
  printTable(`job pipeline (${JOBS} jobs, tldr, local YouTube server)`, [
    { what: 'our jobs', 'per second': round(jobsPerSecond), 'p50 latency s': round(percentile(latencies, 50)), 'p95 latency s': round(percentile(latencies, 95)), failed },
    { what: 'bare 1-activity workflow', 'per second': round(bare.perSecond), 'p50 latency s': round(bare.p50), 'p95 latency s': round(bare.p95), failed: 0 },
  ]);
  console.log(`our jobs / bare workflows: ${round(jobsPerSecond / bare.perSecond)} (target >= 0.33)`);
  console.log(
    JSON.stringify({
      bench: 'pipeline',
      jobs: JOBS,
      jobs_per_second: round(jobsPerSecond),
      latency_p50_s: round(percentile(latencies, 50)),
      latency_p95_s: round(percentile(latencies, 95)),
      bare_workflows_per_second: round(bare.perSecond),
      jobs_to_bare_ratio: round(jobsPerSecond / bare.perSecond),
    }),
  );

  await api.close();
  await stack.close();
}

async function benchBareWorkflows(address: string, maxActivities: number, maxWorkflowTasks: number) {
  const connection = await NativeConnection.connect({ address });
  const worker = await Worker.create({
    connection,
    taskQueue: 'bench-bare',
    workflowsPath: path.join(__dirname, 'bare/workflows.ts'),
    activities: { touch: async (n: number) => n + 1 },
    maxConcurrentActivityTaskExecutions: maxActivities,
    maxConcurrentWorkflowTaskExecutions: maxWorkflowTasks,
  });
  const running = worker.run();
  const clientConnection = await Connection.connect({ address });
  const client = new Client({ connection: clientConnection });
  const runOne = async (i: number) => {
    const t0 = Date.now();
    await client.workflow.execute('bareWorkflow', { taskQueue: 'bench-bare', workflowId: `bare-${i}-${Date.now()}`, args: [i] });
    return (Date.now() - t0) / 1000;
  };
  await Promise.all(Array.from({ length: 10 }, (_, i) => runOne(-i - 1))); // warm-up
  const started = Date.now();
  const latencies: number[] = [];
  await runWithConcurrency(JOBS, 20, async (i) => latencies.push(await runOne(i)));
  const elapsed = (Date.now() - started) / 1000;
  worker.shutdown();
  await running;
  await clientConnection.close();
  await connection.close();
  latencies.sort((a, b) => a - b);
  return { perSecond: JOBS / elapsed, p50: percentile(latencies, 50), p95: percentile(latencies, 95) };
}

runMain(main);
