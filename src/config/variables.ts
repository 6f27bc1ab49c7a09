/**
 * Every environment variable the service reads, once, grouped in the sections the code receives:
 * its name, the field it becomes and how it is validated (with its default). The loader
 * (./index.ts) parses the environment with it; what each variable means is kept in
 * src/config-reference.ts, and docs/configuration.md is generated from the two.
 */
import os from 'node:os';
import { z } from 'zod';
import { DEFAULT_COMMENTS_LIMIT } from '../domain/comments';
import { MODEL_PROVIDERS } from '../domain/summary';
import {
  booleanFlag,
  hostAndPort,
  llmPricesJson,
  planLimitsJson,
  portNumber,
  positiveInt,
  retrySchedule,
  smtpUrl,
  urlString,
} from './values';

export interface ConfigVariable<S extends z.ZodType = z.ZodType, E extends string = string> {
  /** The environment variable's name: the public interface, never renamed. */
  env: E;
  /** Parses the variable's text (undefined when unset) into the field's value, default included. */
  schema: S;
}

function variable<S extends z.ZodType, E extends string>(env: E, schema: S): ConfigVariable<S, E> {
  return { env, schema };
}

export const CONFIG_SECTIONS = {
  process: {
    nodeEnv: variable('NODE_ENV', z.string().default('development')),
    dataDir: variable('DATA_DIR', z.string().min(1).default('.data')),
    logLevel: variable('LOG_LEVEL', z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info')),
    shutdownGraceSeconds: variable('SHUTDOWN_GRACE_SECONDS', positiveInt(25)),
  },
  http: {
    port: variable('PORT', portNumber(8080)),
    host: variable('HOST', z.string().default('0.0.0.0')),
    publicBaseUrl: variable('PUBLIC_BASE_URL', urlString.optional()),
    requestDeadlineMs: variable('REQUEST_DEADLINE_MS', positiveInt(30000)),
    processSyncTimeoutSeconds: variable('PROCESS_SYNC_TIMEOUT_SECONDS', positiveInt(300)),
    statusQueryTimeoutMs: variable('STATUS_QUERY_TIMEOUT_MS', positiveInt(1500)),
  },
  auth: {
    required: variable('REQUIRE_API_AUTH', booleanFlag(true)),
    legacyKeyPrefix: variable('LEGACY_KEY_PREFIX', z
        .string()
        .regex(/^[a-z][a-z0-9]{1,15}$/, 'must be 2-16 lowercase letters or digits, starting with a letter')
        .default('vds')),
  },
  limits: {
    plans: variable('PLAN_LIMITS', planLimitsJson),
    keysPerUser: variable('KEYS_PER_USER_MAX', positiveInt(20)),
    authFailuresPerIpPerMinute: variable('AUTH_FAILURES_PER_IP_PER_MINUTE', positiveInt(60)),
  },
  db: {
    url: variable('DATABASE_URL', z
        .string()
        .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
        .optional()),
    poolSize: variable('DATABASE_POOL_SIZE', positiveInt(10)),
    queryTimeoutMs: variable('DATABASE_QUERY_TIMEOUT_MS', positiveInt(10000)),
  },
  redis: {
    url: variable('REDIS_URL', z
        .string()
        .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
        .optional()),
  },
  temporal: {
    address: variable('TEMPORAL_ADDRESS', hostAndPort.optional()),
    namespace: variable('TEMPORAL_NAMESPACE', z.string().min(1).default('default')),
    taskQueue: variable('TEMPORAL_TASK_QUEUE', z.string().min(1).default('video-jobs')),
    callTimeoutMs: variable('TEMPORAL_CALL_TIMEOUT_MS', positiveInt(10000)),
    cliPath: variable('TEMPORAL_CLI_PATH', z.string().min(1).optional()),
    devPort: variable('TEMPORAL_DEV_PORT', positiveInt(7233)),
    uiPort: variable('TEMPORAL_UI_PORT', portNumber(0)),
    uiUrl: variable('TEMPORAL_UI_URL', urlString.optional()),
  },
  worker: {
    maxConcurrentActivities: variable('WORKER_MAX_CONCURRENT_ACTIVITIES', positiveInt(8)),
    maxConcurrentWorkflowTasks: variable('WORKER_MAX_CONCURRENT_WORKFLOW_TASKS', positiveInt(20)),
  },
  jobs: {
    infographicsEnabled: variable('INFOGRAPHICS_ENABLED', booleanFlag(true)),
    batchConcurrency: variable('BATCH_CONCURRENCY', positiveInt(10)),
    reconcileAfterSeconds: variable('RECONCILE_AFTER_SECONDS', positiveInt(30)),
  },
  youtube: {
    baseUrl: variable('YOUTUBE_BASE_URL', urlString.default('https://www.youtube.com')),
    requestTimeoutMs: variable('YOUTUBE_REQUEST_TIMEOUT_MS', positiveInt(15000)),
    fetchMaxAttempts: variable('FETCH_MAX_ATTEMPTS', positiveInt(5)),
    fetchInitialRetrySeconds: variable('FETCH_INITIAL_RETRY_SECONDS', z.coerce.number().positive().default(2)),
    commentsLimit: variable('COMMENTS_LIMIT', z.coerce.number().int().min(1).max(1000).default(DEFAULT_COMMENTS_LIMIT)),
  },
  webhooks: {
    allowPrivate: variable('ALLOW_PRIVATE_WEBHOOKS', booleanFlag(false)),
    retrySchedule: variable('WEBHOOK_RETRY_SCHEDULE', retrySchedule('30,120,600,1800,3600,7200,14400,28800,28800')),
    timeoutMs: variable('WEBHOOK_TIMEOUT_MS', positiveInt(10000)),
    deliveriesPerHour: variable('WEBHOOK_DELIVERIES_PER_HOUR', positiveInt(600)),
  },
  email: {
    smtpUrl: variable('SMTP_URL', smtpUrl.optional()),
    from: variable('EMAIL_FROM', z
        .string()
        .trim()
        .regex(
          /^([^<>\r\n]*<[^<>@\s]+@[^<>@\s]+>|[^<>@\s]+@[^<>@\s]+)$/,
          'must be an address, e.g. no-reply@example.com or "Video Digest <no-reply@example.com>"',
        )
        .default('Video Digest <no-reply@localhost>')),
    sendIntervalMs: variable('EMAIL_SEND_INTERVAL_MS', positiveInt(5000)),
    retrySchedule: variable('EMAIL_RETRY_SCHEDULE', retrySchedule('30,120,600,1800,3600,7200')),
  },
  llm: {
    provider: variable('SUMMARY_PROVIDER', z.enum(['extractive', ...MODEL_PROVIDERS]).default('extractive')),
    fallback: variable('SUMMARY_FALLBACK', z.enum(['extractive', 'fail']).default('extractive')),
    baseUrl: variable('LLM_BASE_URL', urlString.optional()),
    apiKey: variable('LLM_API_KEY', z.string().min(1).optional()),
    model: variable('LLM_MODEL', z.string().min(1).optional()),
    contextTokens: variable('LLM_CONTEXT_TOKENS', z.coerce.number().int().min(2000).default(32000)),
    maxOutputTokens: variable('LLM_MAX_OUTPUT_TOKENS', z.coerce.number().int().min(256).default(2000)),
    concurrency: variable('LLM_CONCURRENCY', positiveInt(4)),
    timeoutMs: variable('LLM_TIMEOUT_MS', positiveInt(120000)),
    prices: variable('LLM_PRICES', llmPricesJson),
  },
  exports: {
    renderThreads: variable('EXPORT_RENDER_THREADS', positiveInt(1)),
    rendersPerUser: variable('EXPORT_RENDERS_PER_USER', positiveInt(2)),
  },
  artifacts: {
    s3Url: variable('ARTIFACTS_S3_URL', z
        .string()
        .regex(/^s3:\/\/[a-z0-9][a-z0-9.-]{1,61}[a-z0-9](\/.*)?$/, 'must be s3://bucket or s3://bucket/prefix')
        .optional()),
    s3Endpoint: variable('ARTIFACTS_S3_ENDPOINT', urlString.optional()),
    s3Region: variable('ARTIFACTS_S3_REGION', z.string().min(1).default('us-east-1')),
    s3AccessKeyId: variable('ARTIFACTS_S3_ACCESS_KEY_ID', z.string().min(1).optional()),
    s3SecretAccessKey: variable('ARTIFACTS_S3_SECRET_ACCESS_KEY', z.string().min(1).optional()),
  },
  stt: {
    provider: variable('STT_PROVIDER', z.enum(['none', 'openai', 'local', 'pocketsphinx']).default('none')),
    baseUrl: variable('STT_BASE_URL', urlString.optional()),
    model: variable('STT_MODEL', z.string().min(1).default('whisper-1')),
    apiKey: variable('STT_API_KEY', z.string().min(1).optional()),
    localModel: variable('STT_LOCAL_MODEL', z.string().min(1).optional()),
    localThreads: variable('STT_LOCAL_THREADS', positiveInt(os.availableParallelism())),
    chunkSeconds: variable('STT_CHUNK_SECONDS', z.coerce.number().int().min(10).max(3600).default(600)),
    chunkOverlapSeconds: variable('STT_CHUNK_OVERLAP_SECONDS', z.coerce.number().min(0).max(60).default(5)),
    parallelism: variable('STT_PARALLELISM', z.coerce.number().int().min(1).max(32).default(2)),
    maxAudioSeconds: variable('STT_MAX_AUDIO_SECONDS', positiveInt(14400)),
    requestTimeoutSeconds: variable('STT_REQUEST_TIMEOUT_SECONDS', positiveInt(600)),
    ytdlpPath: variable('YTDLP_PATH', z.string().min(1).optional()),
    ffmpegPath: variable('FFMPEG_PATH', z.string().min(1).optional()),
  },
  metrics: {
    port: variable('METRICS_PORT', portNumber(9464)),
    host: variable('METRICS_HOST', z.string().min(1).default('127.0.0.1')),
  },
  tracing: {
    otlpEndpoint: variable('OTEL_EXPORTER_OTLP_ENDPOINT', urlString.optional()),
    serviceName: variable('OTEL_SERVICE_NAME', z.string().trim().min(1).default('video-digest')),
  },
} as const satisfies Record<string, Record<string, ConfigVariable>>;

export type ConfigSectionName = keyof typeof CONFIG_SECTIONS;
