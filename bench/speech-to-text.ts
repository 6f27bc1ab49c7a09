/**
 * Speech-to-text of a long captionless video through the chunked path, as a deployment runs it:
 * the API in this process, a worker in a process of its own (`npm run start:worker`), YouTube at
 * the local fake server (the audio an hour of ffmpeg's sine, served as Opus and AAC streams with
 * range requests) and a local OpenAI-compatible provider (test/fake-stt) that takes 1 s per chunk:
 *
 *   bash scripts/with-infra.sh node --require tsx/cjs bench/speech-to-text.ts [--minutes 60] [--parallelism 2] [--chunk-seconds 600]
 *
 * It prints the wall time from submission to the completed job, the time of each phase read from
 * the job's workflow history (the audio prepared: download and ffmpeg's chunks; the chunks
 * transcribed; the transcript stitched; the summary written), and the peak RSS and PSS of the
 * worker's process tree (the worker and the ffmpeg processes it starts), sampled every 100 ms:
 * over the speech step alone, and over the whole job (the summary threads start after it),
 * beside the tree idle before the job.
 */
import { Client, Connection } from '@temporalio/client';
import { startApiServer } from '../src/runtime/api-server';
import type { Db } from '../src/storage/database';
import { fakeAudioFiles } from '../test/fake-youtube/audio';
import type { FakeVideo } from '../test/fake-youtube';
import { startFakeStt } from '../test/fake-stt/server';
import { spawnEntry, waitFor } from '../test/support/processes';
import { requireEnv } from '../test/support/infrastructure';
import { sampleTreePeak, treeMemory, type TreeMemory } from './process-memory';
import { createBenchUser, machineLine, numericOptions, printTable, round, runMain, startBenchStack } from './support';

const { minutes: MINUTES, parallelism: PARALLELISM, 'chunk-seconds': CHUNK_SECONDS } = numericOptions({ minutes: 60, parallelism: 2, 'chunk-seconds': 600 });
const PROVIDER_SECONDS_PER_CHUNK = 1;
const VIDEO_ID = 'BenchHourAu';

interface Phases {
  prepareS: number;
  transcribeS: number;
  chunkCalls: number;
  finishS: number;
  summariesS: number;
}

async function main() {
  const video: FakeVideo = {
    videoId: VIDEO_ID,
    title: `${MINUTES} minutes of sound`,
    author: 'Bench',
    channelId: 'UCbenchbenchbenchbench00',
    lengthSeconds: MINUTES * 60,
    description: '',
    publishDate: '2026-01-01T00:00:00+00:00',
    tracks: [],
    audio: { content: { kind: 'sine', seconds: MINUTES * 60, hertz: 440 } },
  };
  const made = Date.now();
  const audio = await fakeAudioFiles(video.audio!.content);
  const audioMadeS = (Date.now() - made) / 1000;

  const stt = await startFakeStt();
  stt.latencyMs = PROVIDER_SECONDS_PER_CHUNK * 1000;
  const sttEnv = {
    STT_PROVIDER: 'openai',
    STT_BASE_URL: stt.baseUrl,
    STT_CHUNK_SECONDS: String(CHUNK_SECONDS),
    STT_PARALLELISM: String(PARALLELISM),
    STT_MAX_AUDIO_SECONDS: String(Math.max(14400, MINUTES * 60)),
  };
  const stack = await startBenchStack({ TEMPORAL_TASK_QUEUE: 'bench-speech', ...sttEnv });
  stack.youtube.addVideo(video);
  const { config, infra, logger } = stack;
  const api = await startApiServer(config, infra, logger, { recordRequests: false });
  const db = infra.database.db;
  const { key } = await createBenchUser(db, 'bench-speech@example.com');

  const worker = spawnEntry('workers/main.ts', {
    DATABASE_URL: stack.database.url,
    REDIS_URL: requireEnv('TEST_REDIS_URL'),
    TEMPORAL_ADDRESS: config.temporal.address!,
    TEMPORAL_TASK_QUEUE: config.temporal.taskQueue,
    YOUTUBE_BASE_URL: stack.youtube.baseUrl,
    LOG_LEVEL: 'warn',
    ...sttEnv,
  });
  // Start-up (the workflow bundle among it) is over when the tree stops growing.
  await waitFor('the worker to start', async () => {
    if (worker.child.exitCode !== null) throw new Error(`the worker exited: ${worker.output()}`);
    return settled(worker.child.pid!);
  }, 120_000);
  const idle = treeMemory(worker.child.pid!);

  const peak = sampleTreePeak(worker.child.pid!);
  // Apart: the speech step alone (until the summaries start their own threads).
  const speechPeak = sampleTreePeak(worker.child.pid!);
  let speechMemory: Promise<TreeMemory> | null = null;
  const submitted = Date.now();
  const res = await fetch(`${api.url}/api/v1/videos/process`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ url: VIDEO_ID, options: { summary_modes: ['tldr'] } }),
  });
  if (res.status !== 202) throw new Error(`submit: ${res.status} ${await res.text()}`);
  const jobId = ((await res.json()) as { job_id: string }).job_id;
  const job = await waitForJob(db, jobId, (step) => {
    if (!['queued', 'fetching_metadata', 'fetching_transcript', 'transcribing_audio'].includes(step)) speechMemory ??= speechPeak.stop();
  });
  const wallS = (Date.now() - submitted) / 1000;
  const memory = await peak.stop();
  const speechOnly = await (speechMemory ?? speechPeak.stop());
  if (job.status !== 'completed') throw new Error(`the job ended ${job.status}: ${job.error_message}`);

  const connection = await Connection.connect({ address: config.temporal.address! });
  const phases = await phaseTimes(new Client({ connection }), jobId);
  await connection.close();
  const transcript = await db.selectFrom('job_transcripts').select(['word_count']).where('job_id', '=', jobId).executeTakeFirstOrThrow();

  const smallest = [...audio.streams].sort((a, b) => a.bytes - b.bytes)[0]!;
  console.log(`\nmachine: ${machineLine()}`);
  console.log(
    `audio: ${MINUTES} min, ${round(smallest.bytes / 2 ** 20)} MB ${smallest.mimeType.split(';')[0]} downloaded (made in ${round(audioMadeS)} s, cached); ` +
      `chunks of ${CHUNK_SECONDS} s, ${PARALLELISM} at a time; provider ${PROVIDER_SECONDS_PER_CHUNK} s per chunk`,
  );
  printTable(`speech-to-text of ${MINUTES} min of audio, one job`, [
    {
      'wall s': round(wallS),
      'prepare s': round(phases.prepareS),
      'transcribe s': round(phases.transcribeS),
      chunks: phases.chunkCalls,
      'stitch s': round(phases.finishS),
      'summary s': round(phases.summariesS),
      'idle RSS MB': idle.rssMb,
      'speech peak RSS MB': speechOnly.rssMb,
      'peak RSS MB': memory.rssMb,
      'peak PSS MB': memory.pssMb,
      'peak procs': memory.processes,
      words: transcript.word_count,
    },
  ]);
  console.log(
    JSON.stringify({
      bench: 'speech-to-text',
      minutes: MINUTES,
      chunk_seconds: CHUNK_SECONDS,
      parallelism: PARALLELISM,
      provider_seconds_per_chunk: PROVIDER_SECONDS_PER_CHUNK,
      wall_seconds: round(wallS),
      prepare_seconds: round(phases.prepareS),
      transcribe_seconds: round(phases.transcribeS),
      chunks: phases.chunkCalls,
      stitch_seconds: round(phases.finishS),
      summaries_seconds: round(phases.summariesS),
      worker_idle_rss_mb: idle.rssMb,
      worker_speech_peak_rss_mb: speechOnly.rssMb,
      worker_speech_peak_pss_mb: speechOnly.pssMb,
      worker_peak_rss_mb: memory.rssMb,
      worker_peak_pss_mb: memory.pssMb,
    }),
  );

  await worker.kill('SIGTERM');
  await api.close();
  await stt.close();
  await stack.close();
}

/** The worker tree's memory once it stops growing: start-up done. */
async function settled(pid: number): Promise<boolean> {
  const before = treeMemory(pid).rssMb;
  await new Promise((resolve) => setTimeout(resolve, 3000));
  return before > 0 && Math.abs(treeMemory(pid).rssMb - before) < 5;
}

async function waitForJob(db: Db, jobId: string, onStep: (step: string) => void) {
  for (;;) {
    const row = await db.selectFrom('jobs').select(['status', 'current_step', 'error_message']).where('id', '=', jobId).executeTakeFirstOrThrow();
    onStep(row.current_step);
    if (row.status === 'completed' || row.status === 'failed') return row;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Phase durations from the job's workflow history (scheduled to completed, by activity type). */
async function phaseTimes(client: Client, jobId: string): Promise<Phases> {
  const history = await client.workflow.getHandle(jobId).fetchHistory();
  const events = history.events ?? [];
  const at = (event: (typeof events)[number]) => Number(event.eventTime?.seconds ?? 0) * 1000 + (event.eventTime?.nanos ?? 0) / 1e6;
  const scheduled = new Map<number, { type: string; at: number }>();
  const spans = new Map<string, { first: number; last: number; count: number }>();
  for (const event of events) {
    const type = event.activityTaskScheduledEventAttributes?.activityType?.name;
    if (type) scheduled.set(Number(event.eventId), { type, at: at(event) });
    const completed = event.activityTaskCompletedEventAttributes;
    const start = completed ? scheduled.get(Number(completed.scheduledEventId)) : undefined;
    if (!start) continue;
    const span = spans.get(start.type) ?? { first: start.at, last: at(event), count: 0 };
    span.first = Math.min(span.first, start.at);
    span.last = Math.max(span.last, at(event));
    span.count += 1;
    spans.set(start.type, span);
  }
  const seconds = (type: string) => {
    const span = spans.get(type);
    return span ? (span.last - span.first) / 1000 : NaN;
  };
  return {
    prepareS: seconds('prepareSpeechAudio'),
    transcribeS: seconds('transcribeSpeechChunk'),
    chunkCalls: spans.get('transcribeSpeechChunk')?.count ?? 0,
    finishS: seconds('finishSpeechTranscript'),
    summariesS: seconds('writeSummaries'),
  };
}

runMain(main);
