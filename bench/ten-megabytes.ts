/**
 * The heaviest job the service allows (docs/api-behaviour.md#transcript-length), a 10 MB transcript
 * in all five modes, through the service exactly as a new user runs it: `npm start` on the embedded
 * defaults (no DATABASE_URL, REDIS_URL or TEMPORAL_ADDRESS: the embedded Postgres server, the
 * in-process store and the local Temporal dev server, all under a fresh DATA_DIR), measured from
 * outside:
 *
 *   node --require tsx/cjs bench/ten-megabytes.ts [--runs 3] [--pollers 4]
 *
 * (needs only what `npm start` needs; TEMPORAL_CLI_PATH is passed on when set.) The local YouTube
 * server runs in a child process of its own, so this process only submits and measures. It prints,
 * beside the targets:
 * - memory of the whole `npm start` process tree (npm, the service, its Postgres server and
 *   backends, the Temporal dev server), RSS and PSS (bench/process-memory.ts): idle after start-up
 *   (target 400 MB), and the peak while the jobs run (target 1 GB); then the same split by part
 *   (npm, the service, Postgres, Temporal, the rest), each peak as it was in its sample of highest RSS;
 * - per run, submit to completed, seconds (target 15 s);
 * - the status route's p50/p99 while the job is summarising, from `--pollers` clients asking for
 *   the job's status back to back (target p99 100 ms), and over the whole job;
 * - how long the fetch and summary activities took, and the analysis inside the latter (read from
 *   the job's workflow history, where the summary activity reports it).
 * The first run fetches from YouTube with cold summary threads, the second again with
 * force_refresh, and any later one reads the transcript the cache keeps.
 */
import { parseArgs } from 'node:util';
import { Client, Connection } from '@temporalio/client';
import { defaultPayloadConverter } from '@temporalio/common';
import { SUMMARY_MODES } from '../src/domain/summary';
import { VIDEO_TEN_MEGABYTES } from '../test/fake-youtube';
import { sampleTreePeak, TREE_PARTS, treeMemory, type TreeMemory } from './process-memory';
import { machineLine, percentile, printTable, round, runMain, startNpmStartBench } from './support';

const { values: args } = parseArgs({ options: { runs: { type: 'string', default: '3' }, pollers: { type: 'string', default: '4' } } });
const RUNS = Number(args.runs);
const POLLERS = Number(args.pollers);
const TARGET = { seconds: 15, statusP99Ms: 100, idleMb: 400, peakMb: 1024 } as const;
/**
 * Start-up done; what a service nobody uses holds. The service's heap gives back what start-up
 * left when V8's memory reducer runs, some seconds after the isolate goes quiet: 15 s after the
 * service first answers on a fast day, 25-35 s on a slow one (`--trace-gc`: "Mark-Compact
 * (reduce)", 90 MB of heap committed before it, 53 MB after).
 */
const SETTLE_MS = 45_000;

interface Sample {
  startedAt: number;
  ms: number;
  step: string;
  status: number;
}

interface ActivityTiming {
  fetchTranscriptS: number;
  writeSummariesS: number;
  analyses: number;
  analysisS: number;
}

async function main() {
  const bench = await startNpmStartBench('10mb');
  const { service, key, temporalPort } = bench;
  let connection: Connection | undefined;
  try {
    connection = await Connection.connect({ address: `127.0.0.1:${temporalPort}` });
    const client = new Client({ connection });

    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    const idle = treeMemory(service.pid);
    const peaks: Array<Record<string, string | number>> = [];
    const breakdown: Array<{ state: string; memory: TreeMemory }> = [{ state: 'idle', memory: idle }];

    const rows: Array<Record<string, string | number>> = [];
    const figures: Array<Record<string, unknown>> = [];
    for (let run = 1; run <= RUNS; run++) {
      const peakSampler = sampleTreePeak(service.pid);
      const measured = await runOnce(service.url, key, run === 2);
      const peak = await peakSampler.stop();
      peaks.push({ state: `peak during run ${run}`, processes: peak.processes, rss: peak.rssMb, pss: peak.pssMb, target: TARGET.peakMb });
      breakdown.push({ state: `peak during run ${run}`, memory: peak });
      const timing = await activityTiming(client, measured.jobId);
      const during = measured.samples.filter((s) => s.step === 'summarizing').map((s) => s.ms).sort((a, b) => a - b);
      const all = measured.samples.map((s) => s.ms).sort((a, b) => a - b);
      const errors = measured.samples.filter((s) => s.status !== 200).length;
      const row = {
        run: run === 1 ? '1 (YouTube, cold threads)' : run === 2 ? '2 (force_refresh)' : `${run} (transcript cache)`,
        'submit→completed s': round(measured.seconds),
        'fetchTranscript s': round(timing.fetchTranscriptS),
        'writeSummaries s': round(timing.writeSummariesS),
        'analysis s': round(timing.analysisS),
        analyses: timing.analyses,
        'status p50 ms (summarising)': round(percentile(during, 50)),
        'status p99 ms (summarising)': round(percentile(during, 99)),
        'samples (summarising)': during.length,
        'status p99 ms (whole job)': round(percentile(all, 99)),
        'status max ms (whole job)': round(all[all.length - 1] ?? NaN),
        'non-200': errors,
      };
      rows.push(row);
      figures.push({ run, status: measured.finalStatus, ...timing, seconds: measured.seconds, p50_summarizing_ms: percentile(during, 50), p99_summarizing_ms: percentile(during, 99), p99_whole_ms: percentile(all, 99), max_whole_ms: all[all.length - 1] ?? null, non200: errors });
      if (measured.finalStatus !== 'completed') throw new Error(`job ${measured.jobId} ended ${measured.finalStatus}: ${JSON.stringify(measured.failure)}`);
    }

    console.log(`\nmachine: ${machineLine()}`);
    printTable('npm start on the embedded defaults: memory of the whole process tree (MB)', [
      { state: 'idle', processes: idle.processes, rss: idle.rssMb, pss: idle.pssMb, target: TARGET.idleMb },
      ...peaks,
    ]);
    printTable(
      'the same by part, RSS / PSS (MB; the service is the API and the worker in one process, its threads included; a peak is split as it was in the sample of highest RSS)',
      breakdown.map(({ state, memory }) => ({
        state,
        ...Object.fromEntries(TREE_PARTS.map((part) => [part, `${memory.parts[part].rssMb} / ${memory.parts[part].pssMb}`])),
      })),
    );
    printTable(`10 MB transcript, all five modes, npm start on the embedded defaults (${POLLERS} status pollers)`, rows);
    for (const row of rows) {
      console.log(
        `run ${row.run}: ${row['submit→completed s']} s submit→completed (target <= ${TARGET.seconds} s); ` +
          `status p50 ${row['status p50 ms (summarising)']} ms, p99 ${row['status p99 ms (summarising)']} ms while summarising (target p99 <= ${TARGET.statusP99Ms} ms); ` +
          `analysis ${row['analysis s']} s`,
      );
    }
    console.log(
      `memory: idle ${idle.rssMb} MB RSS / ${idle.pssMb} MB PSS (target <= ${TARGET.idleMb} MB); ` +
        peaks.map((p) => `${p.state} ${p.rss} MB RSS / ${p.pss} MB PSS`).join('; ') +
        ` (target <= ${TARGET.peakMb} MB)`,
    );
    console.log(JSON.stringify({ bench: 'ten-megabytes', pollers: POLLERS, idle, peaks, runs: figures }));
  } finally {
    await connection?.close();
    await bench.close();
  }
}

/** Submits the job and polls its status from POLLERS clients until it ends. */
async function runOnce(api: string, key: string, forceRefresh: boolean) {
  const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
  const submittedAt = performance.now();
  const response = await fetch(`${api}/api/v1/videos/process`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ url: VIDEO_TEN_MEGABYTES, force_refresh: forceRefresh, options: { summary_modes: SUMMARY_MODES } }),
  });
  if (response.status !== 202) throw new Error(`submit failed: ${response.status} ${await response.text()}`);
  const jobId = ((await response.json()) as { job_id: string }).job_id;

  const samples: Sample[] = [];
  let finalStatus: string | null = null;
  let failure: unknown = null;
  let endedAt = 0;
  const poll = async () => {
    while (finalStatus === null) {
      const startedAt = performance.now();
      const res = await fetch(`${api}/api/v1/videos/status/${jobId}`, { headers });
      const body = (await res.json()) as { status?: string; current_step?: string; error?: unknown };
      const ms = performance.now() - startedAt;
      samples.push({ startedAt, ms, step: body.current_step ?? '?', status: res.status });
      if (body.status === 'completed' || body.status === 'failed') {
        finalStatus ??= body.status;
        failure ??= body.error ?? null;
        endedAt ||= performance.now();
      }
    }
  };
  await Promise.all(Array.from({ length: POLLERS }, poll));
  return { jobId, samples, finalStatus: finalStatus as string | null, failure, seconds: (endedAt - submittedAt) / 1000 };
}

/** From the job's workflow history: activity durations, and what the summary activity reported. */
async function activityTiming(client: Client, jobId: string): Promise<ActivityTiming> {
  const history = await client.workflow.getHandle(jobId).fetchHistory();
  const events = history.events ?? [];
  const at = (event: (typeof events)[number]) => Number(event.eventTime?.seconds ?? 0) * 1000 + (event.eventTime?.nanos ?? 0) / 1e6;
  const timing: ActivityTiming = { fetchTranscriptS: NaN, writeSummariesS: NaN, analyses: NaN, analysisS: NaN };
  const scheduled = new Map<number, { type: string; at: number }>();
  for (const event of events) {
    const type = event.activityTaskScheduledEventAttributes?.activityType?.name;
    if (type) scheduled.set(Number(event.eventId), { type, at: at(event) });
    const completed = event.activityTaskCompletedEventAttributes;
    if (!completed) continue;
    const start = scheduled.get(Number(completed.scheduledEventId));
    if (!start) continue;
    const seconds = (at(event) - start.at) / 1000;
    if (start.type === 'fetchTranscript') timing.fetchTranscriptS = seconds;
    if (start.type === 'writeSummaries') {
      timing.writeSummariesS = seconds;
      const payload = completed.result?.payloads?.[0];
      const result = payload ? defaultPayloadConverter.fromPayload<{ analyses: number; analysisMs: number }>(payload as never) : null;
      timing.analyses = result?.analyses ?? NaN;
      timing.analysisS = (result?.analysisMs ?? NaN) / 1000;
    }
  }
  return timing;
}

runMain(main);

