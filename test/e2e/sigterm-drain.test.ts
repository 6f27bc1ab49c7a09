/**
 * SIGTERM under load: `npm start`'s entry runs as its own process while clients keep submitting
 * and polling. Every request gets an answer (2xx, or 503 with Retry-After while draining) or, once
 * the listener has closed, a refused connection; never a reset or silence. The process exits
 * within its grace time plus a margin, and every job it accepted completes on another worker.
 */
import http from 'node:http';
import { generatedVideoId, startFakeYouTube, type FakeYouTube } from '../fake-youtube';
import { requireEnv } from '../support/infrastructure';
import { freePort } from '../support/ports';
import { spawnEntry, waitFor, type ServiceProcess } from '../support/processes';
import { startTestService, waitForJob, type TestService } from '../support/test-service';

const GRACE_SECONDS = 5;
// Closing the database and the Temporal client after the grace time.
const EXIT_MARGIN_MS = 15_000;
const CLIENTS = 8;

let youtube: FakeYouTube;
let service: TestService;
let proc: ServiceProcess | undefined;

beforeAll(async () => {
  youtube = await startFakeYouTube({ latencyMs: 300 });
  service = await startTestService({ youtubeBaseUrl: youtube.baseUrl, withWorker: false });
});

afterAll(async () => {
  await proc?.kill('SIGKILL');
  await service?.stop();
  await youtube?.close();
});

type Outcome = { status: number; code?: string; retryAfter?: string; jobId?: string } | { error: string };

/** One request on a connection of its own, so an answer and a refused connection are told apart. */
function send(port: number, method: string, path: string, key: string, body?: unknown): Promise<Outcome> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve) => {
    const req = http.request(
      { host: '127.0.0.1', port, method, path, agent: false, headers: { authorization: `Bearer ${key}`, ...(payload ? { 'content-type': 'application/json' } : {}) } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => {
          let json: any = null;
          try {
            json = JSON.parse(text);
          } catch {
            json = null;
          }
          resolve({ status: res.statusCode ?? 0, code: json?.error?.code, retryAfter: res.headers['retry-after'] as string | undefined, jobId: json?.job_id });
        });
        res.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
      },
    );
    req.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
    req.end(payload);
  });
}

/** `npm start`'s entry against the test's Postgres, Redis and Temporal. */
function serviceEnv(port: number): Record<string, string> {
  return {
    DATABASE_URL: service.database.url,
    REDIS_URL: requireEnv('TEST_REDIS_URL'),
    TEMPORAL_ADDRESS: service.config.temporal.address!,
    TEMPORAL_TASK_QUEUE: service.config.temporal.taskQueue,
    YOUTUBE_BASE_URL: youtube.baseUrl,
    PORT: String(port),
    HOST: '127.0.0.1',
    SHUTDOWN_GRACE_SECONDS: String(GRACE_SECONDS),
    FETCH_INITIAL_RETRY_SECONDS: '0.2',
    PLAN_LIMITS: JSON.stringify({ pro: { requests_per_minute: 1_000_000, videos_per_month: 1_000_000 } }),
    // Other tests send bad keys from 127.0.0.1 into the same Redis counter.
    AUTH_FAILURES_PER_IP_PER_MINUTE: '1000000',
    METRICS_PORT: '0',
    LOG_LEVEL: 'warn',
  };
}

/** `npm start`'s entry as its own process, once it answers (afterAll kills the last one left). */
async function startServiceProcess(key: string): Promise<{ entry: ServiceProcess; port: number }> {
  const port = await freePort();
  const entry = spawnEntry('src/main.ts', serviceEnv(port));
  proc = entry;
  await waitFor('the service to answer', async () => {
    const health = await send(port, 'GET', '/health', key);
    return 'status' in health && health.status === 200;
  }, 120_000);
  return { entry, port };
}

/** The process's exit code once it has exited (null when a signal ended it), or 'still running' after `ms`. */
async function exitWithin(service: ServiceProcess, ms: number): Promise<{ code: number | null } | 'still running'> {
  let timer: NodeJS.Timeout | undefined;
  const outcome = await Promise.race([
    service.exited.then((code) => ({ code })),
    new Promise<'still running'>((resolve) => (timer = setTimeout(() => resolve('still running'), ms))),
  ]);
  clearTimeout(timer);
  return outcome;
}

it('drains in-flight requests on SIGTERM, answers or refuses the rest, exits, and loses no job', async () => {
  const { key } = await service.createUser('pro');
  const { entry, port } = await startServiceProcess(key);

  const outcomes: Outcome[] = [];
  let refused = false;
  let submitted = 0;
  const client = async (index: number) => {
    while (!refused) {
      const submission = await send(port, 'POST', '/api/v1/videos/process', key, {
        url: generatedVideoId(1000 + index * 1000 + submitted++),
        options: { summary_modes: ['tldr'] },
      });
      outcomes.push(submission);
      if ('error' in submission) {
        refused = true;
        break;
      }
      if (submission.jobId) outcomes.push(await send(port, 'GET', `/api/v1/videos/status/${submission.jobId}`, key));
    }
  };
  const clients = Array.from({ length: CLIENTS }, (_, i) => client(i));

  await waitFor('jobs in flight', async () => (await service.db.selectFrom('jobs').select('id').where('status', '=', 'processing').execute()).length > 0);
  entry.child.kill('SIGTERM');
  const exited = await exitWithin(entry, GRACE_SECONDS * 1000 + EXIT_MARGIN_MS);
  refused = true;
  await Promise.all(clients);

  expect(exited).toEqual({ code: 0 });
  for (const outcome of outcomes) {
    if ('error' in outcome) {
      // Refused at the TCP level once the listener is closed. A connection that completed its
      // handshake in the kernel's accept queue just as the listener closed is reset instead: its
      // request never reached the service either.
      expect(['ECONNREFUSED', 'ECONNRESET']).toContain(outcome.error);
    } else if (outcome.status === 503) {
      expect(outcome.code).toBe('SERVICE_UNAVAILABLE');
      expect(Number(outcome.retryAfter)).toBeGreaterThan(0);
    } else {
      expect([200, 202]).toContain(outcome.status);
    }
  }
  const accepted = outcomes.flatMap((outcome) => ('status' in outcome && outcome.status === 202 && outcome.jobId ? [outcome.jobId] : []));
  expect(accepted.length).toBeGreaterThan(0);

  // Another worker picks up what the stopped process left, cancelled activities included.
  await service.startWorker();
  for (const jobId of accepted) {
    const { final } = await waitForJob(service, key, jobId, 120_000);
    expect({ jobId, status: final.status }).toEqual({ jobId, status: 'completed' });
  }
}, 300_000);

it('ends the whole process at once on SIGUSR2, never its worker alone', async () => {
  // The Temporal SDK's default runtime stops a process's workers on SIGUSR2 and SIGQUIT; the API
  // beside them would go on accepting jobs that nothing runs.
  const { key } = await service.createUser('pro');
  // The worker starts before the API: once the API answers, the worker runs.
  const { entry } = await startServiceProcess(key);

  entry.child.kill('SIGUSR2');
  // 128 + 12, the status a shell reports for a death by SIGUSR2.
  expect(await exitWithin(entry, 10_000)).toEqual({ code: 140 });
}, 180_000);
