/**
 * What each environment variable means, grouped by topic: the one place its description is kept.
 * The table in src/config/variables.ts holds the types and defaults; `npm run docs:config`
 * (scripts/generate-config-doc.ts) joins the two into docs/configuration.md, and a test fails when
 * a variable is missing here or the checked-in page differs from what they produce.
 */
import type { Env } from './config';
import type { PlanLimitTable } from './domain/plans';

export interface VariableReference {
  /** Markdown: what the variable does, its accepted values, what follows from it. */
  readonly description: string;
  /**
   * The default as the page shows it, for a variable the schema leaves unset (what unset means)
   * or whose default the schema works out per machine or holds in a form the environment does not
   * use. Without it, the page shows the schema's default as it is.
   */
  readonly shownDefault?: string | ((schemaDefault: unknown) => string);
}

export interface ConfigTopic {
  readonly title: string;
  /** One paragraph of Markdown under the topic's heading, when the table alone does not say enough. */
  readonly intro?: string;
  readonly variables: Partial<Record<keyof Env, VariableReference>>;
}

function describePlanLimits(value: unknown): string {
  const table = value as PlanLimitTable;
  return Object.entries(table)
    .map(([plan, limits]) => {
      const videos = limits.videosPerMonth === null ? 'no monthly cap' : `${limits.videosPerMonth} videos a month`;
      const requests = limits.requestsPerMinute === null ? 'no request limit' : `${limits.requestsPerMinute} requests a minute`;
      return `${plan}: ${requests}, ${videos}`;
    })
    .join('; ');
}

export const CONFIG_TOPICS: readonly ConfigTopic[] = [
  {
    title: 'The API process',
    variables: {
      PORT: { description: 'HTTP port of the API.' },
      HOST: { description: 'Address the API listens on.' },
      PUBLIC_BASE_URL: {
        description: 'Base of the absolute URLs in responses, webhooks and emails, and the server the OpenAPI document names.',
        shownDefault: '`http://localhost:$PORT`',
      },
      REQUIRE_API_AUTH: { description: '`false` lets the thumbnails route be called without a key (local development).' },
      REQUEST_DEADLINE_MS: {
        description:
          'A request not answered within this gets 503 `SERVICE_UNAVAILABLE` with `Retry-After`; process-sync adds `PROCESS_SYNC_TIMEOUT_SECONDS` to it, the PDF export gets four times it.',
      },
      PROCESS_SYNC_TIMEOUT_SECONDS: { description: 'How long the synchronous process route waits for the job before answering 202.' },
      STATUS_QUERY_TIMEOUT_MS: { description: 'How long the status route waits for a live workflow answer before answering from the database.' },
      SHUTDOWN_GRACE_SECONDS: {
        description:
          'On SIGTERM, SIGINT or SIGHUP (the terminal running `npm start` closed): requests and activities in flight get this long to finish, requests whose client hung up included (new requests get 503 with `Connection: close`, `/health` answers 503 `draining`, then the listener closes); activities still running are then cancelled and retried by another worker, and the process exits. SIGQUIT and SIGUSR2 end the process at once, with the status a death by them has (128 + the signal), as does any of these signals before start-up has finished; either way the embedded Postgres and Temporal it started stop with it, and the worker never stops alone while the API goes on taking jobs.',
      },
      NODE_ENV: { description: 'The conventional Node.js setting; libraries may read it, the service itself does not act on it.' },
      LOG_LEVEL: { description: 'pino level: `fatal`, `error`, `warn`, `info`, `debug`, `trace`, or `silent` to mute.' },
      DATA_DIR: { description: 'Where the embedded defaults keep their data: the Postgres cluster, the Temporal dev server\'s state, and artifacts without `ARTIFACTS_S3_URL`.' },
    },
  },
  {
    title: 'Database',
    variables: {
      DATABASE_URL: {
        description: 'Postgres connection string (`postgres://` or `postgresql://`). Unset, `npm start` runs a PostgreSQL server of its own with its cluster under `DATA_DIR/postgres`, reached through a Unix socket.',
        shownDefault: 'an embedded Postgres server',
      },
      DATABASE_POOL_SIZE: { description: 'Connections per process.' },
      DATABASE_QUERY_TIMEOUT_MS: {
        description:
          'Bound on one database call: waiting for a pooled connection (and for a server that refuses connections while it starts again), and each statement (cancelled by the server after it; a connection silent for a second longer is dropped). A request that hits it gets 503 `SERVICE_UNAVAILABLE` with `Retry-After`.',
      },
    },
  },
  {
    title: 'Shared cache',
    variables: {
      REDIS_URL: {
        description:
          'Redis (`redis://` or `rediss://`) for state the API processes share: live progress, throttle and failed-authentication counters, key changes. Unset, an in-process store, which is all one process needs.',
        shownDefault: 'an in-process store',
      },
    },
  },
  {
    title: 'Temporal and the workers',
    variables: {
      TEMPORAL_ADDRESS: {
        description: 'Temporal frontend, `host:port`. Unset, `npm start` runs a Temporal dev server with its state under `DATA_DIR`.',
        shownDefault: 'an embedded dev server',
      },
      TEMPORAL_NAMESPACE: { description: 'Temporal namespace.' },
      TEMPORAL_TASK_QUEUE: { description: 'Task queue of the job workflows.' },
      TEMPORAL_CALL_TIMEOUT_MS: {
        description:
          'Bound on connecting to Temporal and on each call that sets no deadline of its own (workflow start, query); a submission whose workflow start runs out is still accepted and started later by the reconciler.',
      },
      TEMPORAL_CLI_PATH: { description: '`temporal` binary for the embedded dev server.', shownDefault: 'found on the machine or built' },
      TEMPORAL_DEV_PORT: {
        description:
          "Port of the embedded dev server; when it is taken, start-up is tried three times, then fails with the server's own reason (e.g. `can't set frontend port 7233: … address already in use`).",
      },
      TEMPORAL_UI_PORT: { description: "Port of the embedded dev server's Web UI; `0` takes a free one (start-up prints its address)." },
      TEMPORAL_UI_URL: {
        description: "A Temporal cluster's Web UI (e.g. `http://localhost:8233`), for the per-job links in the logs; the embedded server's UI is known without it.",
        shownDefault: 'the embedded UI',
      },
      WORKER_MAX_CONCURRENT_ACTIVITIES: { description: 'Activities one worker runs at once.' },
      WORKER_MAX_CONCURRENT_WORKFLOW_TASKS: { description: 'Workflow tasks one worker runs at once.' },
      RECONCILE_AFTER_SECONDS: { description: 'Accepted jobs not yet seen by Temporal for this long are started by the reconciler.' },
      BATCH_CONCURRENCY: { description: "Child jobs of one batch that run at once (the parent workflow's sliding window)." },
    },
  },
  {
    title: 'YouTube',
    variables: {
      YOUTUBE_BASE_URL: { description: 'Every YouTube request goes here, with the same path and query (the tests use a local server).' },
      YOUTUBE_REQUEST_TIMEOUT_MS: { description: 'Bound on one request to YouTube; a proxy that does not answer within it is cooled down.' },
      FETCH_MAX_ATTEMPTS: { description: 'Attempts at YouTube before a job fails (`SOURCE_BLOCKED`, `SOURCE_UNREACHABLE`).' },
      FETCH_INITIAL_RETRY_SECONDS: { description: 'First retry delay of the activities that reach YouTube; it doubles with each attempt.' },
      COMMENTS_LIMIT: { description: 'Top comments a job reads with `include_comments` (1 to 1000).' },
    },
  },
  {
    title: 'Summaries',
    intro:
      'The built-in `extractive` engine writes every mode offline; a language model is chosen with `SUMMARY_PROVIDER`. Examples for OpenAI, Anthropic and a local Ollama are in the [API guide](api-guide.md#summaries-by-a-language-model).',
    variables: {
      SUMMARY_PROVIDER: {
        description:
          'Summary engine: `extractive` (built in, offline), `openai` (any Chat Completions server: OpenAI, vLLM, Ollama, LM Studio, llama.cpp server, OpenRouter) or `anthropic` (Messages API).',
      },
      LLM_BASE_URL: {
        description: 'API root: with the version path for `openai`, without for `anthropic`.',
        shownDefault: '`https://api.openai.com/v1` / `https://api.anthropic.com`',
      },
      LLM_API_KEY: { description: "The provider's key (bearer token, or `x-api-key` for Anthropic); local servers may need none. Never logged.", shownDefault: 'none' },
      LLM_MODEL: { description: 'Model name, e.g. `gpt-4o-mini`, `claude-sonnet-4-5`, `llama3.1`.', shownDefault: 'required with a model provider' },
      LLM_CONTEXT_TOKENS: {
        description: 'Input budget of one model call; a longer transcript is split at segment (and chapter) boundaries, its parts turned into notes, and the notes combined.',
      },
      LLM_MAX_OUTPUT_TOKENS: { description: 'Output budget of one model call, in tokens.' },
      LLM_CONCURRENCY: { description: 'Model calls one job makes at once over the parts of a long transcript.' },
      LLM_TIMEOUT_MS: { description: 'Bound on one model call; a call that takes longer is retried like a 5xx.' },
      SUMMARY_FALLBACK: {
        description:
          'When the model still fails after the retries: `extractive` writes the mode offline and adds a `SUMMARY_FALLBACK` warning; `fail` fails the job `SUMMARIZATION_FAILED`.',
      },
      LLM_PRICES: {
        description: 'USD per million tokens by model, for the usage reports\' cost estimate, e.g. `{"gpt-4o-mini": {"input": 0.15, "output": 0.6}}`.',
      },
    },
  },
  {
    title: 'Speech-to-text',
    intro: 'For videos without usable captions; set-up and providers in [Speech-to-text](speech-to-text.md).',
    variables: {
      STT_PROVIDER: {
        description:
          "Who transcribes videos without captions: `none`, `openai` (any OpenAI-compatible `/audio/transcriptions`), `local` (whisper.cpp in the worker) or `pocketsphinx` (Debian's, offline, low quality).",
      },
      STT_BASE_URL: {
        description: 'API root of the `openai` provider with its version path, e.g. `https://api.openai.com/v1` or `http://localhost:8000/v1`.',
        shownDefault: 'required with `openai`',
      },
      STT_MODEL: { description: 'Model the `openai` provider asks for (`whisper-1` on OpenAI, `whisper-large-v3` on Groq, `Systran/faster-whisper-small` on speaches).' },
      STT_API_KEY: { description: 'Bearer token for the `openai` provider; local servers may need none. Never logged.', shownDefault: 'none' },
      STT_LOCAL_MODEL: { description: 'Path of a whisper.cpp model file (ggml format, e.g. `ggml-base.en.bin`).', shownDefault: 'required with `local`' },
      STT_LOCAL_THREADS: { description: "CPU threads of the `local` provider's whisper.cpp.", shownDefault: 'the CPU count' },
      STT_MAX_AUDIO_SECONDS: { description: 'Longer videos are not transcribed (the job fails `TRANSCRIPT_UNAVAILABLE`).' },
      STT_REQUEST_TIMEOUT_SECONDS: { description: "Bound on one chunk's transcription; a request taking longer is retried like a 5xx." },
      STT_CHUNK_SECONDS: {
        description:
          'Seconds of audio per chunk (10 to 3600); each chunk is transcribed by an activity of its own. A chunk is sent as 16 kHz mono WAV, 1.92 MB a minute: OpenAI takes at most 25 MB a request, so stay at 780 or below with it.',
      },
      STT_CHUNK_OVERLAP_SECONDS: {
        description: "Seconds each chunk repeats of the one before, so a word cut at a boundary is heard whole once (less than half a chunk).",
      },
      STT_PARALLELISM: { description: 'Chunks of one job transcribed at once (1 to 32).' },
      YTDLP_PATH: {
        description:
          "A `yt-dlp` binary to fetch the audio with (`-f bestaudio`); it follows YouTube's changes, so it is the robust choice in production. Unset, the built-in download of the smallest audio-only stream through InnerTube.",
        shownDefault: 'unset: built-in download',
      },
      FFMPEG_PATH: {
        description: 'The ffmpeg that decodes and cuts the audio (`ffprobe` is looked for beside it); needed by workers whenever `STT_PROVIDER` is not `none`.',
        shownDefault: '`ffmpeg` on `PATH`',
      },
    },
  },
  {
    title: 'Webhooks',
    variables: {
      ALLOW_PRIVATE_WEBHOOKS: { description: 'Allow webhooks to private addresses (development, tests).' },
      WEBHOOK_RETRY_SCHEDULE: {
        description: 'Seconds between webhook attempts, comma-separated (up to 50, each at most a week); after the last, the delivery is `failed`.',
      },
      WEBHOOK_TIMEOUT_MS: { description: 'Time limit of one webhook attempt: connect, send and answer.' },
      WEBHOOK_DELIVERIES_PER_HOUR: {
        description:
          'Webhook deliveries one user may start in an hour (retries of a started one are not counted), since a `webhook_url` can name any public host and port; past it, attempts are recorded as `not_sent` and retried on the schedule.',
      },
    },
  },
  {
    title: 'Email notices',
    variables: {
      SMTP_URL: {
        description:
          '`smtp://[user:password@]host[:port]` (STARTTLS when the server offers it) or `smtps://…` (TLS from the start); user and password URL-encoded. Unset, notices are recorded in the outbox, not sent.',
        shownDefault: 'unset: notices recorded, not sent',
      },
      EMAIL_FROM: { description: 'From header of email notices, e.g. `Video Digest <no-reply@example.com>`.' },
      EMAIL_SEND_INTERVAL_MS: { description: "How often each worker's email sender looks for due notices." },
      EMAIL_RETRY_SCHEDULE: { description: 'Seconds between SMTP attempts of a notice, comma-separated; after the last, it is marked `failed`.' },
    },
  },
  {
    title: 'Artifacts, PDF exports and infographics',
    variables: {
      ARTIFACTS_S3_URL: {
        description:
          '`s3://bucket[/prefix]`: keep job files (the infographic\'s PNG and SVG, kept PDF exports) in an S3-compatible bucket instead of under `DATA_DIR/artifacts`.',
        shownDefault: 'unset: `DATA_DIR/artifacts`',
      },
      ARTIFACTS_S3_ENDPOINT: {
        description: 'The S3 API of a store other than AWS (MinIO, Ceph, R2, ...), e.g. `http://minio:9000`; requests then use path-style addressing.',
        shownDefault: 'AWS',
      },
      ARTIFACTS_S3_REGION: { description: "The bucket's region." },
      ARTIFACTS_S3_ACCESS_KEY_ID: {
        description: 'Static credentials for the bucket, with `ARTIFACTS_S3_SECRET_ACCESS_KEY` (both or neither). Never logged.',
        shownDefault: "the AWS SDK's default chain",
      },
      ARTIFACTS_S3_SECRET_ACCESS_KEY: { description: 'The secret of `ARTIFACTS_S3_ACCESS_KEY_ID`. Never logged.', shownDefault: "the AWS SDK's default chain" },
      EXPORT_RENDER_THREADS: { description: 'PDF exports an API process renders at once, each on a worker thread; more queue.' },
      EXPORT_RENDERS_PER_USER: {
        description: 'PDF exports one user may have rendering at once per API process; more get 429 `RATE_LIMITED` (kept PDFs are served regardless).',
      },
      INFOGRAPHICS_ENABLED: {
        description: '`false` turns infographics off at runtime: `generate_infographic` is still accepted (Pro/Admin), with a `FEATURE_DISABLED` warning and `infographic_url: null`.',
      },
    },
  },
  {
    title: 'Keys, plans and limits',
    variables: {
      LEGACY_KEY_PREFIX: { description: 'Prefix of legacy keys (`vds_…`) still accepted: 2 to 16 lowercase letters or digits, starting with a letter.' },
      PLAN_LIMITS: {
        description:
          'JSON overriding the per-plan limits, e.g. `{"free": {"requests_per_minute": 10, "videos_per_month": 20}}`; plans left out keep their defaults, `null` means no cap. `requests_per_minute` is per key; all of a user\'s keys together get twice it.',
        shownDefault: describePlanLimits,
      },
      KEYS_PER_USER_MAX: { description: 'Active (unrevoked, unexpired) keys one user may hold; creating one more is 409 `KEY_LIMIT_REACHED`.' },
      AUTH_FAILURES_PER_IP_PER_MINUTE: {
        description:
          'Requests with an invalid key one client address may make a minute; past it, its further invalid keys get 429 `RATE_LIMITED` until the minute is over (a valid key is always served).',
      },
    },
  },
  {
    title: 'Traces and metrics',
    intro: 'How to read them: [Operations](operations.md).',
    variables: {
      OTEL_EXPORTER_OTLP_ENDPOINT: {
        description:
          'OTLP/HTTP collector for traces, e.g. `http://localhost:4318`; spans go to its `/v1/traces`, and one trace runs from the API request through the workflow to every activity. Unset, nothing is traced.',
        shownDefault: 'unset: no traces',
      },
      OTEL_SERVICE_NAME: { description: 'The `service.name` on exported spans.' },
      METRICS_PORT: {
        description: "Port of the process's own Prometheus listener (`GET /metrics`), one per process (the API, a worker, or both under `npm start`); `0` opens none.",
      },
      METRICS_HOST: { description: 'Address that listener binds: loopback, as the figures are for the operator; `0.0.0.0` for a scraper in another container or host.' },
    },
  },
];
