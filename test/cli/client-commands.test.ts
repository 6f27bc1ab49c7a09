/**
 * The command line's client commands as a person and a script use them: the real CLI as a child
 * process (and under a pseudo-terminal for the progress bars) against the real API, worker,
 * Postgres, Redis and Temporal, with YouTube the local fake.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Command } from 'commander';
import { VIDEO_AUTO_ONLY, VIDEO_MANUAL_AND_AUTO, VIDEO_UNAVAILABLE, startFakeYouTube, type FakeYouTube } from '../fake-youtube';
import { call, startTestService, waitForJob, type TestService } from '../support/test-service';
import { waitFor } from '../support/processes';
import { freePort } from '../support/ports';
import { buildProgram } from '../../src/cli/program';

const ROOT = path.resolve(__dirname, '../..');

// Every test starts the CLI, a Node process that compiles its TypeScript as it loads, often several times.
jest.setTimeout(180_000);

let youtube: FakeYouTube;
let service: TestService;
let pro: { key: string };
let free: { key: string };
let workDir: string;

beforeAll(async () => {
  youtube = await startFakeYouTube();
  service = await startTestService({ youtubeBaseUrl: youtube.baseUrl });
  pro = await service.createUser('pro');
  free = await service.createUser('free');
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cli-client-'));
});

afterAll(async () => {
  await service?.stop();
  await youtube?.close();
  fs.rmSync(workDir, { recursive: true, force: true });
});

interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

const CLI = ['--require', 'tsx/cjs', 'src/cli/main.ts'];

function cliEnv(env: Record<string, string>): Record<string, string> {
  return { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', VIDEO_DIGEST_URL: service.url, VIDEO_DIGEST_API_KEY: pro.key, ...env };
}

/** The CLI with pipes for stdout and stderr, as a script runs it; `started` resolves once it has printed `until`. */
function startCli(args: string[], env: Record<string, string> = {}) {
  const child = spawn(process.execPath, [...CLI, ...args], { cwd: ROOT, env: cliEnv(env), stdio: ['ignore', 'pipe', 'pipe'] });
  const run: CliRun = { code: null, stdout: '', stderr: '' };
  child.stdout.on('data', (chunk) => (run.stdout += chunk));
  child.stderr.on('data', (chunk) => (run.stderr += chunk));
  const finished = new Promise<CliRun>((resolve) => child.once('close', (code) => resolve({ ...run, code })));
  return { child, run, finished };
}

const cli = (args: string[], env: Record<string, string> = {}) => startCli(args, env).finished;

const shellQuote = (word: string) => `'${word.replace(/'/g, `'\\''`)}'`;

/** The CLI under a pseudo-terminal (util-linux `script`), as a person at a terminal runs it; stdout and stderr arrive as one stream. */
function cliOnTerminal(args: string[], env: Record<string, string> = {}): Promise<{ code: number | null; screen: string }> {
  const command = [process.execPath, ...CLI, ...args].map(shellQuote).join(' ');
  const child = spawn('script', ['--quiet', '--flush', '--return', '--command', command, '/dev/null'], {
    cwd: ROOT,
    env: { ...cliEnv(env), TERM: 'xterm' },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let screen = '';
  child.stdout.on('data', (chunk) => (screen += chunk));
  child.stderr.on('data', (chunk) => (screen += chunk));
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, screen })));
}

const jsonLines = (text: string) =>
  text
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line));

const watchUrl = (id: string) => `https://www.youtube.com/watch?v=${id}`;

describe('--help', () => {
  const paths = (command: Command, prefix: string[] = []): string[][] => [
    prefix,
    ...command.commands.filter((sub) => sub.name() !== 'help').flatMap((sub) => paths(sub, [...prefix, sub.name()])),
  ];

  it('answers on every command and group, on stdout with exit 0', async () => {
    const every = paths(buildProgram());
    expect(every).toEqual(expect.arrayContaining([['jobs', 'submit'], ['jobs', 'status'], ['jobs', 'result'], ['batch', 'submit'], ['users', 'create'], ['jobs', 'replay']]));
    const runs = await Promise.all(every.map((words) => cli([...words, '--help'])));
    runs.forEach((run, index) => {
      const words = every[index]!;
      expect({ words, code: run.code, stderr: run.stderr }).toEqual({ words, code: 0, stderr: '' });
      expect(run.stdout).toMatch(new RegExp(`^Usage: cli ${words.map((w) => `${w} `).join('')}`));
    });
    const submitHelp = runs[every.findIndex((words) => words.join(' ') === 'jobs submit')]!.stdout;
    expect(submitHelp).toContain('VIDEO_DIGEST_URL');
    expect(submitHelp).toContain('VIDEO_DIGEST_API_KEY');
    expect(submitHelp).toMatch(/^ {2}130 +interrupted/m);
    expect(runs[0]!.stdout).toMatch(/cli jobs submit <URL> \[--modes <list>\] \[--language <code>\] \[--transcript-source <source>\] \[--wait\]/);
  }, 120_000);
});

describe('jobs submit, status and result', () => {
  let jobId: string;

  it('submit prints the 202 answer as one JSON line', async () => {
    const run = await cli(['jobs', 'submit', watchUrl(VIDEO_AUTO_ONLY)]);
    expect(run.code).toBe(0);
    const lines = jsonLines(run.stdout);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ success: true, job_id: expect.stringMatching(/^job_/), status: 'queued', status_url: `${service.url}/api/v1/videos/status/${lines[0].job_id}` });
    await waitForJob(service, pro.key, lines[0].job_id);
  });

  it('submit --wait off a terminal prints a JSON line per change, ending with the completed result', async () => {
    const run = await cli(['jobs', 'submit', `https://youtu.be/${VIDEO_MANUAL_AND_AUTO}`, '--modes', 'tldr,key_insights', '--language', 'en', '--wait']);
    expect(run.code).toBe(0);
    const lines = jsonLines(run.stdout);
    const [submitted, ...rest] = lines;
    jobId = submitted.job_id;
    expect(submitted).toMatchObject({ success: true, status: 'queued' });
    const statuses = rest.slice(0, -1);
    const result = rest.at(-1);
    expect(statuses.length).toBeGreaterThanOrEqual(1);
    for (const status of statuses) expect(status).toMatchObject({ job_id: jobId, status: expect.stringMatching(/^(queued|processing|completed)$/) });
    const progress = statuses.map((s) => s.progress_percentage);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    // One line per change: no two neighbours alike.
    const changes = statuses.map((s) => `${s.status} ${s.current_step} ${s.progress_percentage}`);
    expect(new Set(changes).size).toBe(changes.length);
    expect(result).toMatchObject({ job_id: jobId, status: 'completed', transcript: { language: 'en' } });
    expect(Object.keys(result.summaries).sort()).toEqual(['key_insights', 'tldr']);
  });

  it('status and result print what the API answers', async () => {
    const status = await cli(['jobs', 'status', jobId]);
    expect(status.code).toBe(0);
    expect(jsonLines(status.stdout)).toEqual([(await call(service, 'GET', `/api/v1/videos/status/${jobId}`, { key: pro.key })).json]);

    const result = await cli(['jobs', 'result', jobId]);
    expect(result.code).toBe(0);
    expect(jsonLines(result.stdout)).toEqual([(await call(service, 'GET', `/api/v1/videos/result/${jobId}`, { key: pro.key })).json]);
  });

  it('result --format writes the Markdown export and the transcript files the API serves', async () => {
    for (const [format, path] of [
      ['md', `/api/v1/videos/export/${jobId}/markdown`],
      ['srt', `/api/v1/videos/transcript/${jobId}?format=srt`],
      ['vtt', `/api/v1/videos/transcript/${jobId}?format=vtt`],
      ['txt', `/api/v1/videos/transcript/${jobId}?format=txt`],
    ] as const) {
      const run = await cli(['jobs', 'result', jobId, '--format', format]);
      expect(run.code).toBe(0);
      const served = await fetch(`${service.url}${path}`, { headers: { authorization: `Bearer ${pro.key}` } });
      expect(run.stdout).toBe(await served.text());
    }
    expect((await cli(['jobs', 'result', jobId, '--format', 'vtt'])).stdout.startsWith('WEBVTT\n')).toBe(true);
    const refused = await cli(['jobs', 'result', jobId, '--format', 'docx']);
    expect(refused.code).not.toBe(0);
  });

  it('status --wait on an ended job prints its last state and the result', async () => {
    const run = await cli(['jobs', 'status', jobId, '--wait']);
    expect(run.code).toBe(0);
    const lines = jsonLines(run.stdout);
    expect(lines.map((line) => line.status)).toEqual(['completed', 'completed']);
    expect(lines[1].summaries).toBeDefined();
  });

  it('a job that fails: --wait ends with its failed status and exit 2; result is refused with JOB_FAILED', async () => {
    const run = await cli(['jobs', 'submit', watchUrl(VIDEO_UNAVAILABLE), '--wait']);
    expect(run.code).toBe(2);
    const lines = jsonLines(run.stdout);
    expect(lines.at(-1)).toMatchObject({ status: 'failed', error: { code: 'VIDEO_UNAVAILABLE' } });

    const result = await cli(['jobs', 'result', lines[0].job_id]);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/^error: JOB_FAILED: /);
  });
});

describe('batch submit', () => {
  it('--wait off a terminal prints a JSON line per change, ending with the batch completed', async () => {
    const file = path.join(workDir, 'videos.txt');
    fs.writeFileSync(file, `# two talks\n${watchUrl(VIDEO_MANUAL_AND_AUTO)}\n\n   # the other one\nhttps://youtu.be/${VIDEO_AUTO_ONLY}\n`);
    const run = await cli(['batch', 'submit', file, '--modes', 'tldr,detailed', '--wait']);
    expect(run.code).toBe(0);
    const [submitted, ...statuses] = jsonLines(run.stdout);
    expect(submitted).toMatchObject({ success: true, batch_id: expect.any(String), status: 'processing', total_jobs: 2, job_ids: [expect.any(String), expect.any(String)] });
    expect(statuses.at(-1)).toMatchObject({ batch_id: submitted.batch_id, status: 'completed', completed_jobs: 2, progress_percentage: 100 });
    expect(statuses.at(-1).jobs.map((job: { video_url: string }) => job.video_url)).toEqual([watchUrl(VIDEO_MANUAL_AND_AUTO), watchUrl(VIDEO_AUTO_ONLY)]);

    const results = await cli(['batch', 'results', submitted.batch_id]);
    expect(results.code).toBe(0);
    const [record] = jsonLines(results.stdout);
    expect(record.summary_stats).toMatchObject({ total: 2, successful: 2 });
    expect(Object.keys(record.successful_jobs[0].summaries).sort()).toEqual(['detailed', 'tldr']);

    const status = await cli(['batch', 'status', submitted.batch_id]);
    expect(jsonLines(status.stdout)).toEqual([(await call(service, 'GET', `/api/v1/batch/status/${submitted.batch_id}`, { key: pro.key })).json]);
  });

  it('takes a JSON array of addresses too, and ends with exit 2 when a video fails', async () => {
    const file = path.join(workDir, 'videos.json');
    fs.writeFileSync(file, JSON.stringify([watchUrl(VIDEO_AUTO_ONLY), { url: watchUrl(VIDEO_UNAVAILABLE) }]));
    const run = await cli(['batch', 'submit', file, '--wait']);
    expect(run.code).toBe(2);
    expect(jsonLines(run.stdout).at(-1)).toMatchObject({ status: 'partial_failure', completed_jobs: 1, failed_jobs: 1 });
  });

  it('refuses a file beyond 100 videos before asking the service', async () => {
    const file = path.join(workDir, 'too-many.txt');
    fs.writeFileSync(file, Array.from({ length: 101 }, () => watchUrl(VIDEO_AUTO_ONLY)).join('\n'));
    const run = await cli(['batch', 'submit', file], { VIDEO_DIGEST_URL: `http://127.0.0.1:${await freePort()}` });
    expect(run.code).toBe(64);
    expect(run.stderr).toMatch(/^error: .*101 videos; a batch takes at most 100/);
  });
});

describe('refusals', () => {
  it('a bad key: the envelope\'s code and message on stderr, exit 1', async () => {
    const run = await cli(['jobs', 'status', 'job_doesnotexist0000000'], { VIDEO_DIGEST_API_KEY: `sk_${'0'.repeat(64)}` });
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(/^error: INVALID_API_KEY: .+\n {2}\(HTTP 401, request .+\)\n$/);
  });

  it('--url and --api-key win over the environment', async () => {
    const run = await cli(['jobs', 'submit', watchUrl(VIDEO_AUTO_ONLY), '--url', service.url, '--api-key', pro.key], {
      VIDEO_DIGEST_URL: `http://127.0.0.1:${await freePort()}`,
      VIDEO_DIGEST_API_KEY: `sk_${'0'.repeat(64)}`,
    });
    expect(run.code).toBe(0);
    await waitForJob(service, pro.key, jsonLines(run.stdout)[0].job_id);
  });

  it("a plan's gates and the request's validation come back as the service words them", async () => {
    const gated = await cli(['jobs', 'submit', watchUrl(VIDEO_AUTO_ONLY), '--modes', 'detailed'], { VIDEO_DIGEST_API_KEY: free.key });
    expect(gated.code).toBe(1);
    expect(gated.stderr).toMatch(/^error: PLAN_UPGRADE_REQUIRED: /);

    const batch = path.join(workDir, 'one.txt');
    fs.writeFileSync(batch, `${watchUrl(VIDEO_AUTO_ONLY)}\n`);
    const noBatches = await cli(['batch', 'submit', batch], { VIDEO_DIGEST_API_KEY: free.key });
    expect(noBatches.code).toBe(1);
    expect(noBatches.stderr).toMatch(/^error: PLAN_UPGRADE_REQUIRED: /);

    const invalid = await cli(['jobs', 'submit', watchUrl(VIDEO_AUTO_ONLY), '--language', 'not a language']);
    expect(invalid.code).toBe(1);
    expect(invalid.stderr).toMatch(/^error: VALIDATION_ERROR: .+\n {2}options\.language: /);

    const unsupported = await cli(['jobs', 'submit', 'https://example.com/video']);
    expect(unsupported.code).toBe(1);
    expect(unsupported.stderr).toMatch(/^error: UNSUPPORTED_URL: /);
  });

  it('usage errors exit 64 and unreachable services 69', async () => {
    const noKey = await cli(['jobs', 'status', 'job_x'], { VIDEO_DIGEST_API_KEY: '' });
    expect(noKey.code).toBe(64);
    expect(noKey.stderr).toMatch(/^error: no API key/);
    const badModes = await cli(['jobs', 'submit', watchUrl(VIDEO_AUTO_ONLY), '--modes', 'tldr,poem']);
    expect(badModes.code).toBe(64);
    expect(badModes.stderr).toMatch(/^error: --modes must list tldr, /);
    const unknown = await cli(['jobs', 'submit', watchUrl(VIDEO_AUTO_ONLY), '--colour']);
    expect(unknown.code).toBe(64);
    expect(unknown.stderr).toMatch(/^error: unknown option '--colour'/);

    const nobody = `http://127.0.0.1:${await freePort()}`;
    const unreachable = await cli(['jobs', 'status', 'job_x'], { VIDEO_DIGEST_URL: nobody });
    expect(unreachable.code).toBe(69);
    expect(unreachable.stderr).toBe(`error: cannot reach ${nobody}: ECONNREFUSED\n`);
  });
});

describe('Ctrl-C while waiting', () => {
  it('stops waiting with exit 130 and a clear line; the job and the batch go on', async () => {
    // No worker: the job and the batch stay in flight for as long as the test needs.
    await service.stopWorker();
    try {
      const job = startCli(['jobs', 'submit', watchUrl(VIDEO_AUTO_ONLY), '--wait']);
      const file = path.join(workDir, 'interrupted.txt');
      fs.writeFileSync(file, `${watchUrl(VIDEO_MANUAL_AND_AUTO)}\n`);
      const batch = startCli(['batch', 'submit', file, '--wait']);
      // The submission line and a first status line: the CLI is polling.
      await waitFor('both to be waiting', async () => job.run.stdout.split('\n').length > 2 && batch.run.stdout.split('\n').length > 2);
      job.child.kill('SIGINT');
      batch.child.kill('SIGINT');
      const [jobRun, batchRun] = await Promise.all([job.finished, batch.finished]);

      const jobId = jsonLines(jobRun.stdout)[0].job_id;
      expect(jobRun.code).toBe(130);
      expect(jobRun.stderr).toContain(`interrupted: stopped waiting for ${jobId}, which keeps running; follow it again with: cli jobs status ${jobId} --wait`);
      const batchId = jsonLines(batchRun.stdout)[0].batch_id;
      expect(batchRun.code).toBe(130);
      expect(batchRun.stderr).toContain(`interrupted: stopped waiting for ${batchId}, which keeps running`);

      await service.startWorker();
      expect((await waitForJob(service, pro.key, jobId)).final.status).toBe('completed');
      const followed = await cli(['batch', 'status', batchId, '--wait']);
      expect(followed.code).toBe(0);
      expect(jsonLines(followed.stdout).at(-1)).toMatchObject({ status: 'completed' });
    } finally {
      if (!service.worker) await service.startWorker();
    }
  }, 120_000);
});

describe('on a terminal', () => {
  it('submit --wait draws a progress bar with the step, then says how the job ended', async () => {
    const { code, screen } = await cliOnTerminal(['jobs', 'submit', watchUrl(VIDEO_MANUAL_AND_AUTO), '--wait']);
    expect(code).toBe(0);
    expect(screen).toMatch(/submitted job_\S+/);
    expect(screen).toMatch(/█+ 100% \| completed/);
    expect(screen).toMatch(/✔ job_\S+ completed in \d+ s; its result: cli jobs result job_/);
    // Bars, not JSON: the terminal gets no status records.
    expect(screen).not.toContain('"progress_percentage"');
  }, 60_000);

  it('batch submit --wait draws one bar per video and one for the whole batch', async () => {
    const file = path.join(workDir, 'terminal.txt');
    fs.writeFileSync(file, `${watchUrl(VIDEO_MANUAL_AND_AUTO)}\nhttps://youtu.be/${VIDEO_AUTO_ONLY}\n`);
    const { code, screen } = await cliOnTerminal(['batch', 'submit', file, '--wait']);
    expect(code).toBe(0);
    expect(screen).toMatch(/all videos +█+ 100% \| 2\/2 ended \(2 completed, 0 failed\)/);
    for (const videoId of [VIDEO_MANUAL_AND_AUTO, VIDEO_AUTO_ONLY]) expect(screen).toMatch(new RegExp(`${videoId} +█+ 100% \\| completed`));
    expect(screen).toMatch(/✔ \S+ completed: 2 completed, 0 failed; results: cli batch results /);
  }, 60_000);
});
