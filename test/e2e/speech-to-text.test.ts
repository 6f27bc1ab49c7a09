/**
 * Speech-to-text end to end: a captionless video's audio downloaded from the local YouTube (range
 * requests on its googlevideo.com URLs, moved onto YOUTUBE_BASE_URL), cut by ffmpeg into 20 s
 * chunks with a 5 s overlap, each chunk sent to a local OpenAI-compatible server
 * (test/fake-stt) and the answers stitched into the job's transcript. Real API, Postgres, Redis,
 * Temporal server and worker.
 */
import fs from 'node:fs';
import path from 'node:path';
import {
  startFakeYouTube,
  TONES_NO_CAPTIONS,
  VIDEO_AUDIO_SIGNATURE_ONLY,
  VIDEO_SPOKEN_NO_CAPTIONS,
  VIDEO_SPOKEN_WITH_CAPTIONS,
  VIDEO_TONES_NO_CAPTIONS,
  type FakeYouTube,
} from '../fake-youtube';
import { speechWorkRoot } from '../../src/speech';
import { startFakeStt, type FakeStt, type FakeSttRequest } from '../fake-stt/server';
import { call, startTestService, waitForJob, type TestService } from '../support/test-service';

const STT_KEY = 'sk-stt-e2e-secret';

let youtube: FakeYouTube;
let stt: FakeStt;
let service: TestService;
let key: string;

beforeAll(async () => {
  [youtube, stt] = await Promise.all([startFakeYouTube(), startFakeStt()]);
  stt.apiKey = STT_KEY;
  service = await startTestService({
    youtubeBaseUrl: youtube.baseUrl,
    env: {
      STT_PROVIDER: 'openai',
      STT_BASE_URL: stt.baseUrl,
      STT_API_KEY: STT_KEY,
      STT_CHUNK_SECONDS: '20',
      STT_CHUNK_OVERLAP_SECONDS: '5',
      STT_PARALLELISM: '2',
    },
  });
  ({ key } = await service.createUser('pro'));
});

afterAll(async () => {
  await service?.stop();
  await Promise.all([youtube?.close(), stt?.close()]);
});

beforeEach(() => {
  stt.transcript = 'clock';
  stt.latencyMs = 0;
  stt.behave = null;
  stt.requests.length = 0;
});

async function submit(body: Record<string, unknown>): Promise<string> {
  const res = await call(service, 'POST', '/api/v1/videos/process', { key, body });
  expect(res.status).toBe(202);
  return res.json.job_id as string;
}

async function result(jobId: string) {
  const res = await call(service, 'GET', `/api/v1/videos/result/${jobId}`, { key });
  expect(res.status).toBe(200);
  return res.json;
}

/** Nothing of the job's audio is left on the worker's disk, nor its chunk transcripts in Postgres. */
async function expectNoLeftovers(jobId: string) {
  expect(fs.existsSync(path.join(speechWorkRoot(), jobId))).toBe(false);
  const rows = await service.db.selectFrom('speech_chunks').select('chunk_index').where('job_id', '=', jobId).execute();
  expect(rows).toEqual([]);
}

describe('a captionless video', () => {
  let jobId: string;
  let seen: any[];
  let final: any;
  let chunkRequests: FakeSttRequest[];

  beforeAll(async () => {
    stt.transcript = 'tones';
    // Slow enough answers that the status polls see the chunks finish one by one.
    stt.latencyMs = 700;
    jobId = await submit({ url: VIDEO_TONES_NO_CAPTIONS, options: { summary_modes: ['tldr'] } });
    ({ final, seen } = await waitForJob(service, key, jobId, 120_000));
    chunkRequests = [...stt.requests];
  }, 150_000);

  it('completes, the step transcribing_audio advancing chunk by chunk', () => {
    expect(final).toMatchObject({ status: 'completed', progress_percentage: 100 });
    const progress = seen.map((status) => status.progress_percentage);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    const transcribing = seen.filter((status) => status.current_step === 'transcribing_audio').map((status) => status.progress_percentage);
    expect(new Set(transcribing).size).toBeGreaterThanOrEqual(2);
    expect(Math.min(...transcribing)).toBeGreaterThanOrEqual(20);
    expect(Math.max(...transcribing)).toBeLessThanOrEqual(40);
  });

  it('has one speech_to_text transcript with absolute times, each tone once though overlaps heard some twice', async () => {
    const body = await result(jobId);
    expect(body.transcript).toMatchObject({ source: 'speech_to_text', language: 'en', quality: 'normal', truncated: false });
    const heard = body.transcript.segments.map((segment: { start: number; text: string }) => [segment.start, segment.text]);
    expect(heard).toHaveLength(TONES_NO_CAPTIONS.length);
    TONES_NO_CAPTIONS.forEach(([start, , hertz], i) => {
      expect(heard[i][1]).toBe(`tone ${hertz} hertz`);
      expect(Math.abs(heard[i][0] - start)).toBeLessThan(0.15);
    });
    expect(body.summaries.tldr.content.length).toBeGreaterThan(0);
    expect(body.warnings).toEqual([]);
  });

  it('sent each 16 kHz WAV chunk once, with the model and verbose_json, and the key as a bearer token', () => {
    // Chunks 0-20 s, 15-40 s and 35-60 s.
    expect(chunkRequests.map((request) => Math.round(request.audioSeconds!)).sort()).toEqual([20, 25, 25]);
    expect(new Set(chunkRequests.map((request) => request.audioSha256)).size).toBe(3);
    for (const request of chunkRequests) {
      expect(request).toMatchObject({ status: 200, fields: { model: 'whisper-1', response_format: 'verbose_json' } });
      expect(request.headers.authorization).toBe(`Bearer ${STT_KEY}`);
    }
  });

  it('downloaded the audio through YOUTUBE_BASE_URL in range requests, and left nothing behind', async () => {
    const media = youtube.requestsFor(VIDEO_TONES_NO_CAPTIONS).filter((request) => request.path === '/videoplayback');
    expect(media.length).toBeGreaterThan(0);
    expect(media.every((request) => request.status === 206 && /^bytes=\d+-\d+$/.test(request.range ?? ''))).toBe(true);
    await expectNoLeftovers(jobId);
    const cached = await service.db
      .selectFrom('transcript_cache')
      .select(['source_kind'])
      .where('video_id', '=', VIDEO_TONES_NO_CAPTIONS)
      .execute();
    expect(cached).toEqual([{ source_kind: 'speech_to_text' }]);
  });

  it('serves a later job from the transcript cache; force_refresh transcribes again', async () => {
    stt.transcript = 'tones';
    const again = await submit({ url: VIDEO_TONES_NO_CAPTIONS });
    expect((await waitForJob(service, key, again)).final.status).toBe('completed');
    expect(stt.requests).toHaveLength(0);
    expect((await result(again)).transcript.segments).toHaveLength(TONES_NO_CAPTIONS.length);

    const refreshed = await submit({ url: VIDEO_TONES_NO_CAPTIONS, force_refresh: true });
    expect((await waitForJob(service, key, refreshed)).final.status).toBe('completed');
    expect(stt.requests).toHaveLength(3);
  });
});

describe('options.transcript_source', () => {
  it('speech_to_text transcribes a video that has captions, the chunks placed at their absolute times', async () => {
    const jobId = await submit({ url: VIDEO_SPOKEN_WITH_CAPTIONS, options: { transcript_source: 'speech_to_text', language: 'en' } });
    expect((await waitForJob(service, key, jobId, 120_000)).final.status).toBe('completed');
    const body = await result(jobId);
    expect(body.transcript).toMatchObject({ source: 'speech_to_text', language: 'en' });
    // The fake names each segment's start within its chunk: the difference is where the chunk starts.
    const chunkStarts: number[] = body.transcript.segments.map((segment: { start: number; text: string }) => {
      const within = Number(/words at ([\d.]+) seconds/.exec(segment.text)![1]);
      return Math.round((segment.start - within) * 1000) / 1000;
    });
    expect([...new Set(chunkStarts)].sort((a, b) => a - b)).toEqual([0, 15, 35]);
    // Continuous 5 s segments, none doubled by the overlaps.
    const starts: number[] = body.transcript.segments.map((segment: { start: number }) => segment.start);
    expect(starts).toEqual([...new Set(starts)].sort((a, b) => a - b));
    expect(starts[0]).toBe(0);
    expect(starts.at(-1)).toBeGreaterThanOrEqual(55);
    expect(stt.requests.every((request) => request.fields.language === 'en')).toBe(true);
    await expectNoLeftovers(jobId);
  }, 150_000);

  it('auto takes the captions when there are some; captions never transcribes', async () => {
    const auto = await submit({ url: VIDEO_SPOKEN_WITH_CAPTIONS });
    expect((await waitForJob(service, key, auto)).final.status).toBe('completed');
    expect((await result(auto)).transcript.source).toBe('captions_manual');

    const captionsOnly = await submit({ url: VIDEO_SPOKEN_NO_CAPTIONS, options: { transcript_source: 'captions' } });
    const { final } = await waitForJob(service, key, captionsOnly);
    expect(final).toMatchObject({ status: 'failed', error: { code: 'TRANSCRIPT_UNAVAILABLE' } });
    expect(stt.requests).toHaveLength(0);
    expect(youtube.requestsFor(VIDEO_SPOKEN_NO_CAPTIONS).filter((request) => request.path === '/videoplayback')).toHaveLength(0);
  });

  it('is in the OpenAPI document', async () => {
    const res = await call(service, 'GET', '/openapi.json');
    // null, as for every option, is the default.
    expect(res.json.components.schemas.ProcessOptions.properties.transcript_source.enum).toEqual(['auto', 'captions', 'speech_to_text', null]);
  });
});

describe('provider refusals', () => {
  it('a refused key (401) is final: the job fails TRANSCRIPT_UNAVAILABLE without asking again', async () => {
    stt.behave = () => ({ fault: 'unauthorized' });
    const jobId = await submit({ url: VIDEO_SPOKEN_NO_CAPTIONS, force_refresh: true });
    const { final } = await waitForJob(service, key, jobId, 120_000);
    expect(final).toMatchObject({ status: 'failed', error: { code: 'TRANSCRIPT_UNAVAILABLE' } });
    expect(final.error.message).toMatch(/HTTP 401/);
    expect(final.error.message).not.toContain(STT_KEY);
    // The chunks under way when the refusal came (STT_PARALLELISM of them), each asked once.
    expect(stt.requests.length).toBeLessThanOrEqual(2);
    expect([...stt.requestsByAudio().values()].every((count) => count === 1)).toBe(true);
    await expectNoLeftovers(jobId);
  }, 150_000);

  it('a 429 is retried after its Retry-After, then the job completes', async () => {
    const asked = new Map<string, number[]>();
    stt.behave = (request) => {
      const times = asked.get(request.audioSha256) ?? [];
      times.push(Date.now());
      asked.set(request.audioSha256, times);
      return times.length === 1 && asked.size === 1 ? { fault: 'rate-limited', retryAfter: 3 } : undefined;
    };
    const jobId = await submit({ url: VIDEO_SPOKEN_NO_CAPTIONS, force_refresh: true });
    expect((await waitForJob(service, key, jobId, 120_000)).final.status).toBe('completed');
    expect(stt.requests.filter((request) => request.status === 429)).toHaveLength(1);
    const retried = [...asked.values()].find((times) => times.length > 1)!;
    expect(retried).toHaveLength(2);
    expect(retried[1]! - retried[0]!).toBeGreaterThanOrEqual(2900);
  }, 150_000);
});

it('fails SOURCE_BLOCKED when every client offers the audio only behind a signature', async () => {
  const jobId = await submit({ url: VIDEO_AUDIO_SIGNATURE_ONLY });
  const { final } = await waitForJob(service, key, jobId, 120_000);
  expect(final).toMatchObject({ status: 'failed', error: { code: 'SOURCE_BLOCKED' } });
  expect(final.error.message).toMatch(/signature/);
  expect(stt.requests).toHaveLength(0);
  await expectNoLeftovers(jobId);
}, 150_000);
