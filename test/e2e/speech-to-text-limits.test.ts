/**
 * When speech-to-text cannot or should not run, and the offline engine: a server without a
 * provider, a video longer than STT_MAX_AUDIO_SECONDS (refused before any audio is fetched), and
 * Debian's pocketsphinx, whose transcripts are marked low quality. One service per setting, one
 * after another.
 */
import fs from 'node:fs';
import path from 'node:path';
import { speechWorkRoot } from '../../src/speech';
import { startFakeYouTube, VIDEO_LIVE_NOW, VIDEO_SPOKEN_NO_CAPTIONS, type FakeYouTube } from '../fake-youtube';
import { call, startTestService, waitForJob, type TestService } from '../support/test-service';

let youtube: FakeYouTube;

beforeAll(async () => {
  youtube = await startFakeYouTube();
});

afterAll(async () => {
  await youtube?.close();
});

/** A service with these settings for the describe block it is called in. */
function serviceWith(env: Record<string, string>) {
  const handle: { service: TestService; key: string } = {} as never;
  beforeAll(async () => {
    handle.service = await startTestService({ youtubeBaseUrl: youtube.baseUrl, env });
    handle.key = (await handle.service.createUser('pro')).key;
  });
  afterAll(async () => {
    await handle.service?.stop();
  });
  return handle;
}

async function runJob(handle: { service: TestService; key: string }, body: Record<string, unknown>) {
  const res = await call(handle.service, 'POST', '/api/v1/videos/process', { key: handle.key, body });
  expect(res.status).toBe(202);
  const jobId = res.json.job_id as string;
  return { jobId, ...(await waitForJob(handle.service, handle.key, jobId, 120_000)) };
}

const mediaRequests = () => youtube.requestsFor(VIDEO_SPOKEN_NO_CAPTIONS).filter((request) => request.path === '/videoplayback');

describe('STT_PROVIDER=none', () => {
  const handle = serviceWith({});

  it('fails a captionless video TRANSCRIPT_UNAVAILABLE, saying no provider is configured', async () => {
    youtube.requests.length = 0;
    const { final } = await runJob(handle, { url: VIDEO_SPOKEN_NO_CAPTIONS });
    expect(final).toMatchObject({ status: 'failed', error: { code: 'TRANSCRIPT_UNAVAILABLE' } });
    expect(final.error.message).toMatch(/no captions.*no speech-to-text provider configured/);
    expect(mediaRequests()).toHaveLength(0);
  });

  it('says so too when speech_to_text was asked for', async () => {
    const { final } = await runJob(handle, { url: VIDEO_SPOKEN_NO_CAPTIONS, options: { transcript_source: 'speech_to_text' } });
    expect(final).toMatchObject({ status: 'failed', error: { code: 'TRANSCRIPT_UNAVAILABLE' } });
    expect(final.error.message).toMatch(/speech_to_text was asked for.*no speech-to-text provider/);
  });
});

describe('a video longer than STT_MAX_AUDIO_SECONDS', () => {
  // The provider is never reached: any address will do.
  const handle = serviceWith({ STT_PROVIDER: 'openai', STT_BASE_URL: 'http://127.0.0.1:9/v1', STT_MAX_AUDIO_SECONDS: '30' });

  it('fails TRANSCRIPT_UNAVAILABLE, giving the limit, before any audio is downloaded', async () => {
    youtube.requests.length = 0;
    const { final, jobId } = await runJob(handle, { url: VIDEO_SPOKEN_NO_CAPTIONS });
    expect(final).toMatchObject({ status: 'failed', error: { code: 'TRANSCRIPT_UNAVAILABLE' } });
    expect(final.error.message).toMatch(/runs 1 min 00 s, longer than the 30 s this server transcribes/);
    expect(mediaRequests()).toHaveLength(0);
    expect(fs.existsSync(path.join(speechWorkRoot(), jobId))).toBe(false);
  });

  it('fails a stream still live TRANSCRIPT_UNAVAILABLE at once, downloading nothing: there is no whole recording yet', async () => {
    youtube.requests.length = 0;
    const { final } = await runJob(handle, { url: VIDEO_LIVE_NOW, options: { transcript_source: 'speech_to_text' } });
    expect(final).toMatchObject({ status: 'failed', error: { code: 'TRANSCRIPT_UNAVAILABLE' } });
    expect(final.error.message).toMatch(/live stream still in progress/);
    expect(youtube.requestsFor(VIDEO_LIVE_NOW).filter((request) => request.path === '/videoplayback')).toHaveLength(0);
  });
});

describe('STT_PROVIDER=pocketsphinx', () => {
  const handle = serviceWith({ STT_PROVIDER: 'pocketsphinx', STT_CHUNK_SECONDS: '30', STT_CHUNK_OVERLAP_SECONDS: '3' });

  it('transcribes offline, the transcript marked low quality and the job warned', async () => {
    const { final, jobId } = await runJob(handle, { url: VIDEO_SPOKEN_NO_CAPTIONS, options: { summary_modes: ['tldr'] } });
    expect(final.status).toBe('completed');
    const res = await call(handle.service, 'GET', `/api/v1/videos/result/${jobId}`, { key: handle.key });
    expect(res.json.transcript).toMatchObject({ source: 'speech_to_text', language: 'en', quality: 'low' });
    expect(res.json.transcript.word_count).toBeGreaterThan(20);
    // The speech ends at 56 s of the minute: the words are spread over it, in order.
    const starts = res.json.transcript.segments.map((segment: { start: number }) => segment.start);
    expect(starts).toEqual([...starts].sort((a: number, b: number) => a - b));
    expect(starts.at(-1)).toBeGreaterThan(40);
    expect(res.json.warnings).toEqual([expect.objectContaining({ code: 'LOW_QUALITY_TRANSCRIPT' })]);
    expect(fs.existsSync(path.join(speechWorkRoot(), jobId))).toBe(false);
  }, 150_000);
});
