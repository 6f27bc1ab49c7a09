/**
 * A worker killed (SIGKILL) in the middle of transcribing a video's chunks: the chunks it finished
 * are saved, so the worker that takes over, on a disk of its own (TMPDIR), downloads and cuts
 * the audio again and sends the provider only the chunks that were not finished.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startFakeYouTube, VIDEO_SPOKEN_NO_CAPTIONS, type FakeYouTube } from '../fake-youtube';
import { startFakeStt, type FakeStt } from '../fake-stt/server';
import { waitFor, type ServiceProcess } from '../support/processes';
import { call, spawnWorkerProcess, startTestService, waitForJob, type TestService } from '../support/test-service';

const CHUNKS = 6;

let youtube: FakeYouTube;
let stt: FakeStt;
let service: TestService;
const workers: ServiceProcess[] = [];
const disks: string[] = [];
let sttEnv: Record<string, string>;

beforeAll(async () => {
  [youtube, stt] = await Promise.all([startFakeYouTube(), startFakeStt()]);
  // Each chunk takes the provider a while: the kill lands with chunks done and chunks to do.
  stt.latencyMs = 1500;
  sttEnv = {
    STT_PROVIDER: 'openai',
    STT_BASE_URL: stt.baseUrl,
    STT_CHUNK_SECONDS: '10',
    STT_CHUNK_OVERLAP_SECONDS: '2',
    STT_PARALLELISM: '2',
  };
  service = await startTestService({ youtubeBaseUrl: youtube.baseUrl, withWorker: false, env: sttEnv });
});

afterAll(async () => {
  for (const worker of workers) await worker.kill('SIGKILL');
  await service?.stop();
  await Promise.all([youtube?.close(), stt?.close()]);
  for (const disk of disks) fs.rmSync(disk, { recursive: true, force: true });
});

/** A worker process with a disk of its own, as on another machine. */
function startWorker(): { worker: ServiceProcess; disk: string } {
  const disk = fs.mkdtempSync(path.join(os.tmpdir(), 'vd-stt-worker-'));
  disks.push(disk);
  const worker = spawnWorkerProcess(service, { ...sttEnv, TMPDIR: disk });
  workers.push(worker);
  return { worker, disk };
}

const savedChunks = async (jobId: string) =>
  (await service.db.selectFrom('speech_chunks').select('chunk_index').where('job_id', '=', jobId).execute()).length;
const mediaRequests = () => youtube.requestsFor(VIDEO_SPOKEN_NO_CAPTIONS).filter((request) => request.path === '/videoplayback').length;

it('redoes only the chunks that were not finished', async () => {
  const { key } = await service.createUser('pro');
  const res = await call(service, 'POST', '/api/v1/videos/process', { key, body: { url: VIDEO_SPOKEN_NO_CAPTIONS } });
  expect(res.status).toBe(202);
  const jobId = res.json.job_id as string;

  const first = startWorker();
  await waitFor('two chunks transcribed', async () => (await savedChunks(jobId)) >= 2, 120_000);
  await first.worker.kill('SIGKILL');
  const savedAtKill = await savedChunks(jobId);
  expect(savedAtKill).toBeLessThan(CHUNKS);
  const requestsAtKill = stt.requests.length;
  const downloadsAtKill = mediaRequests();
  expect(fs.readdirSync(path.join(first.disk, 'video-digest-speech', jobId)).some((name) => /^chunk-\d{3}\.wav$/.test(name))).toBe(true);

  const second = startWorker();
  const { final } = await waitForJob(service, key, jobId, 150_000);
  expect(final.status).toBe('completed');

  // The provider heard each unfinished chunk once more, and no finished one again.
  expect(stt.requests.length - requestsAtKill).toBe(CHUNKS - savedAtKill);
  expect(stt.requests.filter((request) => request.status === 200).length).toBeLessThanOrEqual(CHUNKS + 2);
  // The new worker fetched the audio for itself, and removed it at the end.
  expect(mediaRequests()).toBeGreaterThan(downloadsAtKill);
  expect(fs.existsSync(path.join(second.disk, 'video-digest-speech', jobId))).toBe(false);

  const result = await call(service, 'GET', `/api/v1/videos/result/${jobId}`, { key });
  const chunkStarts: number[] = result.json.transcript.segments.map((segment: { start: number; text: string }) => {
    const within = Number(/words at ([\d.]+) seconds/.exec(segment.text)![1]);
    return Math.round((segment.start - within) * 1000) / 1000;
  });
  expect([...new Set(chunkStarts)].sort((a, b) => a - b)).toEqual([0, 8, 18, 28, 38, 48]);
}, 240_000);
