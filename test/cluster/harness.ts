/**
 * The scaled-out service as docker-compose runs it, on this machine: one `npm run start:api` and
 * any number of `npm run start:worker` processes (test/support/npm-run.ts) on the suite's own
 * Postgres, Redis and Temporal (./servers.ts), with YouTube and the language model at the local
 * fakes and webhooks going to a receiver on loopback. Tests drive it over HTTP and read its rows
 * for their assertions.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { issueApiKey } from '../../src/auth/api-key-format';
import { defaultPermissionsFor, type Plan } from '../../src/domain/access';
import { openDatabase, type DatabaseHandle } from '../../src/storage/database';
import { createUserWithKey } from '../../src/storage/repositories/users';
import { startFakeLlm, type FakeLlm } from '../fake-llm/server';
import { startFakeYouTube, type FakeYouTube } from '../fake-youtube';
import { uniqueName } from '../support/infrastructure';
import { npmRun, type NpmProcess } from '../support/npm-run';
import { freePort } from '../support/ports';
import { waitFor } from '../support/processes';
import { startSuiteServers, type SuiteServers } from './servers';

/**
 * The API's bound on a database call (DATABASE_QUERY_TIMEOUT_MS), shorter than the suite's
 * Postgres outage so that a request arriving during it must give up within it and answer 503.
 */
export const API_DATABASE_DEADLINE_MS = 3_000;

/** A key of the free plan makes this many requests a minute; enough to reach in a few requests. */
export const FREE_REQUESTS_PER_MINUTE = 5;

export interface HttpAnswer {
  /** The HTTP status; 0 when no answer came (connection refused or cut). */
  status: number;
  json: any;
  headers: Headers;
  /** From the request's start to its answer (or its failure). */
  ms: number;
  startedAt: number;
}

export interface Cluster {
  dir: string;
  servers: SuiteServers;
  /** The test's own connection to the service's database, for assertions about rows. */
  database: DatabaseHandle;
  youtube: FakeYouTube;
  llm: FakeLlm;
  hooks: HookReceiver;
  apiUrl: string;
  api: NpmProcess;
  workers: NpmProcess[];
  /** Starts `npm run start:api` on the cluster's port (a replacement takes the same one) and waits for /health 200. */
  startApi(): Promise<NpmProcess>;
  /** Starts `npm run start:worker` and waits until it polls. */
  startWorker(): Promise<NpmProcess>;
  createUser(plan: Plan): Promise<{ userId: string; key: string }>;
  call(method: string, route: string, options?: { key?: string; body?: unknown; timeoutMs?: number }): Promise<HttpAnswer>;
  /** The API process's Prometheus text. */
  apiMetrics(): Promise<string>;
  close(): Promise<void>;
}

export async function startCluster(): Promise<Cluster> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vd-cluster-'));
  fs.mkdirSync(path.join(dir, 'logs'));
  const [servers, youtube, llm, hooks] = await Promise.all([
    startSuiteServers(dir),
    // A little latency per YouTube answer, as from a real server, keeps jobs in flight long enough to interrupt.
    startFakeYouTube({ latencyMs: 20 }),
    startFakeLlm(),
    startHookReceiver(),
  ]);
  const database = await openDatabase({ databaseUrl: servers.postgres.url, dataDir: path.join(dir, 'unused'), poolSize: 4 });
  const [apiPort, apiMetricsPort] = [await freePort(), await freePort()];
  const apiUrl = `http://127.0.0.1:${apiPort}`;

  const env: Record<string, string> = {
    DATABASE_URL: servers.postgres.url,
    REDIS_URL: servers.redis.url,
    TEMPORAL_ADDRESS: servers.temporal.address,
    TEMPORAL_TASK_QUEUE: 'cluster',
    DATA_DIR: path.join(dir, 'data'),
    PUBLIC_BASE_URL: apiUrl,
    YOUTUBE_BASE_URL: youtube.baseUrl,
    SUMMARY_PROVIDER: 'openai',
    LLM_BASE_URL: llm.baseUrlFor('openai'),
    LLM_API_KEY: 'sk-cluster',
    LLM_MODEL: 'gpt-4o-mini',
    ALLOW_PRIVATE_WEBHOOKS: 'true',
    // A failed webhook attempt is tried again a second later, so a retry is seen within the test.
    WEBHOOK_RETRY_SCHEDULE: '1,1,1,1,1',
    // Jobs that missed Temporal are started by the next reconciler round rather than half a minute on.
    RECONCILE_AFTER_SECONDS: '2',
    // Pro's limit is out of reach, yet its requests are counted like any plan's (per process while Redis is away).
    PLAN_LIMITS: JSON.stringify({ free: { requests_per_minute: FREE_REQUESTS_PER_MINUTE }, pro: { requests_per_minute: 1_000_000, videos_per_month: null } }),
    LOG_LEVEL: 'info',
    METRICS_PORT: '0',
  };
  let started = 0;
  const logFile = (name: string) => path.join(dir, 'logs', `${name}-${++started}.log`);

  const cluster: Cluster = {
    dir,
    servers,
    database,
    youtube,
    llm,
    hooks,
    apiUrl,
    api: null as unknown as NpmProcess,
    workers: [],
    async startApi() {
      const api = npmRun(
        'start:api',
        {
          ...env,
          PORT: String(apiPort),
          HOST: '127.0.0.1',
          METRICS_PORT: String(apiMetricsPort),
          DATABASE_QUERY_TIMEOUT_MS: String(API_DATABASE_DEADLINE_MS),
        },
        { logFile: logFile('api') },
      );
      cluster.api = api;
      await untilExitOr(api, 'the API to answer /health with 200', async () => (await cluster.call('GET', '/health')).status === 200);
      return api;
    },
    async startWorker() {
      const worker = npmRun('start:worker', env, { logFile: logFile('worker') });
      cluster.workers.push(worker);
      await untilExitOr(worker, 'a worker to poll', async () => worker.output().includes('worker polling'));
      return worker;
    },
    async createUser(plan) {
      const key = issueApiKey();
      const { user } = await createUserWithKey(database.db, { email: `${uniqueName(plan)}@example.com`, plan, key, keyName: 'cluster', permissions: defaultPermissionsFor(plan) });
      return { userId: user.id, key: key.key };
    },
    async call(method, route, options = {}) {
      const startedAt = Date.now();
      const headers: Record<string, string> = {};
      if (options.key) headers.authorization = `Bearer ${options.key}`;
      if (options.body !== undefined) headers['content-type'] = 'application/json';
      try {
        const response = await fetch(`${apiUrl}${route}`, {
          method,
          headers,
          body: options.body === undefined ? undefined : JSON.stringify(options.body),
          signal: AbortSignal.timeout(options.timeoutMs ?? 60_000),
        });
        const text = await response.text();
        let json: any = null;
        try {
          json = JSON.parse(text);
        } catch {
          json = text;
        }
        return { status: response.status, json, headers: response.headers, ms: Date.now() - startedAt, startedAt };
      } catch (error) {
        // A request that outlives its timeout is a hang, which the scenarios must see, not a missing answer.
        if ((error as Error).name === 'TimeoutError') throw new Error(`${method} ${route} had no answer within ${options.timeoutMs ?? 60_000} ms`);
        return { status: 0, json: null, headers: new Headers(), ms: Date.now() - startedAt, startedAt };
      }
    },
    async apiMetrics() {
      return (await fetch(`http://127.0.0.1:${apiMetricsPort}/metrics`)).text();
    },
    async close() {
      const processes = [cluster.api, ...cluster.workers].filter(Boolean);
      for (const child of processes) child.signal('SIGKILL');
      await Promise.all(processes.map((child) => child.exited));
      await database.close().catch(() => {});
      await servers.close();
      await Promise.allSettled([youtube.close(), llm.close(), hooks.close()]);
      if (!process.env.TEST_KEEP_CLUSTER_DIR) fs.rmSync(dir, { recursive: true, force: true });
    },
  };
  try {
    await cluster.startApi();
    await Promise.all([cluster.startWorker(), cluster.startWorker()]);
  } catch (error) {
    await cluster.close();
    throw error;
  }
  return cluster;
}

/** Waits for `probe`, but reports at once a process that exits first, with the end of its output. */
async function untilExitOr(child: NpmProcess, what: string, probe: () => Promise<boolean>): Promise<void> {
  let exited = false;
  const failed = child.exited.then((code) => {
    exited = true;
    throw new Error(`waiting for ${what}, it exited (${code}) first:\n${child.output().slice(-3000)}`);
  });
  void failed.catch(() => {}); // reported through the race below, or not at all once ready
  await Promise.race([waitFor(what, async () => exited || (await probe()), 120_000), failed]);
}

/** Whether a process of the cluster still runs. */
export function running(child: NpmProcess): boolean {
  return child.npm.exitCode === null && child.npm.signalCode === null;
}

export interface ReceivedHook {
  id: string;
  timestamp: string;
  body: any;
  status: number;
}

export interface HookReceiver {
  url: string;
  received: ReceivedHook[];
  /** The first `count` attempts of each webhook-id are answered 503, so the service must retry them. */
  failFirstAttempts: number;
  close(): Promise<void>;
}

/** A webhook endpoint on loopback (the services run with ALLOW_PRIVATE_WEBHOOKS=true). */
async function startHookReceiver(): Promise<HookReceiver> {
  const received: ReceivedHook[] = [];
  const receiver = { received, failFirstAttempts: 0 } as HookReceiver;
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', () => {
      const id = String(req.headers['webhook-id'] ?? '');
      const earlier = received.filter((hook) => hook.id === id).length;
      const status = earlier < receiver.failFirstAttempts ? 503 : 204;
      let body: unknown = raw;
      try {
        body = JSON.parse(raw);
      } catch {
        // kept as text: the assertion shows what came
      }
      received.push({ id, timestamp: String(req.headers['webhook-timestamp'] ?? ''), body, status });
      res.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as { port: number }).port}/hooks`;
  receiver.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return receiver;
}

/** Runs `count` tasks, `concurrency` at a time, as that many clients would. */
export async function withConcurrency(count: number, concurrency: number, task: (i: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) await task(next++);
    }),
  );
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
