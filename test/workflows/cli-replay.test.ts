/**
 * Replay debugging from the command line, against the test Temporal server: `cli jobs history`
 * prints a job's history in the Temporal CLI's JSON format, and `cli jobs replay` replays a job,
 * history files, or everything closed lately, exiting 1 on any nondeterminism.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { historyFromJSON } from '@temporalio/common/lib/proto-utils';
import { VIDEO_MANUAL_AND_AUTO, VIDEO_UNAVAILABLE, startFakeYouTube, type FakeYouTube } from '../fake-youtube';
import { call, startTestService, waitForJob, type TestService } from '../support/test-service';
import { requireEnv } from '../support/infrastructure';

const ROOT = path.resolve(__dirname, '../..');

let youtube: FakeYouTube;
let service: TestService;
let key: string;
let workDir: string;
const jobIds: string[] = [];

interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

function cli(args: string[]): Promise<CliRun> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--require', 'tsx/cjs', 'src/cli/main.ts', ...args],
      {
        cwd: ROOT,
        env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', TEMPORAL_ADDRESS: service.config.temporal.address!, TEMPORAL_NAMESPACE: service.config.temporal.namespace, DATA_DIR: workDir },
        maxBuffer: 64 * 1024 * 1024,
      },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

beforeAll(async () => {
  youtube = await startFakeYouTube();
  service = await startTestService({ youtubeBaseUrl: youtube.baseUrl });
  ({ key } = await service.createUser('pro'));
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cli-replay-'));
  for (const body of [{ url: VIDEO_MANUAL_AND_AUTO, options: { summary_modes: ['tldr', 'key_insights'] } }, { url: VIDEO_UNAVAILABLE }]) {
    const submitted = await call(service, 'POST', '/api/v1/videos/process', { key, body });
    await waitForJob(service, key, submitted.json.job_id);
    jobIds.push(submitted.json.job_id);
  }
  // The client sees a job finish just before its workflow closes.
  for (const jobId of jobIds) await waitForClose(jobId);
});

afterAll(async () => {
  await service?.stop();
  await youtube?.close();
  fs.rmSync(workDir, { recursive: true, force: true });
});

async function waitForClose(workflowId: string) {
  const { Client, Connection } = await import('@temporalio/client');
  const connection = await Connection.connect({ address: service.config.temporal.address! });
  try {
    await new Client({ connection, namespace: service.config.temporal.namespace }).workflow.getHandle(workflowId).result();
  } finally {
    await connection.close();
  }
}

it("prints a job's history in the format `temporal workflow show --output json` writes", async () => {
  const run = await cli(['jobs', 'history', jobIds[0]!]);
  expect(run.code).toBe(0);
  const printed = JSON.parse(run.stdout);
  expect(printed.events[0]).toMatchObject({ eventId: '1', eventType: 'EVENT_TYPE_WORKFLOW_EXECUTION_STARTED' });
  expect(printed.events[0].workflowExecutionStartedEventAttributes.workflowType.name).toBe('videoJobWorkflow');
  expect(printed.events.at(-1).eventType).toBe('EVENT_TYPE_WORKFLOW_EXECUTION_COMPLETED');

  // The same JSON the Temporal CLI exports for that workflow, event for event.
  const { execFileSync } = await import('node:child_process');
  const exported = JSON.parse(
    execFileSync(requireEnv('TEMPORAL_CLI_PATH'), ['workflow', 'show', '--workflow-id', jobIds[0]!, '--address', service.config.temporal.address!, '--output', 'json'], {
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    }),
  );
  expect(printed).toEqual(exported);
  expect(() => historyFromJSON(printed)).not.toThrow();
});

it('replays a job against the current workflow code', async () => {
  const run = await cli(['jobs', 'replay', jobIds[0]!]);
  expect(run.code).toBe(0);
  expect(JSON.parse(run.stdout)).toEqual({ replayed: 1, failed: [] });
});

it('replays every job and batch closed since a time', async () => {
  const run = await cli(['jobs', 'replay', '--since', '1h']);
  expect(run.code).toBe(0);
  const report = JSON.parse(run.stdout);
  // The test server is shared with other suites: at least these two, and none failed.
  expect(report.replayed).toBeGreaterThanOrEqual(jobIds.length);
  expect(report.failed).toEqual([]);
});

it('replays history files, and exits 1 naming the workflow that no longer replays', async () => {
  const good = JSON.parse((await cli(['jobs', 'history', jobIds[0]!])).stdout);
  // The same history as if the workflow had once fetched the transcript first: the current code
  // schedules the metadata first, which is the nondeterminism a reordering change causes.
  const tampered = structuredClone(good);
  const scheduled = tampered.events.filter((e: any) => e.activityTaskScheduledEventAttributes);
  const [first, second] = [scheduled[0].activityTaskScheduledEventAttributes.activityType, scheduled[1].activityTaskScheduledEventAttributes.activityType];
  [first.name, second.name] = [second.name, first.name];
  fs.writeFileSync(path.join(workDir, 'good-job.json'), JSON.stringify(good));
  fs.writeFileSync(path.join(workDir, 'reordered-job.json'), JSON.stringify(tampered));

  const one = await cli(['jobs', 'replay', '--file', path.join(workDir, 'good-job.json')]);
  expect(one.code).toBe(0);
  expect(JSON.parse(one.stdout)).toEqual({ replayed: 1, failed: [] });

  const all = await cli(['jobs', 'replay', '--file', workDir]);
  expect(all.code).toBe(1);
  const report = JSON.parse(all.stdout);
  expect(report.replayed).toBe(2);
  expect(report.failed).toEqual([{ workflow_id: 'reordered-job', error: expect.stringMatching(/[Nn]ondetermin/) }]);
});

it('reports an unknown job id as a failed replay on its JSON line, and exits 1', async () => {
  const run = await cli(['jobs', 'replay', 'job_doesnotexist0000000']);
  expect(run.code).toBe(1);
  expect(run.stdout.trim().split('\n')).toHaveLength(1);
  expect(JSON.parse(run.stdout)).toEqual({
    replayed: 0,
    failed: [{ workflow_id: 'job_doesnotexist0000000', error: 'WorkflowNotFoundError: no workflow with id job_doesnotexist0000000' }],
  });
});

it('says what is wrong with a missing workflow or a misused command', async () => {
  const missing = await cli(['jobs', 'history', 'job_doesnotexist0000000']);
  expect(missing.code).toBe(1);
  expect(missing.stderr).toContain('no workflow with id job_doesnotexist0000000');
  expect(missing.stdout).toBe('');

  const empty = path.join(workDir, 'empty', 'no-events.json');
  fs.mkdirSync(path.dirname(empty), { recursive: true });
  fs.writeFileSync(empty, JSON.stringify({ events: [] }));
  const unreadable = await cli(['jobs', 'replay', '--file', empty]);
  expect(unreadable.code).toBe(1);
  expect(unreadable.stderr).toContain(`${empty} is not a workflow history (its "events" are empty)`);
  expect(unreadable.stdout).toBe('');

  for (const args of [['jobs', 'replay'], ['jobs', 'replay', jobIds[0]!, '--since', '1h'], ['jobs', 'replay', '--since', 'yesterday'], ['jobs', 'history', 'a b']]) {
    const misused = await cli(args);
    expect(misused.code).toBe(64);
    expect(misused.stderr).toMatch(/^error: /);
    expect(misused.stdout).toBe('');
  }
});
