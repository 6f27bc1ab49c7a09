/**
 * The largest transcript the service allows (10 MB of text,
 * docs/api-behaviour.md#transcript-length), in every summary mode, through the real API, Temporal
 * and worker: it completes whole, and its transcript is loaded and analysed once for all five
 * modes. How fast is bench/ten-megabytes.ts's business, not this test's.
 */
import { Client, Connection } from '@temporalio/client';
import { TEN_MEGABYTES_TRANSCRIPT_BYTES_MIN, VIDEO_TEN_MEGABYTES, startFakeYouTube, type FakeYouTube } from '../fake-youtube';
import { call, startTestService, waitForJob, type TestService } from '../support/test-service';

const ALL_MODES = ['tldr', 'detailed', 'study_notes', 'timestamped', 'key_insights'];

let youtube: FakeYouTube;
let service: TestService;
let key: string;

beforeAll(async () => {
  youtube = await startFakeYouTube();
  service = await startTestService({ youtubeBaseUrl: youtube.baseUrl });
  ({ key } = await service.createUser('pro'));
});

afterAll(async () => {
  await service?.stop();
  await youtube?.close();
});

/** The activities a workflow scheduled, by type, from its history on the Temporal server. */
async function scheduledActivities(workflowId: string): Promise<string[]> {
  const connection = await Connection.connect({ address: service.config.temporal.address! });
  try {
    const history = await new Client({ connection }).workflow.getHandle(workflowId).fetchHistory();
    return (history.events ?? []).flatMap((event) => {
      const type = event.activityTaskScheduledEventAttributes?.activityType?.name;
      return type ? [type] : [];
    });
  } finally {
    await connection.close();
  }
}

it('completes a 10 MB transcript in all five modes, analysing it once', async () => {
  const before = service.worker!.summaries.stats();
  const submitted = await call(service, 'POST', '/api/v1/videos/process', {
    key,
    body: { url: VIDEO_TEN_MEGABYTES, options: { summary_modes: ALL_MODES } },
  });
  expect(submitted.status).toBe(202);
  const jobId = submitted.json.job_id as string;

  const { final, seen } = await waitForJob(service, key, jobId, 170_000);
  expect(final).toMatchObject({ status: 'completed', progress_percentage: 100 });
  const progress = seen.map((s) => s.progress_percentage);
  expect(progress).toEqual([...progress].sort((a, b) => a - b));

  const result = await call(service, 'GET', `/api/v1/videos/result/${jobId}`, { key });
  expect(result.status).toBe(200);
  expect(result.json.transcript.truncated).toBe(false);
  expect(Buffer.byteLength(result.json.transcript.text)).toBeGreaterThanOrEqual(TEN_MEGABYTES_TRANSCRIPT_BYTES_MIN);
  expect(Object.keys(result.json.summaries).sort()).toEqual([...ALL_MODES].sort());
  for (const mode of ALL_MODES) expect(result.json.summaries[mode].content.length).toBeGreaterThan(0);
  expect(result.json.summaries.timestamped.items.length).toBeGreaterThan(0);
  expect(result.json.summaries.key_insights.insights.length).toBeGreaterThan(0);

  // One summary activity (one load of the transcript) and one analysis for the five modes, on a
  // thread of its own that does not keep the analysis' heap after the job.
  const after = service.worker!.summaries.stats();
  expect({ runs: after.runs - before.runs, analyses: after.analyses - before.analyses, longRuns: after.longRuns - before.longRuns }).toEqual({
    runs: 1,
    analyses: 1,
    longRuns: 1,
  });
  const activities = await scheduledActivities(jobId);
  expect(activities.filter((type) => type === 'writeSummaries')).toHaveLength(1);
}, 180_000);
