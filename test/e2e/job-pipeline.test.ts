/**
 * One video job end to end, as a client uses it: POST process, poll status, GET result, list.
 * Real API, Postgres, Redis, Temporal server and worker; YouTube is the local fake.
 */
import {
  VIDEO_AGE_SIGN_IN_DIALOG,
  VIDEO_AUTO_ONLY,
  VIDEO_BOT_CHECKED,
  VIDEO_GERMAN_TRANSLATABLE,
  VIDEO_LONG,
  VIDEO_MANUAL_AND_AUTO,
  VIDEO_NO_CAPTIONS,
  VIDEO_PRIVATE,
  VIDEO_UNAVAILABLE,
  startFakeYouTube,
  type FakeYouTube,
} from '../fake-youtube';
import { call, startTestService, waitForJob, type TestService } from '../support/test-service';

let youtube: FakeYouTube;
let service: TestService;
let key: string;

const ALL_MODES = ['tldr', 'detailed', 'study_notes', 'timestamped', 'key_insights'];

beforeAll(async () => {
  youtube = await startFakeYouTube();
  service = await startTestService({ youtubeBaseUrl: youtube.baseUrl });
  ({ key } = await service.createUser('pro'));
});

afterAll(async () => {
  await service?.stop();
  await youtube?.close();
});

async function submit(body: Record<string, unknown>) {
  const res = await call(service, 'POST', '/api/v1/videos/process', { key, body });
  expect(res.status).toBe(202);
  return res.json.job_id as string;
}

const watchUrl = (id: string) => `https://www.youtube.com/watch?v=${id}`;

describe('a job that succeeds', () => {
  let jobId: string;
  let seen: any[];
  let final: any;

  beforeAll(async () => {
    jobId = await submit({ url: `https://youtu.be/${VIDEO_MANUAL_AND_AUTO}`, options: { summary_modes: ALL_MODES }, agent_name: 'e2e' });
    ({ final, seen } = await waitForJob(service, key, jobId));
  });

  it('completes with progress that never goes backwards', () => {
    expect(final).toMatchObject({ status: 'completed', progress_percentage: 100, current_step: 'completed', estimated_time_remaining: 0, agent_name: 'e2e' });
    const progress = seen.map((s) => s.progress_percentage);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(progress.filter((p) => p === 100)).toHaveLength(1);
    expect(new Set(seen.map((s) => s.current_step)).size).toBeGreaterThan(1);
    expect(final.started_at).not.toBeNull();
    expect(Date.parse(final.completed_at)).toBeGreaterThanOrEqual(Date.parse(final.started_at));
  });

  it('serves the transcript, video info and all five summaries', async () => {
    const res = await call(service, 'GET', `/api/v1/videos/result/${jobId}`, { key });
    expect(res.status).toBe(200);
    const result = res.json;
    expect(result).toMatchObject({ success: true, job_id: jobId, status: 'completed', infographic_url: null, agent_name: 'e2e' });
    expect(result.video_info).toMatchObject({ video_id: VIDEO_MANUAL_AND_AUTO, platform: 'youtube', url: watchUrl(VIDEO_MANUAL_AND_AUTO), language: 'en' });
    expect(result.video_info.title.length).toBeGreaterThan(0);
    expect(result.video_info.duration_seconds).toBeGreaterThan(0);
    expect(result.video_info.chapters.length).toBeGreaterThanOrEqual(3);
    expect(result.transcript).toMatchObject({ language: 'en', source: 'captions_manual', truncated: false });
    expect(result.transcript.segments.length).toBeGreaterThan(10);
    expect(result.transcript.text).toBe(result.transcript.segments.map((s: { text: string }) => s.text).join(' '));
    expect(result.transcript.word_count).toBe(result.transcript.text.split(/\s+/).filter(Boolean).length);
    expect(Object.keys(result.summaries).sort()).toEqual([...ALL_MODES].sort());
    for (const mode of ALL_MODES) {
      expect(result.summaries[mode]).toMatchObject({ mode, generator: { engine: expect.any(String), model: expect.any(String) } });
      expect(result.summaries[mode].content.length).toBeGreaterThan(20);
    }
    const chapterTitles = result.video_info.chapters.map((c: { title: string }) => c.title);
    expect(result.summaries.timestamped.items.map((i: { title: string }) => i.title)).toEqual(chapterTitles);
    expect(result.summaries.key_insights.insights.length).toBeGreaterThan(0);
    expect(result.processing_time).toBeGreaterThan(0);
  });

  it('appears in the job list', async () => {
    const res = await call(service, 'GET', '/api/v1/videos/?status=completed', { key });
    expect(res.json.jobs.map((j: { job_id: string }) => j.job_id)).toContain(jobId);
  });
});

describe('transcripts', () => {
  it('builds summaries from unpunctuated auto-captions', async () => {
    const jobId = await submit({ url: VIDEO_AUTO_ONLY, options: { summary_modes: ['tldr', 'timestamped'] } });
    const { final } = await waitForJob(service, key, jobId);
    expect(final.status).toBe('completed');
    const { json } = await call(service, 'GET', `/api/v1/videos/result/${jobId}`, { key });
    expect(json.transcript.source).toBe('captions_auto');
    expect(json.summaries.tldr.content).toMatch(/^[A-Z]/);
    expect(json.summaries.timestamped.items.length).toBeGreaterThan(1);
  });

  it('uses YouTube\'s translation when the requested language has no track, and says so', async () => {
    const jobId = await submit({ url: VIDEO_GERMAN_TRANSLATABLE, options: { language: 'en' } });
    const { final } = await waitForJob(service, key, jobId);
    expect(final.status).toBe('completed');
    const { json } = await call(service, 'GET', `/api/v1/videos/result/${jobId}`, { key });
    expect(json.transcript.language).toMatch(/^en/);
    // The video is still a German one.
    expect(json.video_info.language).toBe('de');
    expect(json.warnings).toContainEqual(expect.objectContaining({ code: 'TRANSCRIPT_TRANSLATED' }));
  });

  it('honours max_transcript_length, cutting at a segment boundary', async () => {
    const jobId = await submit({ url: VIDEO_LONG, options: { max_transcript_length: 5000 } });
    const { final } = await waitForJob(service, key, jobId);
    expect(final.status).toBe('completed');
    const { json } = await call(service, 'GET', `/api/v1/videos/result/${jobId}`, { key });
    expect(json.transcript.truncated).toBe(true);
    expect(Buffer.byteLength(json.transcript.text)).toBeLessThanOrEqual(5000);
    expect(Buffer.byteLength(json.transcript.text)).toBeGreaterThan(4000);
    expect(json.warnings).toContainEqual(expect.objectContaining({ code: 'TRANSCRIPT_TRUNCATED' }));
  });

  it('serves a repeat request from the transcript cache, and force_refresh goes back to YouTube', async () => {
    const timedtextRequests = () => youtube.requestsFor(VIDEO_AUTO_ONLY).filter((r) => r.path.startsWith('/api/timedtext')).length;
    const before = timedtextRequests();
    await waitForJob(service, key, await submit({ url: VIDEO_AUTO_ONLY }));
    expect(timedtextRequests()).toBe(before);
    await waitForJob(service, key, await submit({ url: VIDEO_AUTO_ONLY, force_refresh: true }));
    expect(timedtextRequests()).toBeGreaterThan(before);
  });

  it('gives a job the cached transcript whole, or cut to its own max_transcript_length', async () => {
    const transcriptOf = async (body: Record<string, unknown>) => {
      const jobId = await submit(body);
      expect((await waitForJob(service, key, jobId)).final.status).toBe('completed');
      const { json } = await call(service, 'GET', `/api/v1/videos/result/${jobId}`, { key });
      return { transcript: json.transcript, warnings: json.warnings as Array<{ code: string }> };
    };
    const fetched = await transcriptOf({ url: VIDEO_LONG, force_refresh: true });
    const timedtextRequests = youtube.requestsFor(VIDEO_LONG).filter((r) => r.path.startsWith('/api/timedtext')).length;

    const whole = await transcriptOf({ url: VIDEO_LONG });
    expect(whole.transcript).toEqual(fetched.transcript);
    expect(whole.transcript.truncated).toBe(false);
    const cut = await transcriptOf({ url: VIDEO_LONG, options: { max_transcript_length: 3000 } });
    expect(cut.transcript.truncated).toBe(true);
    expect(Buffer.byteLength(cut.transcript.text)).toBeLessThanOrEqual(3000);
    expect(fetched.transcript.text.startsWith(cut.transcript.text)).toBe(true);
    expect(cut.transcript.word_count).toBe(cut.transcript.text.split(/\s+/).filter(Boolean).length);
    expect(cut.warnings).toContainEqual(expect.objectContaining({ code: 'TRANSCRIPT_TRUNCATED' }));
    // Both from the cache.
    expect(youtube.requestsFor(VIDEO_LONG).filter((r) => r.path.startsWith('/api/timedtext'))).toHaveLength(timedtextRequests);
  });
});

describe('jobs that fail', () => {
  it.each([
    [VIDEO_UNAVAILABLE, 'VIDEO_UNAVAILABLE'],
    [VIDEO_PRIVATE, 'VIDEO_UNAVAILABLE'],
    [VIDEO_AGE_SIGN_IN_DIALOG, 'VIDEO_UNAVAILABLE'],
    [VIDEO_NO_CAPTIONS, 'TRANSCRIPT_UNAVAILABLE'],
    [VIDEO_BOT_CHECKED, 'SOURCE_BLOCKED'],
  ])('%s ends failed with %s', async (videoId, code) => {
    const jobId = await submit({ url: watchUrl(videoId) });
    const { final } = await waitForJob(service, key, jobId);
    expect(final).toMatchObject({ status: 'failed', current_step: 'failed', error: { code } });
    expect(final.progress_percentage).toBeLessThan(100);
    const result = await call(service, 'GET', `/api/v1/videos/result/${jobId}`, { key });
    expect(result.status).toBe(409);
    expect(result.json.error).toMatchObject({ code: 'JOB_FAILED', details: { error: { code } } });
  });

  it('says an age-restricted video is age-restricted, not that YouTube could not be reached', async () => {
    const { final } = await waitForJob(service, key, await submit({ url: watchUrl(VIDEO_AGE_SIGN_IN_DIALOG) }));
    expect(final.error.code).toBe('VIDEO_UNAVAILABLE');
    expect(final.error.message).toMatch(/age-restricted/);
    expect(final.error.message).toContain('inappropriate for some users');
  });

  it('does not retry a video that is unavailable, but retries a bot check before giving up', async () => {
    const unavailableBefore = youtube.requestsFor(VIDEO_UNAVAILABLE).length;
    await waitForJob(service, key, await submit({ url: watchUrl(VIDEO_UNAVAILABLE) }));
    const unavailableCalls = youtube.requestsFor(VIDEO_UNAVAILABLE).length - unavailableBefore;

    const blockedBefore = youtube.requestsFor(VIDEO_BOT_CHECKED).length;
    await waitForJob(service, key, await submit({ url: watchUrl(VIDEO_BOT_CHECKED) }));
    const blockedCalls = youtube.requestsFor(VIDEO_BOT_CHECKED).length - blockedBefore;
    // FETCH_MAX_ATTEMPTS is 3 in tests: three rounds through every client.
    expect(blockedCalls).toBeGreaterThanOrEqual(3 * unavailableCalls);
  });

  it('recovers from transient YouTube errors through activity retries', async () => {
    const videoId = 'genRetry001';
    youtube.setBehaviour(videoId, { failNext: { with: 500, count: 4 } });
    const jobId = await submit({ url: watchUrl(videoId) });
    const { final } = await waitForJob(service, key, jobId);
    expect(final.status).toBe('completed');
  });
});

describe('status while running', () => {
  it('answers from the workflow query and never hangs when no worker is polling', async () => {
    await service.stopWorker();
    try {
      const jobId = await submit({ url: 'genNoWorkr1' });
      // A hung request would abort here and fail the test.
      const res = await fetch(`${service.url}/api/v1/videos/status/${jobId}`, {
        headers: { authorization: `Bearer ${key}` },
        signal: AbortSignal.timeout(10_000),
      });
      expect(res.status).toBe(200);
      expect(((await res.json()) as { status: string }).status).toBe('queued');
      await service.startWorker();
      const { final } = await waitForJob(service, key, jobId);
      expect(final.status).toBe('completed');
    } finally {
      if (!service.worker) await service.startWorker();
    }
  });
});
