/**
 * The whole service in the test process, started by the same code as `npm start`, against real
 * Postgres, Redis and Temporal, with YouTube at a local server.
 */
import type { Logger } from 'pino';
import { loadConfig, type Config } from '../../src/config';
import { createLogger } from '../../src/logger';
import { issueApiKey } from '../../src/auth/api-key-format';
import { defaultPermissionsFor, type Permission, type Plan } from '../../src/domain/access';
import { startInfrastructure, type Infrastructure } from '../../src/runtime/infrastructure';
import { startApiServer } from '../../src/runtime/api-server';
import { startJobWorker, type RunningJobWorker } from '../../workers/worker-process';
import { createUserWithKey } from '../../src/storage/repositories/users';
import type { Db } from '../../src/storage/database';
import { spawnEntry, type ServiceProcess } from './processes';
import type { Tracing } from '../../src/tracing/tracing';
import { createTestDatabase, requireEnv, temporalAddress, uniqueName, workflowBundle, type TestDatabase } from './infrastructure';

export interface TestService {
  url: string;
  config: Config;
  db: Db;
  database: TestDatabase;
  infra: Infrastructure;
  logger: Logger;
  worker: RunningJobWorker | null;
  createUser(plan: Plan, permissions?: Permission[]): Promise<{ userId: string; key: string; email: string }>;
  startWorker(): Promise<RunningJobWorker>;
  stopWorker(): Promise<void>;
  stop(): Promise<void>;
}

export interface TestServiceOptions {
  youtubeBaseUrl?: string;
  env?: Record<string, string>;
  withWorker?: boolean;
  /** The URL the service uses for its database, from the test database's (e.g. through a proxy). */
  databaseUrlFor?: (url: string) => string;
  /** Traces go here instead of per OTEL_EXPORTER_OTLP_ENDPOINT; the worker then needs `workflowBundle` built with tracing. */
  tracing?: Tracing;
  /** Replaces the suite's shared workflow bundle. */
  workflowBundle?: { code: string };
}

export async function startTestService(options: TestServiceOptions = {}): Promise<TestService> {
  const database = await createTestDatabase();
  const config = loadConfig({
    DATABASE_URL: options.databaseUrlFor ? options.databaseUrlFor(database.url) : database.url,
    REDIS_URL: requireEnv('TEST_REDIS_URL'),
    TEMPORAL_ADDRESS: temporalAddress(),
    TEMPORAL_TASK_QUEUE: uniqueName('tq'),
    PORT: '0',
    HOST: '127.0.0.1',
    YOUTUBE_BASE_URL: options.youtubeBaseUrl ?? 'http://127.0.0.1:9',
    FETCH_INITIAL_RETRY_SECONDS: '0.2',
    FETCH_MAX_ATTEMPTS: '3',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    // Test files run side by side: none takes the default metrics port unless it asks for one.
    METRICS_PORT: '0',
    // Tests poll often; the throttle has its own tests with its own limits.
    PLAN_LIMITS: JSON.stringify({
      free: { requests_per_minute: 1_000_000 },
      pro: { requests_per_minute: 1_000_000 },
      admin: { requests_per_minute: 1_000_000 },
    }),
    // Likewise tests make keys freely and send bad ones on purpose, all from 127.0.0.1 into one
    // shared Redis counter; the key cap and the per-address limit are tested in test/api/key-limits.test.ts.
    KEYS_PER_USER_MAX: '1000000',
    AUTH_FAILURES_PER_IP_PER_MINUTE: '1000000',
    ...options.env,
  });
  const logger = createLogger(config.process.logLevel, 'test');
  const infra = await startInfrastructure(config, logger);
  if (options.tracing) infra.tracing = options.tracing;
  const api = await startApiServer(config, infra, logger);
  // Absolute URLs in responses must point at the port the OS gave us.
  config.http.publicBaseUrl = api.url;

  const service: TestService = {
    url: api.url,
    config,
    db: infra.database.db,
    database,
    infra,
    logger,
    worker: null,
    async createUser(plan, permissions) {
      const key = issueApiKey();
      const email = `${uniqueName('user')}@example.com`;
      const { user } = await createUserWithKey(infra.database.db, {
        email,
        plan,
        key,
        keyName: 'test',
        permissions: permissions ?? defaultPermissionsFor(plan),
      });
      return { userId: user.id, key: key.key, email };
    },
    async startWorker() {
      service.worker = await startJobWorker(config, infra, logger, (options.workflowBundle ?? workflowBundle()) as never);
      return service.worker;
    },
    async stopWorker() {
      await service.worker?.shutdown();
      service.worker = null;
    },
    async stop() {
      await api.close();
      await service.stopWorker();
      await infra.store.close();
      await infra.metricsServer?.close();
      await database.drop();
    },
  };
  if (options.withWorker !== false) await service.startWorker();
  return service;
}

/** fetch with a key, returning status, headers and parsed JSON. */
export async function call(
  service: { url: string },
  method: string,
  path: string,
  options: { key?: string; body?: unknown; rawBody?: string; headers?: Record<string, string> } = {},
) {
  const headers: Record<string, string> = { ...options.headers };
  if (options.key) headers.authorization = `Bearer ${options.key}`;
  let body: string | undefined;
  if (options.rawBody !== undefined) body = options.rawBody;
  else if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['content-type'] ??= 'application/json';
  }
  const response = await fetch(`${service.url}${path}`, { method, headers, body });
  const text = await response.text();
  let json: any = null;
  try {
    json = JSON.parse(text);
  } catch {
    json = null;
  }
  return { status: response.status, headers: response.headers, json, text };
}

/** Polls a job's status until it is terminal. */
export async function waitForJob(service: { url: string }, key: string, jobId: string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  const seen: any[] = [];
  for (;;) {
    const { json } = await call(service, 'GET', `/api/v1/videos/status/${jobId}`, { key });
    seen.push(json);
    if (json?.status === 'completed' || json?.status === 'failed') return { final: json, seen };
    if (Date.now() > deadline) throw new Error(`job ${jobId} did not finish: ${JSON.stringify(json)}`);
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

/** Submits a video job, expects it accepted, and waits until it ends; its job id. */
export async function submitAndWait(service: { url: string }, key: string, body: Record<string, unknown>): Promise<string> {
  const res = await call(service, 'POST', '/api/v1/videos/process', { key, body });
  expect(res.status).toBe(202);
  await waitForJob(service, key, res.json.job_id);
  return res.json.job_id;
}

/**
 * A worker as its own process (`npm run start:worker`) against this service's database, Redis,
 * Temporal task queue and YouTube, for tests that kill workers. `env` adds settings.
 */
export function spawnWorkerProcess(service: TestService, env: Record<string, string> = {}): ServiceProcess {
  return spawnEntry('workers/main.ts', {
    DATABASE_URL: service.database.url,
    REDIS_URL: requireEnv('TEST_REDIS_URL'),
    TEMPORAL_ADDRESS: service.config.temporal.address!,
    TEMPORAL_TASK_QUEUE: service.config.temporal.taskQueue,
    YOUTUBE_BASE_URL: service.config.youtube.baseUrl,
    FETCH_INITIAL_RETRY_SECONDS: '0.2',
    LOG_LEVEL: 'warn',
    ...env,
  });
}
