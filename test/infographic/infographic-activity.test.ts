/**
 * The renderInfographic activity on a job that asked for the tldr alone (the default): the picture
 * still holds insights, a timeline and key terms, written for it by the built-in engine, while the
 * job's own summaries stay as asked. Real Postgres, summary and infographic threads, and files.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { MockActivityEnvironment } from '@temporalio/testing';
import { createInfographicActivities, type InfographicDrawn } from '../../activities/infographics';
import { createFilesystemArtifactStore } from '../../src/artifacts/filesystem-artifact-store';
import { createInfographicRenderer } from '../../src/infographic/infographic-pool';
import { MAX_INSIGHTS, MIN_INSIGHTS } from '../../src/infographic/infographic-data';
import { createSummaryPool } from '../../src/summaries/summary-pool';
import { generatedVideoId, startFakeYouTube, type FakeYouTube } from '../fake-youtube';
import { call, startTestService, waitForJob, type TestService } from '../support/test-service';

let youtube: FakeYouTube;
let service: TestService;
let artifactsDir: string;
let activities: ReturnType<typeof createInfographicActivities>;
const closers: Array<() => Promise<void>> = [];

beforeAll(async () => {
  youtube = await startFakeYouTube();
  service = await startTestService({ youtubeBaseUrl: youtube.baseUrl });
  artifactsDir = await fs.mkdtemp(path.join(os.tmpdir(), 'infographic-activity-'));
  const summaries = createSummaryPool({ provider: { provider: 'extractive' } });
  const infographics = createInfographicRenderer();
  const artifacts = createFilesystemArtifactStore(artifactsDir);
  closers.push(() => summaries.close(), () => infographics.close(), () => artifacts.close());
  activities = createInfographicActivities({ db: service.db, summaries, infographics, artifacts });
});

afterAll(async () => {
  for (const close of closers) await close();
  await service?.stop();
  await youtube?.close();
  await fs.rm(artifactsDir, { recursive: true, force: true });
});

async function completedJob(body: Record<string, unknown>): Promise<string> {
  const { key } = await service.createUser('pro');
  const submitted = await call(service, 'POST', '/api/v1/videos/process', { key, body });
  expect(submitted.status).toBe(202);
  const { final } = await waitForJob(service, key, submitted.json.job_id, 120_000);
  expect(final.status).toBe('completed');
  return submitted.json.job_id;
}

/** The activity as a worker runs it, with its context (heartbeats, cancellation). */
const draw = (jobId: string) => new MockActivityEnvironment().run(activities.renderInfographic, { jobId, progress: 92 }) as Promise<InfographicDrawn>;

const storedModes = async (jobId: string) =>
  (await service.db.selectFrom('job_summaries').select('mode').where('job_id', '=', jobId).orderBy('mode').execute()).map((row) => row.mode);

it('draws insights, a timeline and key terms for a job that asked for the tldr alone, and keeps its summaries as asked', async () => {
  const jobId = await completedJob({ url: generatedVideoId(41_000) });
  expect(await storedModes(jobId)).toEqual(['tldr']);

  const drawn = await draw(jobId);

  expect(drawn.insights).toBeGreaterThanOrEqual(MIN_INSIGHTS);
  expect(drawn.insights).toBeLessThanOrEqual(MAX_INSIGHTS);
  expect(drawn.timelineSections).toBeGreaterThanOrEqual(2);
  expect(drawn.keyTerms).toBeGreaterThan(0);
  expect(await storedModes(jobId)).toEqual(['tldr']);
  const files = await service.db.selectFrom('job_artifacts').select(['name', 'byte_size']).where('job_id', '=', jobId).orderBy('name').execute();
  expect(files).toEqual([
    { name: 'infographic.png', byte_size: drawn.pngBytes },
    { name: 'infographic.svg', byte_size: drawn.svgBytes },
  ]);
});

it('draws from the summaries the job wrote when it has them', async () => {
  const jobId = await completedJob({ url: generatedVideoId(41_001), options: { summary_modes: ['tldr', 'key_insights', 'timestamped', 'study_notes'] } });
  const drawn = await draw(jobId);
  const keyInsights = await service.db.selectFrom('job_summaries').select('entry').where('job_id', '=', jobId).where('mode', '=', 'key_insights').executeTakeFirstOrThrow();
  const written = keyInsights.entry.mode === 'key_insights' ? keyInsights.entry.insights.length : 0;
  expect(drawn.insights).toBe(Math.min(MAX_INSIGHTS, written));
  expect(drawn.timelineSections).toBeGreaterThanOrEqual(2);
  expect(drawn.keyTerms).toBeGreaterThan(0);
});
