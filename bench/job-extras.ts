/**
 * What the per-job extras cost, through the whole service (API, Temporal, worker, Postgres), with
 * the local fake YouTube answering at once:
 *
 *   bash scripts/with-infra.sh node --require tsx/cjs bench/job-extras.ts [--rounds 30]
 *
 * YouTube's side runs in a process of its own (test/fake-youtube/main.ts), as the real one is
 * elsewhere: in the service's process the fake's page building would share the worker's event loop
 * and be counted as the comments' cost. Each round takes one video and runs it three ways, one job at a time, in an order that rotates
 * per round: plain (tldr, detailed, key_insights), the same with include_comments, and the same
 * with include_comments and generate_infographic. A job's time is the service's own, from its row's
 * created_at to its completed_at. Every job is force_refresh, so each one fetches its transcript.
 * The comments target: a job with include_comments within 10% of the same job without. Beside the
 * times, the CPU each job cost every process on the machine (bench/process-cpu.ts): nothing in a
 * job waits on its comments, so what they add to its time is the CPU they take from its steps.
 * Which steps they slow shows in the last table, read from each job's workflow history
 * (bench/job-timeline.ts).
 *
 * Before a round's jobs, the round's video is read once through the YouTube client (metadata,
 * transcript, comments), untimed. The fake makes up a video, its captions and its comment pages
 * the first time they are asked for and then keeps them: on this machine that first time costs
 * it several milliseconds of CPU per video (about 7 for the comment pages), taken from the
 * service's own processes, and it fell on whichever job of the round came first. YouTube has
 * its pages at hand; so, after this, does the fake, for every job alike.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { startApiServer } from '../src/runtime/api-server';
import { startJobWorker } from '../workers/worker-process';
import { generatedVideoId } from '../test/fake-youtube';
import { createYouTubeClient } from '../src/youtube';
import { createBenchUser, machineLine, percentile, printTable, round, runMain, startBenchStack } from './support';
import { CPU_PARTS, cpuSpent, readCpu, type CpuReading } from './process-cpu';
import { Client, Connection } from '@temporalio/client';
import { readJobTimeline, TIMELINE_STEPS, type JobTimeline } from './job-timeline';

const { values: args } = parseArgs({ options: { rounds: { type: 'string', default: '30' } } });
const ROUNDS = Number(args.rounds);
const WARM_UP_ROUNDS = 3;
const MODES = ['tldr', 'detailed', 'key_insights'];

const VARIANTS = {
  plain: {},
  comments: { include_comments: true },
  'comments + infographic': { include_comments: true, generate_infographic: true },
} as const;
type Variant = keyof typeof VARIANTS;
const VARIANT_NAMES = Object.keys(VARIANTS) as Variant[];

/** The fake YouTube as its own process; resolves its base URL and a way to stop it. */
async function startFakeYouTubeProcess(): Promise<{ baseUrl: string; pid: number; stop(): void }> {
  const child = spawn(process.execPath, ['--require', 'tsx/cjs', path.join(__dirname, '../test/fake-youtube/main.ts'), '--port', '0'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const baseUrl = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the fake YouTube exited with ${code}`)));
    child.stdout!.once('data', (chunk) => resolve(String(chunk).trim()));
  });
  return { baseUrl, pid: child.pid!, stop: () => child.kill('SIGTERM') };
}

async function main() {
  const youtube = await startFakeYouTubeProcess();
  const stack = await startBenchStack({
    YOUTUBE_BASE_URL: youtube.baseUrl,
    TEMPORAL_TASK_QUEUE: 'bench-extras',
    PLAN_LIMITS: JSON.stringify({ pro: { requests_per_minute: 100_000_000, videos_per_month: 1_000_000 } }),
  });
  const { config, infra, logger } = stack;
  const db = infra.database.db;
  const worker = await startJobWorker(config, infra, logger);
  const api = await startApiServer(config, infra, logger);
  const { key } = await createBenchUser(db, 'bench-extras@example.com');
  const youtubeClient = createYouTubeClient({ baseUrl: youtube.baseUrl });
  const temporalConnection = await Connection.connect({ address: infra.temporalAddress });
  const temporal = new Client({ connection: temporalConnection, namespace: config.temporal.namespace });
  /** Has the fake make up the video's pages now, untimed (see above). */
  const prime = async (videoId: string) => {
    await youtubeClient.getMetadata(videoId);
    await youtubeClient.getTranscript(videoId);
    await youtubeClient.getComments(videoId, { limit: config.youtube.commentsLimit });
  };

  /** One job, start to end; its id, and its time in ms as the service recorded it. */
  const runJob = async (videoId: string, variant: Variant): Promise<{ jobId: string; ms: number }> => {
    const res = await fetch(`${api.url}/api/v1/videos/process`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ url: videoId, force_refresh: true, options: { summary_modes: MODES, ...VARIANTS[variant] } }),
    });
    if (res.status !== 202) throw new Error(`submit failed: ${res.status} ${await res.text()}`);
    const jobId = ((await res.json()) as { job_id: string }).job_id;
    // The workflow's result is one long poll; reading the row every few ms would take CPU from
    // the service and Postgres in the middle of the job it measures.
    await temporal.workflow.getHandle(jobId).result();
    const row = await db.selectFrom('jobs').select(['status', 'error_message', 'created_at', 'completed_at']).where('id', '=', jobId).executeTakeFirstOrThrow();
    if (row.status !== 'completed') throw new Error(`a benchmark job ended ${row.status}: ${row.error_message}`);
    return { jobId, ms: new Date(row.completed_at!).getTime() - new Date(row.created_at).getTime() };
  };

  const times: Record<Variant, number[]> = { plain: [], comments: [], 'comments + infographic': [] };
  // CPU of each process from one job's submission to the next's: each job's trailing work (the
  // worker's last acknowledgements, Postgres' background writes) falls on the job after it, which
  // the rotating order spreads over the variants alike.
  const cpu: Record<Variant, CpuReading[]> = { plain: [], comments: [], 'comments + infographic': [] };
  const processes = { servicePid: process.pid, fakeYouTubePid: youtube.pid };
  const comments: number[] = [];
  const jobIds: Record<Variant, string[]> = { plain: [], comments: [], 'comments + infographic': [] };
  const timelines: Record<Variant, JobTimeline[]> = { plain: [], comments: [], 'comments + infographic': [] };
  try {
    for (let round = -WARM_UP_ROUNDS; round < ROUNDS; round++) {
      const videoId = generatedVideoId(30_000 + round + WARM_UP_ROUNDS);
      const order = VARIANT_NAMES.map((_, i) => VARIANT_NAMES[(i + round + WARM_UP_ROUNDS) % VARIANT_NAMES.length]!);
      await prime(videoId);
      for (const variant of order) {
        const before = readCpu(processes);
        const { jobId, ms } = await runJob(videoId, variant);
        if (round >= 0) {
          jobIds[variant].push(jobId);
          times[variant].push(ms);
          cpu[variant].push(cpuSpent(before, readCpu(processes)));
        }
      }
    }
    for (const variant of VARIANT_NAMES) for (const jobId of jobIds[variant]) timelines[variant].push(await readJobTimeline(temporal, jobId));
    const fetched = await db.selectFrom('job_comments').select('comments').execute();
    for (const row of fetched) comments.push(row.comments.fetched);
  } finally {
    await temporalConnection.close();
    await api.close();
    await worker.shutdown();
    await stack.close();
    youtube.stop();
  }

  const mean = (values: number[]) => values.reduce((sum, v) => sum + v, 0) / values.length;
  const summary = (variant: Variant) => {
    const sorted = [...times[variant]].sort((a, b) => a - b);
    return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), mean: mean(sorted) };
  };
  const plain = summary('plain');
  const rows = VARIANT_NAMES.map((variant) => {
    const s = summary(variant);
    return {
      job: variant,
      'p50 ms': round(s.p50),
      'p95 ms': round(s.p95),
      'mean ms': round(s.mean),
      'p50 vs plain': `${round((s.p50 / plain.p50 - 1) * 100)}%`,
      'mean vs plain': `${round((s.mean / plain.mean - 1) * 100)}%`,
    };
  });
  const withComments = summary('comments');
  const overhead = withComments.p50 / plain.p50 - 1;
  // The same video's two jobs of a round side by side: load that comes and goes falls on both.
  const pairedRatios = times.comments.map((ms, i) => ms / times.plain[i]! - 1).sort((a, b) => a - b);
  const pairedOverhead = percentile(pairedRatios, 50);

  console.log(`\nmachine: ${machineLine()}`);
  printTable(`one job at a time, ${ROUNDS} rounds (+${WARM_UP_ROUNDS} warm-up), modes ${MODES.join(', ')}, fake YouTube in its own process answering at once`, rows);
  const meanCpu = (variant: Variant) => {
    const total = Object.fromEntries(CPU_PARTS.map((part) => [part, mean(cpu[variant].map((reading) => reading[part]))])) as CpuReading;
    return { ...total, all: CPU_PARTS.reduce((sum, part) => sum + total[part], 0) };
  };
  printTable(
    'CPU per job, mean ms by process (service: API and worker, this process)',
    VARIANT_NAMES.map((variant) => ({ job: variant, ...Object.fromEntries(Object.entries(meanCpu(variant)).map(([part, ms]) => [part, round(ms)])) })),
  );
  // Where the time went, step by step, from each job's workflow history: what runs beside the
  // steps (the comments) shows up as the steps it overlaps growing.
  const meanStep = (variant: Variant, pick: (timeline: JobTimeline) => number | undefined) =>
    round(mean(timelines[variant].map(pick).filter((ms): ms is number => ms !== undefined)));
  printTable(
    'where the time went, mean ms per step (workflow history)',
    [
      ...TIMELINE_STEPS.map((step) => ({
        step,
        ...Object.fromEntries(VARIANT_NAMES.map((variant) => [variant, meanStep(variant, (t) => t.steps[step])])),
        'comments - plain': round(meanStep('comments', (t) => t.steps[step]) - meanStep('plain', (t) => t.steps[step])),
      })),
      {
        step: 'workflow, start to end',
        ...Object.fromEntries(VARIANT_NAMES.map((variant) => [variant, meanStep(variant, (t) => t.totalMs)])),
        'comments - plain': round(meanStep('comments', (t) => t.totalMs) - meanStep('plain', (t) => t.totalMs)),
      },
      ...['fetchComments', 'renderInfographic'].map((activity) => ({
        step: `activity ${activity}`,
        ...Object.fromEntries(VARIANT_NAMES.map((variant) => [variant, meanStep(variant, (t) => t.sideActivities[activity]) || '-'])),
        'comments - plain': '-',
      })),
    ],
  );
  const plainCpu = meanCpu('plain');
  const commentsCpu = meanCpu('comments');
  const commentsExtraCpu = Object.fromEntries(Object.entries(commentsCpu).map(([part, ms]) => [part, round(ms - plainCpu[part as keyof typeof plainCpu])]));
  console.log(`include_comments adds ${commentsExtraCpu.all} ms of CPU a job: ${CPU_PARTS.map((part) => `${part} ${commentsExtraCpu[part]}`).join(', ')}`);
  console.log(`comments per job: ${Math.min(...comments)} to ${Math.max(...comments)} (COMMENTS_LIMIT ${config.youtube.commentsLimit})`);
  console.log(`include_comments target (p50 within 10% of the plain job): ${overhead <= 0.1 ? 'met' : 'NOT met'} (${round(overhead * 100)}%)`);
  console.log(`the same per round (median of each round's comments / plain): ${round(pairedOverhead * 100)}%`);
  console.log(
    JSON.stringify({
      bench: 'job-extras',
      rounds: ROUNDS,
      ...Object.fromEntries(VARIANT_NAMES.map((variant) => [variant.replace(/\W+/g, '_'), { p50_ms: round(summary(variant).p50), p95_ms: round(summary(variant).p95), mean_ms: round(summary(variant).mean) }])),
      comments_p50_overhead_percent: round(overhead * 100),
      comments_paired_median_overhead_percent: round(pairedOverhead * 100),
      cpu_ms_per_job: Object.fromEntries(VARIANT_NAMES.map((variant) => [variant.replace(/\W+/g, '_'), round(meanCpu(variant).all)])),
      comments_extra_cpu_ms: commentsExtraCpu,
    }),
  );
}

runMain(main);
