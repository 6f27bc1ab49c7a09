/**
 * The one place that reads the environment (docs/configuration.md lists every variable). Everything
 * else receives a typed Config, so a bad value stops start-up here with a message naming the variable.
 */
import os from 'node:os';
import path from 'node:path';
import { DEFAULT_COMMENTS_LIMIT } from './domain/comments';
import { z } from 'zod';
import { DEFAULT_PLAN_LIMITS, type PlanLimitTable } from './domain/plans';
import { PLANS } from './domain/access';
import { MODEL_PROVIDERS } from './domain/summary';

const booleanFlag = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'must be true or false' })
    .optional()
    .transform((v) => (v === undefined ? fallback : ['true', '1', 'yes'].includes(v)));

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);

/** Every address the service is configured with is reached over HTTP. */
const urlString = z
  .string()
  .url()
  .refine((value) => /^https?:\/\//i.test(value), 'must be an http:// or https:// URL');

/** host:port, as Temporal's clients take it ([v6 address]:port included). */
const hostAndPort = z
  .string()
  .regex(/^(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9.-]+):\d{1,5}$/, 'must be host:port, e.g. temporal.internal:7233');

/** "30,120,600": seconds between attempts; an empty list means a single attempt. */
const retrySchedule = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .transform((raw, ctx): number[] => {
      const parts = raw.split(',').map((part) => part.trim()).filter((part) => part !== '');
      const seconds = parts.map(Number);
      if (seconds.some((s) => !Number.isFinite(s) || s < 0 || s > 7 * 24 * 3600) || seconds.length > 50) {
        ctx.addIssue({ code: 'custom', message: 'must be up to 50 comma-separated numbers of seconds (0 to 604800), e.g. 30,120,600' });
        return z.NEVER;
      }
      return seconds;
    });

/** SMTP_URL: smtp:// or smtps:// with a host, optional user:password (URL-encoded) and port. */
const smtpUrl = z.string().superRefine((raw, ctx) => {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    ctx.addIssue({ code: 'custom', message: 'must be a URL like smtp://user:password@smtp.example.com:587' });
    return;
  }
  if (!['smtp:', 'smtps:'].includes(url.protocol) || !url.hostname) {
    ctx.addIssue({ code: 'custom', message: 'must be smtp://[user:password@]host[:port] or smtps://...' });
  }
});

const limitValue = z.number().int().positive().nullable();
/** PLAN_LIMITS: JSON overriding the per-plan defaults; plans left out keep theirs, null means no cap. */
const planLimitsJson = z
  .string()
  .optional()
  .transform((raw, ctx): PlanLimitTable => {
    if (raw === undefined) return DEFAULT_PLAN_LIMITS;
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      ctx.addIssue({ code: 'custom', message: 'must be JSON, e.g. {"free": {"requests_per_minute": 10, "videos_per_month": 20}}' });
      return z.NEVER;
    }
    const shape = z.partialRecord(
      z.enum(PLANS),
      z.strictObject({ requests_per_minute: limitValue.optional(), videos_per_month: limitValue.optional() }),
    );
    const result = shape.safeParse(parsed);
    if (!result.success) {
      for (const issue of result.error.issues) {
        const where = issue.path.length > 0 ? `${issue.path.join(".")}: ` : "";
        ctx.addIssue({ code: "custom", message: `${where}${issue.message}` });
      }
      return z.NEVER;
    }
    const table = structuredClone(DEFAULT_PLAN_LIMITS);
    for (const plan of PLANS) {
      const override = result.data[plan];
      if (!override) continue;
      if (override.requests_per_minute !== undefined) table[plan].requestsPerMinute = override.requests_per_minute;
      if (override.videos_per_month !== undefined) table[plan].videosPerMonth = override.videos_per_month;
    }
    return table;
  });

/** LLM_PRICES: USD per million input and output tokens, by model name. */
const llmPricesJson = z
  .string()
  .optional()
  .transform((raw, ctx): Record<string, { input: number; output: number }> => {
    if (raw === undefined) return {};
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch {
      ctx.addIssue({ code: 'custom', message: 'must be JSON, e.g. {"gpt-4o-mini": {"input": 0.15, "output": 0.6}}' });
      return z.NEVER;
    }
    const table = z.record(z.string().min(1), z.object({ input: z.number().min(0), output: z.number().min(0) }).strict()).safeParse(value);
    if (!table.success) {
      ctx.addIssue({ code: 'custom', message: 'must map model names to {"input": USD, "output": USD} per million tokens' });
      return z.NEVER;
    }
    return table.data;
  });

/**
 * Every variable: its type, bounds and default. What each one means, grouped by topic, is in
 * src/config-reference.ts, from which docs/configuration.md is generated.
 */
const EnvSchema = z.object({
  NODE_ENV: z.string().default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_BASE_URL: urlString.optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  DATABASE_POOL_SIZE: positiveInt(10),
  DATABASE_QUERY_TIMEOUT_MS: positiveInt(10000),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
    .optional(),
  TEMPORAL_ADDRESS: hostAndPort.optional(),
  TEMPORAL_NAMESPACE: z.string().min(1).default('default'),
  TEMPORAL_TASK_QUEUE: z.string().min(1).default('video-jobs'),
  TEMPORAL_CALL_TIMEOUT_MS: positiveInt(10000),
  TEMPORAL_CLI_PATH: z.string().min(1).optional(),
  TEMPORAL_DEV_PORT: positiveInt(7233),
  TEMPORAL_UI_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  TEMPORAL_UI_URL: urlString.optional(),
  DATA_DIR: z.string().min(1).default('.data'),
  YOUTUBE_BASE_URL: urlString.default('https://www.youtube.com'),
  YOUTUBE_REQUEST_TIMEOUT_MS: positiveInt(15000),
  REQUIRE_API_AUTH: booleanFlag(true),
  ALLOW_PRIVATE_WEBHOOKS: booleanFlag(false),
  WEBHOOK_RETRY_SCHEDULE: retrySchedule('30,120,600,1800,3600,7200,14400,28800,28800'),
  WEBHOOK_TIMEOUT_MS: positiveInt(10000),
  WEBHOOK_DELIVERIES_PER_HOUR: positiveInt(600),
  SMTP_URL: smtpUrl.optional(),
  EMAIL_FROM: z
    .string()
    .trim()
    .regex(/^([^<>\r\n]*<[^<>@\s]+@[^<>@\s]+>|[^<>@\s]+@[^<>@\s]+)$/, 'must be an address, e.g. no-reply@example.com or "Video Digest <no-reply@example.com>"')
    .default('Video Digest <no-reply@localhost>'),
  EMAIL_SEND_INTERVAL_MS: positiveInt(5000),
  EMAIL_RETRY_SCHEDULE: retrySchedule('30,120,600,1800,3600,7200'),
  LEGACY_KEY_PREFIX: z
    .string()
    .regex(/^[a-z][a-z0-9]{1,15}$/, 'must be 2-16 lowercase letters or digits, starting with a letter')
    .default('vds'),
  SUMMARY_PROVIDER: z.enum(['extractive', ...MODEL_PROVIDERS]).default('extractive'),
  LLM_BASE_URL: urlString.optional(),
  LLM_API_KEY: z.string().min(1).optional(),
  LLM_MODEL: z.string().min(1).optional(),
  LLM_CONTEXT_TOKENS: z.coerce.number().int().min(2000).default(32000),
  LLM_MAX_OUTPUT_TOKENS: z.coerce.number().int().min(256).default(2000),
  LLM_CONCURRENCY: positiveInt(4),
  LLM_TIMEOUT_MS: positiveInt(120000),
  SUMMARY_FALLBACK: z.enum(['extractive', 'fail']).default('extractive'),
  LLM_PRICES: llmPricesJson,
  EXPORT_RENDER_THREADS: positiveInt(1),
  EXPORT_RENDERS_PER_USER: positiveInt(2),
  INFOGRAPHICS_ENABLED: booleanFlag(true),
  COMMENTS_LIMIT: z.coerce.number().int().min(1).max(1000).default(DEFAULT_COMMENTS_LIMIT),
  ARTIFACTS_S3_URL: z
    .string()
    .regex(/^s3:\/\/[a-z0-9][a-z0-9.-]{1,61}[a-z0-9](\/.*)?$/, 'must be s3://bucket or s3://bucket/prefix')
    .optional(),
  ARTIFACTS_S3_ENDPOINT: urlString.optional(),
  ARTIFACTS_S3_REGION: z.string().min(1).default('us-east-1'),
  ARTIFACTS_S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  ARTIFACTS_S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  YTDLP_PATH: z.string().min(1).optional(),
  FFMPEG_PATH: z.string().min(1).optional(),
  STT_CHUNK_SECONDS: z.coerce.number().int().min(10).max(3600).default(600),
  STT_CHUNK_OVERLAP_SECONDS: z.coerce.number().min(0).max(60).default(5),
  STT_PARALLELISM: z.coerce.number().int().min(1).max(32).default(2),
  STT_PROVIDER: z.enum(['none', 'openai', 'local', 'pocketsphinx']).default('none'),
  STT_BASE_URL: urlString.optional(),
  STT_MODEL: z.string().min(1).default('whisper-1'),
  STT_API_KEY: z.string().min(1).optional(),
  STT_LOCAL_MODEL: z.string().min(1).optional(),
  STT_LOCAL_THREADS: positiveInt(os.availableParallelism()),
  STT_MAX_AUDIO_SECONDS: positiveInt(14400),
  STT_REQUEST_TIMEOUT_SECONDS: positiveInt(600),
  WORKER_MAX_CONCURRENT_ACTIVITIES: positiveInt(8),
  WORKER_MAX_CONCURRENT_WORKFLOW_TASKS: positiveInt(20),
  PROCESS_SYNC_TIMEOUT_SECONDS: positiveInt(300),
  REQUEST_DEADLINE_MS: positiveInt(30000),
  SHUTDOWN_GRACE_SECONDS: positiveInt(25),
  STATUS_QUERY_TIMEOUT_MS: positiveInt(1500),
  FETCH_MAX_ATTEMPTS: positiveInt(5),
  FETCH_INITIAL_RETRY_SECONDS: z.coerce.number().positive().default(2),
  RECONCILE_AFTER_SECONDS: positiveInt(30),
  BATCH_CONCURRENCY: positiveInt(10),
  PLAN_LIMITS: planLimitsJson,
  KEYS_PER_USER_MAX: positiveInt(20),
  AUTH_FAILURES_PER_IP_PER_MINUTE: positiveInt(60),
  OTEL_EXPORTER_OTLP_ENDPOINT: urlString.optional(),
  OTEL_SERVICE_NAME: z.string().trim().min(1).default('video-digest'),
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).default(9464),
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type Env = z.infer<typeof EnvSchema>;

/**
 * Each variable's name and schema, in the schema's order: what the generated configuration page
 * (scripts/generate-config-doc.ts) reads, so the schema's layout can change behind it.
 */
export function configVariableSchemas(): ReadonlyArray<readonly [name: keyof Env, schema: z.ZodType]> {
  return Object.entries(EnvSchema.shape) as Array<[keyof Env, z.ZodType]>;
}

/** Every variable the configuration reads, from the schema itself (deployment files are checked against it). */
export const CONFIG_VARIABLE_NAMES: readonly string[] = Object.freeze(Object.keys(EnvSchema.shape));

export interface Config extends Env {
  /** Absolute DATA_DIR. */
  dataDir: string;
  publicBaseUrl: string;
}

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

/**
 * For a process that serves the API: its metrics need a listener of their own. Checked where the
 * API runs only, since a worker alone never listens on PORT and may well give its metrics 8080.
 */
export function requireMetricsPortApartFromApi(config: Pick<Env, 'PORT' | 'METRICS_PORT'>): void {
  if (config.METRICS_PORT !== 0 && config.METRICS_PORT === config.PORT) {
    throw new ConfigError(
      `Invalid configuration:\n  METRICS_PORT: ${config.METRICS_PORT} is PORT as well; the metrics need a port of their own (or METRICS_PORT=0 for none)`,
    );
  }
}

/**
 * LEGACY_KEY_PREFIX read on its own, for text such as the CLI's usage that should not fail
 * because some unrelated variable is bad; null when this one is itself invalid.
 */
export function readLegacyKeyPrefix(env: NodeJS.ProcessEnv = process.env): string | null {
  const parsed = EnvSchema.shape.LEGACY_KEY_PREFIX.safeParse(env.LEGACY_KEY_PREFIX || undefined);
  return parsed.success ? parsed.data : null;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable means "not set", as in most deployment tools.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = EnvSchema.safeParse(cleaned);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const values = parsed.data;
  if (values.SUMMARY_PROVIDER !== 'extractive' && !values.LLM_MODEL) {
    throw new ConfigError(
      `Invalid configuration:\n  LLM_MODEL: required with SUMMARY_PROVIDER=${values.SUMMARY_PROVIDER} (e.g. ${values.SUMMARY_PROVIDER === 'openai' ? 'gpt-4o-mini, or llama3.1 on Ollama' : 'claude-sonnet-4-5'})`,
    );
  }
  if (values.STT_PROVIDER === 'openai' && !values.STT_BASE_URL) {
    throw new ConfigError('Invalid configuration:\n  STT_BASE_URL: required with STT_PROVIDER=openai (e.g. https://api.openai.com/v1, or http://localhost:8000/v1 for a local server)');
  }
  if (values.STT_PROVIDER === 'local' && !values.STT_LOCAL_MODEL) {
    throw new ConfigError('Invalid configuration:\n  STT_LOCAL_MODEL: required with STT_PROVIDER=local (the path of a whisper.cpp ggml model file, e.g. ggml-base.en.bin)');
  }
  if (values.STT_CHUNK_OVERLAP_SECONDS * 2 >= values.STT_CHUNK_SECONDS) {
    throw new ConfigError('Invalid configuration:\n  STT_CHUNK_OVERLAP_SECONDS: must be less than half of STT_CHUNK_SECONDS');
  }
  if (Boolean(values.ARTIFACTS_S3_ACCESS_KEY_ID) !== Boolean(values.ARTIFACTS_S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError('Invalid configuration:\n  ARTIFACTS_S3_ACCESS_KEY_ID and ARTIFACTS_S3_SECRET_ACCESS_KEY: set both or neither');
  }
  return {
    ...values,
    dataDir: path.resolve(values.DATA_DIR),
    publicBaseUrl: (values.PUBLIC_BASE_URL ?? `http://localhost:${values.PORT}`).replace(/\/+$/, ''),
  };
}
