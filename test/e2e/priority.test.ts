/**
 * priority=high has a visible effect: with the worker saturated, a high-priority job submitted
 * after 20 normal ones is started before them and finishes first (Temporal task priorities,
 * inherited by activities).
 */
import { generatedVideoId, startFakeYouTube, type FakeYouTube } from '../fake-youtube';
import { call, startTestService, waitForJob, type TestService } from '../support/test-service';

let youtube: FakeYouTube;
let service: TestService;

beforeAll(async () => {
  youtube = await startFakeYouTube();
  service = await startTestService({
    youtubeBaseUrl: youtube.baseUrl,
    withWorker: false,
    // One task at a time: the worker is saturated by the backlog.
    env: { WORKER_MAX_CONCURRENT_ACTIVITIES: '1', WORKER_MAX_CONCURRENT_WORKFLOW_TASKS: '2' },
  });
});

afterAll(async () => {
  await service?.stop();
  await youtube?.close();
});

it('starts a high-priority job before 20 normal jobs submitted ahead of it', async () => {
  const pro = await service.createUser('pro');
  const normal: string[] = [];
  for (let i = 0; i < 20; i++) {
    const res = await call(service, 'POST', '/api/v1/videos/process', { key: pro.key, body: { url: generatedVideoId(5000 + i) } });
    normal.push(res.json.job_id);
  }
  const high = (await call(service, 'POST', '/api/v1/videos/process', { key: pro.key, body: { url: generatedVideoId(6000), priority: 'high' } })).json.job_id;

  await service.startWorker();
  await waitForJob(service, pro.key, high, 120_000);
  for (const id of normal) await waitForJob(service, pro.key, id, 120_000);

  const rows = await service.db.selectFrom('jobs').select(['id', 'started_at', 'completed_at']).where('id', 'in', [...normal, high]).execute();
  const highRow = rows.find((r) => r.id === high)!;
  const normalRows = rows.filter((r) => r.id !== high);
  const startedBeforeHigh = normalRows.filter((r) => r.started_at! < highRow.started_at!).length;
  const completedBeforeHigh = normalRows.filter((r) => r.completed_at! < highRow.completed_at!).length;
  // The worker takes two workflow tasks at once (the least the SDK allows with its workflow cache on): the
  // normal job whose first workflow task ran beside the high one's may get its first activity
  // scheduled first, and the idle activity slot takes it. No other normal job starts first, and
  // none finishes first. Without priorities nearly all 20 would.
  expect(startedBeforeHigh).toBeLessThanOrEqual(1);
  expect(completedBeforeHigh).toBe(0);
}, 180_000);
