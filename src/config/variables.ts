/**
 * Every environment variable the service reads, once, grouped in the sections the code receives:
 * its name, the field it becomes, how it is validated (with its default) and what it means. The
 * loader (./index.ts) and the configuration reference in docs/ are both made from this table.
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
  description: string;
  /** The default as an operator writes it, where the schema's own cannot show it (computed, or a table). */
  defaultText?: string;
}

function variable<S extends z.ZodType, E extends string>(env: E, schema: S, description: string, defaultText?: string): ConfigVariable<S, E> {
  return defaultText === undefined ? { env, schema, description } : { env, schema, description, defaultText };
}

export const CONFIG_SECTIONS = {
  process: {
    nodeEnv: variable('NODE_ENV', z.string().default('development'), 'The usual Node.js setting; the service behaves the same under every value.'),
    dataDir: variable(
      'DATA_DIR',
      z.string().min(1).default('.data'),
      'Where the embedded Postgres, the embedded Temporal dev server and file artifacts keep their data (resolved to an absolute path).',
    ),
    logLevel: variable('LOG_LEVEL', z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'), 'Lowest level of the JSON log lines written to stdout.'),
    shutdownGraceSeconds: variable(
      'SHUTDOWN_GRACE_SECONDS',
      positiveInt(25),
      'On SIGTERM, SIGINT or SIGHUP (its terminal closed): how long requests and activities in flight may take to finish before they are cut off and the process exits.',
    ),
  },
  http: {
    port: variable('PORT', portNumber(8080), 'Port the API listens on; 0 takes a free one.'),
    host: variable('HOST', z.string().default('0.0.0.0'), 'Address the API listens on.'),
    publicBaseUrl: variable(
      'PUBLIC_BASE_URL',
      urlString.optional(),
      'The address clients reach the API at: the start of every link in responses, webhooks and email notices.',
      'http://localhost:PORT',
    ),
    requestDeadlineMs: variable(
      'REQUEST_DEADLINE_MS',
      positiveInt(30000),
      'A request not answered within this bound gets 503 SERVICE_UNAVAILABLE with Retry-After. process-sync adds PROCESS_SYNC_TIMEOUT_SECONDS to it; the PDF export has a longer bound.',
    ),
    processSyncTimeoutSeconds: variable('PROCESS_SYNC_TIMEOUT_SECONDS', positiveInt(300), 'How long process-sync waits for the job before answering 202.'),
    statusQueryTimeoutMs: variable(
      'STATUS_QUERY_TIMEOUT_MS',
      positiveInt(1500),
      'How long the status route waits for a workflow query before answering from the database.',
    ),
  },
  auth: {
    required: variable('REQUIRE_API_AUTH', booleanFlag(true), 'false lets the routes that need only read access (thumbnails) answer without a key, for local development.', 'true'),
    legacyKeyPrefix: variable(
      'LEGACY_KEY_PREFIX',
      z
        .string()
        .regex(/^[a-z][a-z0-9]{1,15}$/, 'must be 2-16 lowercase letters or digits, starting with a letter')
        .default('vds'),
      'Prefix of the legacy API keys the service accepts beside sk_ keys (<prefix>_ followed by 16 to 128 of [A-Za-z0-9_-]).',
    ),
  },
  limits: {
    plans: variable(
      'PLAN_LIMITS',
      planLimitsJson,
      'JSON overriding the per-plan limits, e.g. {"free": {"requests_per_minute": 10, "videos_per_month": 20}}; plans left out keep theirs, null means no cap.',
      'the built-in table of docs/api-behaviour.md#plans-and-feature-gates',
    ),
    keysPerUser: variable(
      'KEYS_PER_USER_MAX',
      positiveInt(20),
      'Active (unrevoked, unexpired) keys one user may hold; creating one more gets 409 KEY_LIMIT_REACHED.',
    ),
    authFailuresPerIpPerMinute: variable(
      'AUTH_FAILURES_PER_IP_PER_MINUTE',
      positiveInt(60),
      'Requests with an invalid key one client address may make a minute; past it, every request from that address that presents a key gets 429 RATE_LIMITED until the minute is over.',
    ),
  },
  db: {
    url: variable(
      'DATABASE_URL',
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
        .optional(),
      'The Postgres server (postgres://...); unset, an embedded Postgres server under DATA_DIR.',
    ),
    poolSize: variable('DATABASE_POOL_SIZE', positiveInt(10), 'Connections one process keeps open to Postgres at most.'),
    queryTimeoutMs: variable(
      'DATABASE_QUERY_TIMEOUT_MS',
      positiveInt(10000),
      'Bound on one database call: waiting for a pooled connection, and each statement. A statement running longer is cancelled by the server; a connection that stays silent is dropped.',
    ),
  },
  redis: {
    url: variable(
      'REDIS_URL',
      z
        .string()
        .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
        .optional(),
      'Redis (redis:// or rediss://) for the limits the processes share; unset, an in-process store (one process only).',
    ),
  },
  temporal: {
    address: variable('TEMPORAL_ADDRESS', hostAndPort.optional(), 'The Temporal frontend as host:port; unset, an embedded Temporal dev server under DATA_DIR.'),
    namespace: variable('TEMPORAL_NAMESPACE', z.string().min(1).default('default'), 'Temporal namespace of the workflows.'),
    taskQueue: variable('TEMPORAL_TASK_QUEUE', z.string().min(1).default('video-jobs'), 'Task queue the API starts workflows on and the workers poll.'),
    callTimeoutMs: variable('TEMPORAL_CALL_TIMEOUT_MS', positiveInt(10000), 'Bound on one Temporal call (connect, workflow start, query) that sets no deadline of its own.'),
    cliPath: variable('TEMPORAL_CLI_PATH', z.string().min(1).optional(), 'Path to a `temporal` CLI binary for the embedded dev server (found or built when unset).'),
    devPort: variable('TEMPORAL_DEV_PORT', positiveInt(7233), 'Port of the embedded Temporal dev server.'),
    uiPort: variable('TEMPORAL_UI_PORT', portNumber(0), "Port of the embedded dev server's Web UI; 0 (the default) takes a free one."),
    uiUrl: variable(
      'TEMPORAL_UI_URL',
      urlString.optional(),
      "Where a Temporal cluster's Web UI is (e.g. http://localhost:8233), for the links in the logs; the embedded one's is known.",
    ),
  },
  worker: {
    maxConcurrentActivities: variable('WORKER_MAX_CONCURRENT_ACTIVITIES', positiveInt(8), 'Activities one worker runs at once.'),
    maxConcurrentWorkflowTasks: variable('WORKER_MAX_CONCURRENT_WORKFLOW_TASKS', positiveInt(20), 'Workflow tasks one worker runs at once.'),
  },
  jobs: {
    infographicsEnabled: variable(
      'INFOGRAPHICS_ENABLED',
      booleanFlag(true),
      'Infographics (generate_infographic): false turns them off at runtime, with a FEATURE_DISABLED warning.',
      'true',
    ),
    batchConcurrency: variable('BATCH_CONCURRENCY', positiveInt(10), "Child jobs of one batch that run at once (the parent workflow's sliding window)."),
    reconcileAfterSeconds: variable('RECONCILE_AFTER_SECONDS', positiveInt(30), 'Jobs accepted but not seen by Temporal for this long are (re)started by the reconciler.'),
  },
  youtube: {
    baseUrl: variable('YOUTUBE_BASE_URL', urlString.default('https://www.youtube.com'), 'Where YouTube is (a local stand-in in tests).'),
    requestTimeoutMs: variable('YOUTUBE_REQUEST_TIMEOUT_MS', positiveInt(15000), 'Bound on one request to YouTube.'),
    fetchMaxAttempts: variable('FETCH_MAX_ATTEMPTS', positiveInt(5), 'Retry policy of activities that reach YouTube: attempts before the job fails.'),
    fetchInitialRetrySeconds: variable('FETCH_INITIAL_RETRY_SECONDS', z.coerce.number().positive().default(2), 'Retry policy of activities that reach YouTube: the first wait between attempts.'),
    commentsLimit: variable(
      'COMMENTS_LIMIT',
      z.coerce.number().int().min(1).max(1000).default(DEFAULT_COMMENTS_LIMIT),
      'include_comments: how many top comments a job reads at most.',
    ),
  },
  webhooks: {
    allowPrivate: variable(
      'ALLOW_PRIVATE_WEBHOOKS',
      booleanFlag(false),
      'true lets webhooks go to private and loopback addresses (local development and tests).',
      'false',
    ),
    retrySchedule: variable(
      'WEBHOOK_RETRY_SCHEDULE',
      retrySchedule('30,120,600,1800,3600,7200,14400,28800,28800'),
      'Seconds to wait between webhook delivery attempts, comma-separated (the default is about a day in all).',
    ),
    timeoutMs: variable('WEBHOOK_TIMEOUT_MS', positiveInt(10000), 'One webhook attempt: connect, send and answer within this many milliseconds.'),
    deliveriesPerHour: variable(
      'WEBHOOK_DELIVERIES_PER_HOUR',
      positiveInt(600),
      'Webhook deliveries one user may start in an hour (retries of a started one are not counted): a webhook_url can name any public host:port. Past it, an attempt is recorded as not sent and the next one on the retry schedule tries again.',
    ),
  },
  email: {
    smtpUrl: variable(
      'SMTP_URL',
      smtpUrl.optional(),
      'Email notices: smtp://[user:pass@]host[:port] (STARTTLS when offered) or smtps://... (TLS from the start). Unset: notices are recorded in the outbox, not sent.',
    ),
    from: variable(
      'EMAIL_FROM',
      z
        .string()
        .trim()
        .regex(
          /^([^<>\r\n]*<[^<>@\s]+@[^<>@\s]+>|[^<>@\s]+@[^<>@\s]+)$/,
          'must be an address, e.g. no-reply@example.com or "Video Digest <no-reply@example.com>"',
        )
        .default('Video Digest <no-reply@localhost>'),
      'From header of email notices, e.g. `Video Digest <no-reply@example.com>`.',
    ),
    sendIntervalMs: variable('EMAIL_SEND_INTERVAL_MS', positiveInt(5000), "How often each worker's email sender looks for due notices."),
    retrySchedule: variable(
      'EMAIL_RETRY_SCHEDULE',
      retrySchedule('30,120,600,1800,3600,7200'),
      'Seconds between SMTP attempts of one notice, comma-separated; after the last, it is marked failed.',
    ),
  },
  llm: {
    provider: variable(
      'SUMMARY_PROVIDER',
      z.enum(['extractive', ...MODEL_PROVIDERS]).default('extractive'),
      'Who writes summaries (docs/api-behaviour.md#summary-engines): the built-in offline engine (`extractive`), or a language model over the Chat Completions API (`openai`: OpenAI, vLLM, Ollama, LM Studio, llama.cpp server, OpenRouter) or Anthropic\'s Messages API (`anthropic`).',
    ),
    fallback: variable(
      'SUMMARY_FALLBACK',
      z.enum(['extractive', 'fail']).default('extractive'),
      'When the model still fails after the retries: `extractive` writes that mode offline and warns SUMMARY_FALLBACK; `fail` fails the job SUMMARIZATION_FAILED.',
    ),
    baseUrl: variable(
      'LLM_BASE_URL',
      urlString.optional(),
      'API root: for `openai` with the version path (https://api.openai.com/v1); for `anthropic` without (https://api.anthropic.com). Unset: the provider\'s own.',
    ),
    apiKey: variable('LLM_API_KEY', z.string().min(1).optional(), 'Sent as a bearer token (openai) or x-api-key (anthropic); local servers may need none. Never logged.'),
    model: variable('LLM_MODEL', z.string().min(1).optional(), 'The model summaries are asked of; required with a model provider.'),
    contextTokens: variable(
      'LLM_CONTEXT_TOKENS',
      z.coerce.number().int().min(2000).default(32000),
      'Input budget of one model call, in tokens; a longer transcript is split and the parts combined.',
    ),
    maxOutputTokens: variable('LLM_MAX_OUTPUT_TOKENS', z.coerce.number().int().min(256).default(2000), 'Output budget of one model call, in tokens.'),
    concurrency: variable('LLM_CONCURRENCY', positiveInt(4), 'Model calls one job makes at once while summarising the parts of a long transcript.'),
    timeoutMs: variable('LLM_TIMEOUT_MS', positiveInt(120000), 'Bound on one model call; a call that takes longer is retried like a 5xx.'),
    prices: variable(
      'LLM_PRICES',
      llmPricesJson,
      'Price table for the usage endpoints\' cost estimate: {"<model>": {"input": USD, "output": USD}} per million tokens.',
      '{} (no prices)',
    ),
  },
  exports: {
    renderThreads: variable('EXPORT_RENDER_THREADS', positiveInt(1), 'PDF exports an API process lays out at once, each on a thread of its own; more queue.'),
    rendersPerUser: variable(
      'EXPORT_RENDERS_PER_USER',
      positiveInt(2),
      'PDF exports being prepared at once for one user in one API process; more get 429 RATE_LIMITED. Prepared exports are kept and served without this limit.',
    ),
  },
  artifacts: {
    s3Url: variable(
      'ARTIFACTS_S3_URL',
      z
        .string()
        .regex(/^s3:\/\/[a-z0-9][a-z0-9.-]{1,61}[a-z0-9](\/.*)?$/, 'must be s3://bucket or s3://bucket/prefix')
        .optional(),
      "Where job artifacts (the infographic's PNG and SVG) are kept: unset, a directory under DATA_DIR; `s3://bucket[/prefix]`, an S3-compatible object store.",
    ),
    s3Endpoint: variable(
      'ARTIFACTS_S3_ENDPOINT',
      urlString.optional(),
      'The S3 API endpoint for a store other than AWS (MinIO, Ceph, R2, ...); requests then use path-style addressing.',
    ),
    s3Region: variable('ARTIFACTS_S3_REGION', z.string().min(1).default('us-east-1'), "The S3 store's region."),
    s3AccessKeyId: variable(
      'ARTIFACTS_S3_ACCESS_KEY_ID',
      z.string().min(1).optional(),
      "Static credentials for the store, with ARTIFACTS_S3_SECRET_ACCESS_KEY; unset, the AWS SDK's default chain (environment, profile, instance role).",
    ),
    s3SecretAccessKey: variable('ARTIFACTS_S3_SECRET_ACCESS_KEY', z.string().min(1).optional(), 'The secret of ARTIFACTS_S3_ACCESS_KEY_ID. Never logged.'),
  },
  stt: {
    provider: variable(
      'STT_PROVIDER',
      z.enum(['none', 'openai', 'local', 'pocketsphinx']).default('none'),
      'Who transcribes videos without captions: nobody (`none`), an OpenAI-compatible server (`openai`), whisper.cpp in the worker (`local`), or Debian\'s pocketsphinx (`pocketsphinx`, offline but low quality).',
    ),
    baseUrl: variable(
      'STT_BASE_URL',
      urlString.optional(),
      'API root of the `openai` provider, with the version path (https://api.openai.com/v1, http://localhost:8000/v1).',
    ),
    model: variable(
      'STT_MODEL',
      z.string().min(1).default('whisper-1'),
      'Model the `openai` provider asks for (whisper-1 on OpenAI, whisper-large-v3 on Groq, Systran/faster-whisper-small on speaches).',
    ),
    apiKey: variable('STT_API_KEY', z.string().min(1).optional(), 'Sent as a bearer token to the `openai` provider; local servers may need none. Never logged.'),
    localModel: variable('STT_LOCAL_MODEL', z.string().min(1).optional(), "The `local` provider's whisper.cpp model file (ggml format, e.g. ggml-base.en.bin)."),
    localThreads: variable(
      'STT_LOCAL_THREADS',
      positiveInt(os.availableParallelism()),
      "CPU threads the `local` provider's whisper.cpp uses.",
      "the machine's available parallelism",
    ),
    chunkSeconds: variable(
      'STT_CHUNK_SECONDS',
      z.coerce.number().int().min(10).max(3600).default(600),
      'Seconds of audio per chunk; each chunk is transcribed by an activity of its own.',
    ),
    chunkOverlapSeconds: variable(
      'STT_CHUNK_OVERLAP_SECONDS',
      z.coerce.number().min(0).max(60).default(5),
      "Seconds each chunk repeats of the previous one's end, so a word cut at a boundary is heard whole once.",
    ),
    parallelism: variable('STT_PARALLELISM', z.coerce.number().int().min(1).max(32).default(2), 'Chunks of one job transcribed at once.'),
    maxAudioSeconds: variable('STT_MAX_AUDIO_SECONDS', positiveInt(14400), 'Videos longer than this are not transcribed (the job fails TRANSCRIPT_UNAVAILABLE).'),
    requestTimeoutSeconds: variable(
      'STT_REQUEST_TIMEOUT_SECONDS',
      positiveInt(600),
      'Bound on one provider request (one chunk); a request taking longer is retried like a 5xx.',
    ),
    ytdlpPath: variable(
      'YTDLP_PATH',
      z.string().min(1).optional(),
      "A yt-dlp binary to download the audio with (`-f bestaudio`). It follows YouTube's changes weekly, so it is the robust choice in production; unset, the built-in download of the smallest audio-only stream through InnerTube is used.",
    ),
    ffmpegPath: variable(
      'FFMPEG_PATH',
      z.string().min(1).optional(),
      'The ffmpeg that decodes and cuts audio for speech-to-text (ffprobe is looked for beside it); unset, `ffmpeg` on PATH.',
    ),
  },
  metrics: {
    port: variable(
      'METRICS_PORT',
      portNumber(9464),
      'Prometheus text at GET /metrics on a listener of its own, one per process (the API, a worker, or both under npm start); 0 opens none.',
    ),
    host: variable('METRICS_HOST', z.string().min(1).default('127.0.0.1'), 'Address the metrics listener binds; loopback by default, since the figures are for the operator.'),
  },
  tracing: {
    otlpEndpoint: variable(
      'OTEL_EXPORTER_OTLP_ENDPOINT',
      urlString.optional(),
      "Traces (OpenTelemetry): the OTLP/HTTP collector's address, e.g. http://localhost:4318. One trace runs from the API request through the workflow to every activity. Unset: nothing is traced.",
    ),
    serviceName: variable('OTEL_SERVICE_NAME', z.string().trim().min(1).default('video-digest'), 'The service.name that traces carry.'),
  },
} as const satisfies Record<string, Record<string, ConfigVariable>>;

export type ConfigSectionName = keyof typeof CONFIG_SECTIONS;
