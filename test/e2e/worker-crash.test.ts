/**
 * Workers die; jobs do not. A worker process is killed with SIGKILL while jobs are in flight,
 * another is started, and every accepted job still completes.
 */
import { startFakeYouTube, type FakeYouTube } from '../fake-youtube';
import { waitFor, type ServiceProcess } from '../support/processes';
import { call, spawnWorkerProcess, startTestService, waitForJob, type TestService } from '../support/test-service';

let youtube: FakeYouTube;
let service: TestService;
const workers: ServiceProcess[] = [];

beforeAll(async () => {
  youtube = await startFakeYouTube({ latencyMs: 400 });
  service = await startTestService({ youtubeBaseUrl: youtube.baseUrl, withWorker: false });
});

afterAll(async () => {
  for (const worker of workers) await worker.kill('SIGKILL');
  await service?.stop();
  await youtube?.close();
});

function startWorkerProcess(): ServiceProcess {
  const worker = spawnWorkerProcess(service);
  workers.push(worker);
  return worker;
}

it('completes every job after the worker is killed mid-flight', async () => {
  const { key } = await service.createUser('pro');
  const jobIds: string[] = [];
  for (let i = 0; i < 12; i++) {
    const res = await call(service, 'POST', '/api/v1/videos/process', {
      key,
      body: { url: `genCrash${String(i).padStart(3, '0')}`, options: { summary_modes: ['tldr', 'detailed'] } },
    });
    expect(res.status).toBe(202);
    jobIds.push(res.json.job_id);
  }

  const first = startWorkerProcess();
  // Kill it once work is under way but before everything is done.
  await waitFor('jobs in flight', async () => {
    const rows = await service.db.selectFrom('jobs').select('status').where('id', 'in', jobIds).execute();
    return rows.some((r) => r.status === 'processing') && rows.some((r) => r.status !== 'completed');
  });
  await first.kill('SIGKILL');
  const afterKill = await service.db.selectFrom('jobs').select('status').where('id', 'in', jobIds).execute();
  expect(afterKill.filter((r) => r.status === 'completed').length).toBeLessThan(jobIds.length);

  startWorkerProcess();
  for (const jobId of jobIds) {
    const { final } = await waitForJob(service, key, jobId, 120_000);
    expect({ jobId, status: final.status }).toEqual({ jobId, status: 'completed' });
  }
  const summaries = await service.db.selectFrom('job_summaries').select(['job_id', 'mode']).where('job_id', 'in', jobIds).execute();
  expect(summaries).toHaveLength(jobIds.length * 2);
}, 180_000);
