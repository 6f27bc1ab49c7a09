/** Kysely's view of the tables (see migrations/ for the DDL, which is the authority). */
import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';
import type { JobFailureCode } from '../domain/job-failure';
import type { JobStatus, JobStep } from '../domain/job';
import type { Plan, Permission } from '../domain/access';
import type { VideoMetadata } from '../domain/video';
import type { Transcript, TranscriptSegment } from '../domain/transcript';
import type { TranscriptOutline } from '../domain/transcript-limits';
import type { SummaryEntry, SummaryMode } from '../domain/summary';
import type { VideoComments } from '../domain/comments';
import type { JobRequest, JobWarning } from '../domain/job';
import type { JobPriority } from '../domain/job';
import type { BatchStatus } from '../domain/batch';
import type { BatchSource } from '../domain/source-url';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
/** pg returns json/jsonb parsed; kysely needs it serialised on the way in. */
type Json<T> = ColumnType<T, string, string>;
type NullableJson<T> = ColumnType<T | null, string | null | undefined, string | null>;

export interface UsersTable {
  id: Generated<string>;
  email: string;
  plan: Plan;
  /** `whsec_...`, made on first use (Standard Webhooks). */
  webhook_secret: string | null;
  /** Opted in to email notices. */
  email_notifications: Generated<boolean>;
  created_at: Generated<Date>;
}

export interface ApiKeysTable {
  id: Generated<string>;
  user_id: string;
  name: string;
  /** SHA-256 of the full key, hex. The key itself is never stored. */
  key_hash: string;
  /** First characters of the key, shown so users can tell keys apart. */
  prefix: string;
  last_four: string;
  permissions: Permission[];
  created_at: Generated<Date>;
  expires_at: NullableTimestamp;
  revoked_at: NullableTimestamp;
  last_used_at: NullableTimestamp;
}

export interface JobsTable {
  id: string;
  user_id: string;
  api_key_id: string | null;
  batch_id: string | null;
  video_id: string;
  video_url: string;
  request: Json<JobRequest>;
  status: JobStatus;
  current_step: JobStep;
  progress_percentage: number;
  /** Set once Temporal has accepted the workflow; the reconciler starts the rest. */
  workflow_started: Generated<boolean>;
  error_code: JobFailureCode | null;
  error_message: string | null;
  warnings: Json<JobWarning[]>;
  video_info: NullableJson<VideoMetadata>;
  processing_time: number | null;
  service_name: string | null;
  agent_name: string | null;
  client_reference: string | null;
  created_at: Timestamp;
  started_at: NullableTimestamp;
  updated_at: Timestamp;
  completed_at: NullableTimestamp;
}

/** The transcript a job kept (after max_transcript_length), one row per job. */
export interface JobTranscriptsTable {
  job_id: string;
  transcript: Json<Transcript>;
  truncated: boolean;
  word_count: number;
}

export interface JobSummariesTable {
  job_id: string;
  mode: SummaryMode;
  entry: Json<SummaryEntry>;
  /** From the entry's generator, for usage reports: 'extractive' or 'llm'. */
  engine: Generated<string>;
  model: string | null;
  created_at: Generated<Date>;
}

/** Finished language-model calls, content-addressed; see migration 0009. */
export interface ModelCallsTable {
  call_key: string;
  output: string;
  input_tokens: number;
  output_tokens: number;
  created_at: Generated<Date>;
}

/**
 * Every call made to a language model, for the job it was made for (migration 0015): the usage
 * reports sum its tokens, each call once, cache hits never.
 */
export interface ModelUsageTable {
  job_id: string;
  user_id: string;
  model: string;
  input_tokens: number;
  output_tokens: number;
  created_at: Generated<Date>;
}

/**
 * Full transcripts as fetched, keyed by video and requested language ('' = the video's own), so
 * repeat requests skip YouTube. force_refresh bypasses and rewrites it.
 */
export interface TranscriptCacheTable {
  video_id: string;
  requested_language: string;
  /** migrations/0012: captions and speech-to-text transcripts of a video are cached apart. */
  source_kind: Generated<TranscriptCacheKind>;
  transcript: Json<Transcript>;
  fetched_at: Generated<Date>;
  /** migrations/0016: the entry without its segments; null for an entry written before outlines were kept, until a job outlines it. */
  outline: NullableJson<TranscriptOutline>;
}

export type TranscriptCacheKind = 'captions' | 'speech_to_text';

/** What the provider heard in one audio chunk of a job (migrations/0012); times relative to the chunk. */
export interface SpeechChunksTable {
  job_id: string;
  chunk_index: number;
  start_seconds: number;
  duration_seconds: number;
  overlap_seconds: number;
  language: string | null;
  quality: 'normal' | 'low';
  segments: Json<TranscriptSegment[]>;
  created_at: Generated<Date>;
}

/** A file a job produced (migrations/0010): the bytes are in the artifact store under storage_key. */
export interface JobArtifactsTable {
  job_id: string;
  /** e.g. 'infographic.png'. */
  name: string;
  storage_key: string;
  content_type: string;
  byte_size: number;
  /** Hex SHA-256 of the bytes: the ETag the API serves. */
  sha256: string;
  created_at: Generated<Date>;
}

/** The comments read for a job (migrations/0010). */
export interface JobCommentsTable {
  job_id: string;
  comments: Json<VideoComments>;
  created_at: Generated<Date>;
}

/** Videos accepted per user and calendar month (UTC): the quota's system of record. */
export interface UsagePeriodsTable {
  user_id: string;
  period_start: ColumnType<Date, string, string>;
  videos_accepted: number;
  updated_at: Generated<Date>;
}

/** One authenticated API request (src/usage/recorder.ts writes them in batches). */
export interface ApiRequestsTable {
  user_id: string;
  key_id: string | null;
  method: string;
  /** Route template, e.g. /api/v1/videos/status/:job_id. */
  endpoint: string;
  status_code: number;
  /** The mean duration of the requests the row counts. */
  duration_ms: number;
  /** The second these requests arrived in (its start). */
  created_at: ColumnType<Date, Date | string, Date | string>;
  /** Requests of this key, route and status in that second (migrations/0013). */
  request_count: Generated<number>;
}

/** The proxy pool (migrations/0004_proxies). `url` is scheme://host:port, credentials apart. */
export interface ProxiesTable {
  id: Generated<string>;
  url: string;
  username: string | null;
  /** Stored as given (it must be presented to the proxy); never echoed by the API. */
  password: string | null;
  label: string | null;
  enabled: Generated<boolean>;
  last_checked_at: NullableTimestamp;
  last_ok: boolean | null;
  /** A safe sentence (no URLs or credentials). */
  last_error: string | null;
  consecutive_failures: Generated<number>;
  /** Skipped by calls until then, after failing at the connection level. */
  cooldown_until: NullableTimestamp;
  created_at: Generated<Date>;
}

export type EmailStatus = 'pending' | 'sent' | 'recorded' | 'failed';

/** Email notices waiting to be sent, and what became of them. */
export interface EmailOutboxTable {
  id: Generated<string>;
  user_id: string;
  kind: string;
  dedupe_key: string;
  recipient: string;
  data: Json<Record<string, unknown>>;
  status: Generated<EmailStatus>;
  attempts: Generated<number>;
  next_attempt_at: Generated<Date>;
  subject: string | null;
  last_error: string | null;
  created_at: Generated<Date>;
  sent_at: Date | null;
}

export type WebhookDeliveryStatus = 'pending' | 'delivered' | 'failed';

/**
 * All an attempt records of what happened (migrations/0011): the target answered 2xx, answered
 * something else (its status is kept), gave no answer at all (why is not told apart, nor how
 * long it took: that would make the log a port scanner), or was not sent (the user's hourly cap).
 */
export type WebhookAttemptOutcome = 'delivered' | 'http_error' | 'no_response' | 'not_sent';

/** One webhook event for one URL (migrations/0006_webhooks); its id is the `webhook-id` header. */
export interface WebhookDeliveriesTable {
  id: string;
  user_id: string;
  idempotency_key: string;
  event_type: string;
  url: string;
  job_id: string | null;
  batch_id: string | null;
  /** The exact JSON every attempt sends. */
  body: string;
  status: Generated<WebhookDeliveryStatus>;
  attempts: Generated<number>;
  max_attempts: number;
  last_attempt_at: NullableTimestamp;
  last_status_code: number | null;
  last_error: string | null;
  next_attempt_at: NullableTimestamp;
  delivered_at: NullableTimestamp;
  /** When its first request went out: what WEBHOOK_DELIVERIES_PER_HOUR counts (migrations/0011). */
  first_sent_at: NullableTimestamp;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

/** One attempt at a delivery: an HTTP request, or one the hourly cap kept from being sent. */
export interface WebhookAttemptsTable {
  delivery_id: string;
  attempt: number;
  attempted_at: Timestamp;
  outcome: WebhookAttemptOutcome;
  status_code: number | null;
  error: string | null;
  delivered: boolean;
}

/** One accepted batch (migrations/0007_batches); its videos are rows in `jobs` with `batch_id`. */
export interface BatchesTable {
  id: string;
  user_id: string;
  api_key_id: string | null;
  status: BatchStatus;
  total_jobs: number;
  /** The child jobs, in the order the videos were sent. */
  job_ids: string[];
  webhook_url: string | null;
  priority: JobPriority;
  parallel_processing: boolean | null;
  /** Set once Temporal has accepted the parent workflow; the reconciler starts the rest. */
  workflow_started: Generated<boolean>;
  /** Frozen when the batch ends; while it runs the counts come from its jobs. */
  successful_jobs: number | null;
  failed_jobs: number | null;
  webhook_delivery_id: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  completed_at: NullableTimestamp;
  /** A batch read from a playlist or channel (migrations/0019); null for a list of videos. */
  source: NullableJson<BatchSource>;
  /** The request each video of the source gets, its url and videoId left empty. */
  child_request: NullableJson<JobRequest>;
  /** The videos reserved from the quota at submission (max_videos), until the source is read. */
  quota_reserved: number | null;
  /** Why a source batch failed before any job: SOURCE_UNAVAILABLE or VIDEO_UNAVAILABLE. */
  error_code: string | null;
  error_message: string | null;
}

export interface Database {
  users: UsersTable;
  api_keys: ApiKeysTable;
  jobs: JobsTable;
  job_transcripts: JobTranscriptsTable;
  job_summaries: JobSummariesTable;
  job_artifacts: JobArtifactsTable;
  job_comments: JobCommentsTable;
  model_calls: ModelCallsTable;
  model_usage: ModelUsageTable;
  transcript_cache: TranscriptCacheTable;
  speech_chunks: SpeechChunksTable;
  usage_periods: UsagePeriodsTable;
  proxies: ProxiesTable;
  api_requests: ApiRequestsTable;
  email_outbox: EmailOutboxTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_attempts: WebhookAttemptsTable;
  batches: BatchesTable;
}

export type UserRow = Selectable<UsersTable>;
export type JobRow = Selectable<JobsTable>;
export type NewJobRow = Insertable<JobsTable>;
export type ProxyRow = Selectable<ProxiesTable>;
export type WebhookDeliveryRow = Selectable<WebhookDeliveriesTable>;
export type WebhookAttemptRow = Selectable<WebhookAttemptsTable>;
export type BatchRow = Selectable<BatchesTable>;
export type NewBatchRow = Insertable<BatchesTable>;
