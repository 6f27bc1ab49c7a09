/**
 * Webhook delivery throughput, end to end, to a local receiver that accepts at once:
 *
 *   bash scripts/with-infra.sh node --require tsx/cjs bench/webhooks.ts [--deliveries 1000] [--concurrency 50]
 *
 * 1. N deliveries recorded and started (a row in Postgres, then a delivery workflow on
 *    Temporal), `concurrency` at a time, run by the service's own worker (default concurrency
 *    settings): each is one activity that signs the body, POSTs it and records the attempt.
 *    Measured: deliveries/s from the first schedule to the last arrival at the receiver, and
 *    per-delivery latency (created_at to arrival) p50/p95; the receiver's count checks nothing was lost.
 * 2. For reference, the same number of bare one-activity workflows on the same Temporal server and
 *    worker settings, started the same way (the ceiling Temporal sets on this machine), and the
 *    HTTP client alone (sign + POST, no Temporal, no Postgres), same concurrency.
 *
 * A real Temporal dev server, Postgres and Redis (from scripts/with-infra.sh); ALLOW_PRIVATE_WEBHOOKS
 * is on, since the receiver listens on 127.0.0.1.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { Client, Connection } from '@temporalio/client';
import { NativeConnection, Worker } from '@temporalio/worker';
import { startJobWorker } from '../workers/worker-process';
import { createTemporalClient } from '../src/temporal/client';
import { webhookSecretFor } from '../src/storage/repositories/webhook-secrets';
import { createWebhookHttpClient, signedHeaders } from '../src/webhooks';
import { startWebhookDelivery } from '../test/webhooks/start-delivery';
import { startReceiver } from '../test/webhooks/receiver';
import { createBenchUser, machineLine, percentile, printTable, round, runMain, runWithConcurrency, startBenchStack } from './support';

const { values: args } = parseArgs({
  options: { deliveries: { type: 'string', default: '1000' }, concurrency: { type: 'string', default: '50' } },
});
const DELIVERIES = Number(args.deliveries);
const CONCURRENCY = Number(args.concurrency);

async function main() {
  // One user sends every delivery here: the per-user hourly cap would hold most of them back.
  const stack = await startBenchStack({ TEMPORAL_TASK_QUEUE: 'bench-webhooks', ALLOW_PRIVATE_WEBHOOKS: 'true', WEBHOOK_DELIVERIES_PER_HOUR: '1000000' });
  const { config, infra, logger } = stack;
  const worker = await startJobWorker(config, infra, logger);
  const temporal = createTemporalClient({ address: infra.temporalAddress, namespace: config.temporal.namespace, taskQueue: config.temporal.taskQueue });
  const receiver = await startReceiver();
  receiver.behave('/hook', { kind: 'accept' });
  receiver.behave('/raw', { kind: 'accept' });
  const db = infra.database.db;
  const user = { id: (await createBenchUser(db, 'bench-webhooks@example.com')).userId };
  const deps = { db, temporal, retrySchedule: config.webhooks.retrySchedule, attemptTimeoutMs: config.webhooks.timeoutMs };
  const schedule = (i: number, tag: string) =>
    startWebhookDelivery(deps, {
      userId: user.id,
      url: `${receiver.url}/hook`,
      type: 'job.completed',
      data: { job_id: `job_bench_${i}`, status: 'completed', video_id: 'dQw4w9WgXcQ', result_url: `${config.http.publicBaseUrl}/api/v1/videos/result/job_bench_${i}` },
      idempotencyKey: `bench:${tag}:${i}`,
    });
  const waitDelivered = async (ids: string[]) => {
    for (;;) {
      const rows = await db.selectFrom('webhook_deliveries').select(['status']).where('id', 'in', ids).execute();
      if (rows.every((r) => r.status !== 'pending')) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };

  // Warm-up: JIT, pools, the worker's workflow cache.
  const warm = await Promise.all(Array.from({ length: 20 }, (_, i) => schedule(i, 'warm')));
  await waitDelivered(warm.map((w) => w.deliveryId));
  const before = receiver.requestsTo('/hook').length;

  // 1. End to end.
  const started = Date.now();
  const ids: string[] = [];
  await runWithConcurrency(DELIVERIES, CONCURRENCY, async (i) => ids.push((await schedule(i, 'run')).deliveryId));
  const scheduledIn = (Date.now() - started) / 1000;
  await waitDelivered(ids);
  const rows = await db.selectFrom('webhook_deliveries').select(['id', 'status', 'created_at']).where('id', 'in', ids).execute();
  const delivered = rows.filter((r) => r.status === 'delivered');
  // delivered_at is when the delivering attempt was due, not when it arrived: arrivals are the receiver's to tell.
  const arrivals = new Map(receiver.requestsTo('/hook').map((r) => [r.headers['webhook-id'], r.receivedAt]));
  const arrivedAt = (id: string) => arrivals.get(id) ?? Number.NaN;
  const finished = Math.max(...delivered.map((r) => arrivedAt(r.id)));
  const endToEnd = DELIVERIES / ((finished - started) / 1000);
  const latencies = delivered.map((r) => (arrivedAt(r.id) - r.created_at.getTime()) / 1000).sort((a, b) => a - b);
  const received = receiver.requestsTo('/hook').length - before;

  // 2a. Bare one-activity workflows, started the same way.
  const bare = await benchBareWorkflows(infra.temporalAddress, config.worker.maxConcurrentActivities, config.worker.maxConcurrentWorkflowTasks);

  // 2b. The HTTP client alone: sign and POST, nothing recorded.
  const http = createWebhookHttpClient({ timeoutMs: config.webhooks.timeoutMs, allowPrivate: true });
  const secret = (await webhookSecretFor(db, user.id))!;
  const body = JSON.stringify({ type: 'job.completed', timestamp: new Date().toISOString(), data: { job_id: 'job_raw' } });
  await runWithConcurrency(200, CONCURRENCY, async (i) => http.post(`${receiver.url}/raw`, signedHeaders(secret, `msg_warm_${i}`, new Date(), body), body));
  const rawStarted = Date.now();
  let rawOk = 0;
  await runWithConcurrency(DELIVERIES, CONCURRENCY, async (i) => {
    const result = await http.post(`${receiver.url}/raw`, signedHeaders(secret, `msg_raw_${i}`, new Date(), body), body);
    if (result.statusCode === 204) rawOk++;
  });
  const rawPerSecond = DELIVERIES / ((Date.now() - rawStarted) / 1000);
  await http.close();

  console.log(`\nmachine: ${machineLine()}`);
  printTable(`webhook deliveries (${DELIVERIES}, ${CONCURRENCY} scheduled at a time, receiver answers 204 at once)`, [
    {
      what: 'record -> workflow -> signed POST -> recorded',
      'per second': round(endToEnd),
      'p50 latency s': round(percentile(latencies, 50)),
      'p95 latency s': round(percentile(latencies, 95)),
      delivered: delivered.length,
      'received by receiver': received,
    },
    { what: 'bare 1-activity workflows (Temporal ceiling)', 'per second': round(bare.perSecond), 'p50 latency s': round(bare.p50), 'p95 latency s': round(bare.p95), delivered: '-', 'received by receiver': '-' },
    { what: 'HTTP client alone (sign + POST)', 'per second': round(rawPerSecond), 'p50 latency s': '-', 'p95 latency s': '-', delivered: rawOk, 'received by receiver': rawOk },
  ]);
  console.log(`deliveries / bare workflows: ${round(endToEnd / bare.perSecond)}`);
  console.log(`scheduling alone took ${round(scheduledIn)} s (${round(DELIVERIES / scheduledIn)} schedules/s); worker: ${config.worker.maxConcurrentActivities} activities, ${config.worker.maxConcurrentWorkflowTasks} workflow tasks at a time`);
  console.log(
    JSON.stringify({
      bench: 'webhooks',
      deliveries: DELIVERIES,
      concurrency: CONCURRENCY,
      deliveries_per_second: round(endToEnd),
      latency_p50_s: round(percentile(latencies, 50)),
      latency_p95_s: round(percentile(latencies, 95)),
      delivered: delivered.length,
      received,
      schedules_per_second: round(DELIVERIES / scheduledIn),
      bare_workflows_per_second: round(bare.perSecond),
      deliveries_to_bare_ratio: round(endToEnd / bare.perSecond),
      http_client_posts_per_second: round(rawPerSecond),
    }),
  );

  await receiver.close();
  await worker.shutdown();
  await temporal.close();
  await stack.close();
}

/**
 * The same number of bare one-activity workflows, started the same way. Like a delivery when it
 * reaches the receiver, a bare workflow counts as done when its activity has run (in this process).
 */
async function benchBareWorkflows(address: string, maxActivities: number, maxWorkflowTasks: number) {
  const startedAt = new Map<number, number>();
  const latencies: number[] = [];
  let waiting: { count: number; resolve: () => void } | null = null;
  const connection = await NativeConnection.connect({ address });
  const worker = await Worker.create({
    connection,
    taskQueue: 'bench-bare',
    workflowsPath: path.join(__dirname, 'bare/workflows.ts'),
    activities: {
      touch: async (n: number) => {
        latencies.push((Date.now() - (startedAt.get(n) ?? Date.now())) / 1000);
        if (waiting && latencies.length >= waiting.count) waiting.resolve();
        return n + 1;
      },
    },
    maxConcurrentActivityTaskExecutions: maxActivities,
    maxConcurrentWorkflowTaskExecutions: maxWorkflowTasks,
  });
  const running = worker.run();
  const clientConnection = await Connection.connect({ address });
  const client = new Client({ connection: clientConnection });
  const run = async (count: number, offset: number) => {
    latencies.length = 0;
    const done = new Promise<void>((resolve) => (waiting = { count, resolve }));
    const started = Date.now();
    await runWithConcurrency(count, CONCURRENCY, async (i) => {
      startedAt.set(offset + i, Date.now());
      await client.workflow.start('bareWorkflow', { taskQueue: 'bench-bare', workflowId: `bare-${offset + i}-${started}`, args: [offset + i] });
    });
    await done;
    const elapsed = (Date.now() - started) / 1000;
    const sorted = [...latencies].sort((a, b) => a - b);
    return { perSecond: count / elapsed, p50: percentile(sorted, 50), p95: percentile(sorted, 95) };
  };
  await run(20, 1_000_000);
  const result = await run(DELIVERIES, 0);
  worker.shutdown();
  await running;
  await clientConnection.close();
  await connection.close();
  return result;
}

runMain(main);
