/**
 * What recording every authenticated request costs the API, measured in one run on one machine:
 *
 *   bash scripts/with-infra.sh node --require tsx/cjs bench/usage-recording.ts [--seconds 10] [--rounds 2] [--connections 50]
 *
 * Two API servers share the same Postgres and Redis in this process: one records requests (the
 * default: buffered in memory, written to api_requests in batches), one does not. autocannon hits
 * GET /api/v1/videos/status/{id} (authenticated, throttled, a completed job) on each in turn,
 * alternating off/on for a few rounds so drift on the machine falls on both. Printed: requests/s,
 * p50 and p99 per round and on average, the cost of recording, and whether every request made it
 * to the table (requests written vs requests answered, and the rows they took: one per key,
 * route, status and second).
 *
 * Throughput on a shared machine is noisy, so the run also measures CPU, which load elsewhere
 * does not inflate: this process's CPU time per request (API + autocannon, the same load for both)
 * and the CPU time of the Postgres backends of the bench database (Linux /proc; the batched
 * INSERTs are the only database work here, since the key and the finished job are cached).
 *
 * Temporal is not started: the route read here never reaches it (the client connects lazily).
 */
import fs from 'node:fs';
import os from 'node:os';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import { loadConfig } from '../src/config';
import { createLogger } from '../src/logger';
import { startInfrastructure } from '../src/runtime/infrastructure';
import { startApiServer, type RunningApi } from '../src/runtime/api-server';
import { issueApiKey } from '../src/auth/api-key-format';
import { createUserWithKey } from '../src/storage/repositories/users';
import { createTestDatabase, requireEnv } from '../test/support/infrastructure';
import { insertJobRow } from '../test/support/job-rows';
import { processCpuMs } from './process-cpu';
import { machineLine, numericOptions, printTable } from './support';

const { seconds: SECONDS, rounds: ROUNDS, connections: CONNECTIONS } = numericOptions({ seconds: 10, rounds: 2, connections: 50 });

interface Run {
  /** CPU of this process per answered request, microseconds. */
  nodeCpuUs: number;
  /** CPU of the bench database's Postgres backends per answered request, microseconds (null off Linux). */
  pgCpuUs: number | null;
  rps: number;
  p50: number;
  p99: number;
  answered: number;
  non2xx: number;
  errors: number;
}

async function main() {
  const logger = createLogger('warn', 'bench');
  const database = await createTestDatabase();
  const config = loadConfig({
    DATABASE_URL: database.url,
    REDIS_URL: requireEnv('TEST_REDIS_URL'),
    TEMPORAL_ADDRESS: '127.0.0.1:1', // never dialled by this route; the client is lazy
    TEMPORAL_TASK_QUEUE: 'bench-usage',
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    // Measured all the same (the registry is always there); only the listener would clash with a running service.
    METRICS_PORT: '0',
    // Throttling stays on (every request pays for it) but never refuses the benchmark's own load.
    PLAN_LIMITS: JSON.stringify({ pro: { requests_per_minute: 100_000_000 } }),
  });
  const infra = await startInfrastructure(config, logger);
  const recording = await startApiServer(config, infra, logger);
  const plain = await startApiServer(config, infra, logger, { recordRequests: false });

  const key = issueApiKey();
  const { user } = await createUserWithKey(infra.database.db, { email: 'bench-usage@example.com', plan: 'pro', key, keyName: 'bench', permissions: ['read', 'process'] });
  const jobId = await insertCompletedJob(infra.database.db, user.id);
  const path = `/api/v1/videos/status/${jobId}`;
  const headers = { authorization: `Bearer ${key.key}` };
  for (const api of [recording, plain]) {
    const res = await fetch(`${api.url}${path}`, { headers });
    if (res.status !== 200) throw new Error(`status route answered ${res.status}: ${await res.text()}`);
  }

  const dbName = new URL(database.url).pathname.slice(1);
  const cannon = async (api: RunningApi, seconds: number): Promise<Run> => {
    const cpuBefore = process.cpuUsage();
    const pgBefore = postgresCpuMicros(dbName);
    const result = await autocannon({ url: `${api.url}${path}`, headers, connections: CONNECTIONS, duration: seconds });
    const cpu = process.cpuUsage(cpuBefore);
    // The last batch is written up to half a second after the load stops.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const pgAfter = postgresCpuMicros(dbName);
    const answered = result['1xx'] + result['2xx'] + result['3xx'] + result['4xx'] + result['5xx'];
    return {
      nodeCpuUs: (cpu.user + cpu.system) / answered,
      pgCpuUs: pgBefore === null || pgAfter === null ? null : (pgAfter - pgBefore) / answered,
      rps: result.requests.average,
      p50: result.latency.p50,
      p99: result.latency.p99,
      answered,
      non2xx: result.non2xx,
      errors: result.errors,
    };
  };

  // Warm-up: JIT, pools, the key and job caches, on both servers.
  // The recording server has answered the check above and its warm-up so far.
  let answeredByRecording = 1 + (await cannon(recording, 3)).answered;
  await cannon(plain, 3);

  const off: Run[] = [];
  const on: Run[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    // Alternate which goes first so neither always runs on a warmer machine.
    const order = round % 2 === 0 ? (['off', 'on'] as const) : (['on', 'off'] as const);
    for (const variant of order) {
      if (variant === 'off') off.push(await cannon(plain, SECONDS));
      else {
        const run = await cannon(recording, SECONDS);
        answeredByRecording += run.answered;
        on.push(run);
      }
    }
  }

  // Closing flushes what is still buffered; then every answered request should be a row.
  await recording.close();
  await plain.close();
  const { rows } = await sql<{ requests: number; rows: number }>`
    SELECT coalesce(sum(request_count), 0)::int AS requests, count(*)::int AS rows FROM api_requests`.execute(infra.database.db);
  const requestsWritten = Number(rows[0]?.requests ?? 0);
  const rowsWritten = Number(rows[0]?.rows ?? 0);

  const mean = (runs: Run[], pick: (r: Run) => number) => runs.reduce((sum, r) => sum + pick(r), 0) / runs.length;
  const summary = (runs: Run[]) => ({
    nodeCpuUs: mean(runs, (r) => r.nodeCpuUs),
    pgCpuUs: runs.some((r) => r.pgCpuUs === null) ? null : mean(runs, (r) => r.pgCpuUs!),
    rps: mean(runs, (r) => r.rps), p50: mean(runs, (r) => r.p50), p99: mean(runs, (r) => r.p99), non2xx: runs.reduce((s, r) => s + r.non2xx + r.errors, 0) });
  const offMean = summary(off);
  const onMean = summary(on);
  const rpsCostPercent = ((offMean.rps - onMean.rps) / offMean.rps) * 100;
  const p99CostMs = onMean.p99 - offMean.p99;
  const cpuOff = offMean.nodeCpuUs + (offMean.pgCpuUs ?? 0);
  const cpuOn = onMean.nodeCpuUs + (onMean.pgCpuUs ?? 0);
  const cpuCostPercent = ((cpuOn - cpuOff) / cpuOff) * 100;

  console.log(`\nmachine: ${machineLine()}, load average ${os.loadavg().map((n) => n.toFixed(1)).join(' ')} (at the end)`);
  printTable(`GET /api/v1/videos/status/{id}, ${SECONDS}s per run, ${CONNECTIONS} connections, ${ROUNDS} round(s)`, [
    ...off.map((r, i) => ({ variant: `recording off, round ${i + 1}`, 'req/s': Math.round(r.rps), 'p50 ms': r.p50, 'p99 ms': r.p99, 'node cpu µs/req': round(r.nodeCpuUs), 'pg cpu µs/req': r.pgCpuUs === null ? 'n/a' : round(r.pgCpuUs), 'non-2xx/errors': r.non2xx + r.errors })),
    ...on.map((r, i) => ({ variant: `recording on, round ${i + 1}`, 'req/s': Math.round(r.rps), 'p50 ms': r.p50, 'p99 ms': r.p99, 'node cpu µs/req': round(r.nodeCpuUs), 'pg cpu µs/req': r.pgCpuUs === null ? 'n/a' : round(r.pgCpuUs), 'non-2xx/errors': r.non2xx + r.errors })),
    ...(
      [
        ['recording off, mean', offMean],
        ['recording on, mean', onMean],
      ] as const
    ).map(([variant, m]) => ({
      variant,
      'req/s': Math.round(m.rps),
      'p50 ms': round(m.p50),
      'p99 ms': round(m.p99),
      'node cpu µs/req': round(m.nodeCpuUs),
      'pg cpu µs/req': m.pgCpuUs === null ? 'n/a' : round(m.pgCpuUs),
      'non-2xx/errors': m.non2xx,
    })),
  ]);
  console.log(`recording cost (throughput, noisy on a shared machine): ${round(rpsCostPercent)}% of requests/s, ${p99CostMs >= 0 ? '+' : ''}${round(p99CostMs)} ms at p99`);
  console.log(
    `recording cost (CPU per request): node ${round(onMean.nodeCpuUs - offMean.nodeCpuUs)} µs, postgres ${onMean.pgCpuUs === null ? 'n/a' : round(onMean.pgCpuUs - (offMean.pgCpuUs ?? 0))} µs; ` +
      `${round(cpuCostPercent)}% more CPU per request in all (API + load generator + database)`,
  );
  // autocannon stops counting at the deadline, while requests already sent are still answered
  // (and recorded), so rows may exceed the count by up to one request per connection.
  console.log(`requests written: ${requestsWritten} (in ${rowsWritten} rows) for ${answeredByRecording} requests autocannon saw answered by the recording server`);
  console.log(
    JSON.stringify({
      bench: 'usage-recording',
      seconds: SECONDS,
      rounds: ROUNDS,
      connections: CONNECTIONS,
      off_rps: Math.round(offMean.rps),
      off_p50_ms: round(offMean.p50),
      off_p99_ms: round(offMean.p99),
      on_rps: Math.round(onMean.rps),
      on_p50_ms: round(onMean.p50),
      on_p99_ms: round(onMean.p99),
      rps_cost_percent: round(rpsCostPercent),
      off_node_cpu_us_per_req: round(offMean.nodeCpuUs),
      on_node_cpu_us_per_req: round(onMean.nodeCpuUs),
      off_pg_cpu_us_per_req: offMean.pgCpuUs === null ? null : round(offMean.pgCpuUs),
      on_pg_cpu_us_per_req: onMean.pgCpuUs === null ? null : round(onMean.pgCpuUs),
      cpu_cost_percent: round(cpuCostPercent),
      p99_cost_ms: round(p99CostMs),
      requests_answered_recording: answeredByRecording,
      requests_written: requestsWritten,
      rows_written: rowsWritten,
    }),
  );

  await infra.close();
  await database.drop();
}

async function insertCompletedJob(db: import('../src/storage/database').Db, userId: string): Promise<string> {
  const now = new Date();
  const job = await insertJobRow(db, userId, {
    row: { status: 'completed', current_step: 'completed', progress_percentage: 100, processing_time: 1, created_at: now, started_at: now, updated_at: now, completed_at: now },
  });
  return job.id;
}

const round = (n: number) => Math.round(n * 100) / 100;

/**
 * CPU time (user + system, microseconds) of the Postgres backends connected to `dbName`, from
 * /proc; null where there is no /proc. Backends that came and went between two readings are
 * missed, but the API's pool keeps its connections for the whole run.
 */
function postgresCpuMicros(dbName: string): number | null {
  let entries: string[];
  try {
    entries = fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return null;
  }
  let total = 0;
  for (const pid of entries) {
    let cmdline: string;
    try {
      cmdline = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    } catch {
      continue; // the process ended meanwhile
    }
    if (!cmdline.startsWith('postgres: ') || !cmdline.includes(` ${dbName} `)) continue;
    total += (processCpuMs(pid) ?? 0) * 1000;
  }
  return total;
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
