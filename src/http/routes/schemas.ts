/** Response shapes shared by several routes, for the OpenAPI document. */
import { z } from 'zod';
import { JOB_STATUSES, JOB_STEPS } from '../../domain/job';
import { JOB_FAILURE_CODES } from '../../domain/job-failure';
import { MODEL_PROVIDERS, SUMMARY_MODES } from '../../domain/summary';
import { ERROR_HTTP_STATUS } from '../../domain/errors';
import { PERMISSIONS, PLANS } from '../../domain/access';
import { WebhookStateSchema } from './webhooks/schemas';

const isoDate = z.string().describe('ISO 8601, UTC');

export const WarningSchema = z
  .object({
    code: z
      .string()
      .describe(
        'At submission: DEPRECATED_FIELD, FEATURE_DISABLED. In a result: TRANSCRIPT_TRUNCATED, TRANSCRIPT_TRANSLATED, LANGUAGE_FALLBACK, LOW_QUALITY_TRANSCRIPT, SUMMARY_FALLBACK (a mode written by the built-in engine after the model failed), COMMENTS_UNAVAILABLE, INFOGRAPHIC_FAILED. Clients should accept codes they do not know.',
      ),
    field: z.string().optional().describe('The request field the warning is about'),
    message: z.string(),
  })
  .meta({ id: 'Warning' });

/** Which engine wrote a summary, and for a model what it cost (docs/api-behaviour.md#summary-entries). */
const SummaryGeneratorSchema = z
  .discriminatedUnion('engine', [
    z.object({ engine: z.literal('extractive'), model: z.string() }).meta({ description: 'The built-in engine' }),
    z
      .object({
        engine: z.literal('llm'),
        provider: z.enum(MODEL_PROVIDERS),
        model: z.string(),
        prompt_version: z.string(),
        input_tokens: z.number().int().describe('Tokens of every model call behind this entry, calls served from the cache included'),
        output_tokens: z.number().int(),
        citations: z
          .object({
            checked: z.number().int(),
            repaired: z.number().int().describe('Cited a passage outside the video or not sent; replaced by the best lexical match among those sent'),
            dropped: z.number().int().describe('Points left out: no passage sent shares their words'),
          })
          .optional()
          .describe("How the model's passage citations for this entry fared"),
      })
      .meta({ description: 'A language model (SUMMARY_PROVIDER)' }),
  ])
  .meta({ id: 'SummaryGenerator' });

export const ErrorEnvelopeSchema = z
  .object({
    success: z.literal(false),
    error: z.object({
      code: z.enum(Object.keys(ERROR_HTTP_STATUS) as [string, ...string[]]),
      message: z.string(),
      details: z.record(z.string(), z.unknown()).optional(),
    }),
    request_id: z.string(),
  })
  .meta({ id: 'Error' });

const attribution = {
  service_name: z.string().optional(),
  agent_name: z.string().optional(),
  client_reference: z.string().optional(),
};

export const SubmissionSchema = z
  .object({
    success: z.literal(true),
    job_id: z.string(),
    status: z.literal('queued'),
    status_url: z.string(),
    result_url: z.string(),
    created_at: isoDate,
    warnings: z.array(WarningSchema),
    ...attribution,
  })
  .meta({ id: 'JobSubmission' });

export const JobFailureSchema = z
  .object({
    code: z.enum(JOB_FAILURE_CODES),
    message: z.string(),
  })
  .meta({ id: 'JobFailure' });

export const JobStatusRecordSchema = z
  .object({
    job_id: z.string(),
    status: z.enum(JOB_STATUSES),
    progress_percentage: z.number().int().min(0).max(100).describe('Never decreases; 100 exactly when completed.'),
    current_step: z.enum(JOB_STEPS),
    estimated_time_remaining: z.number().int().nullable().describe('Seconds, or null when unknown.'),
    video_id: z.string(),
    video_url: z.string(),
    created_at: isoDate,
    started_at: isoDate.nullable(),
    updated_at: isoDate,
    completed_at: isoDate.nullable(),
    error: JobFailureSchema.optional().describe('Failed jobs only.'),
    batch_id: z.string().optional().describe('Batch children only.'),
    ...attribution,
    webhook: WebhookStateSchema,
  })
  .meta({ id: 'JobStatus' });

const SummaryEntrySchema = z
  .object({
    mode: z.enum(SUMMARY_MODES),
    content: z.string().describe('Markdown; each point is followed by its link `[m:ss](url)`'),
    points: z
      .array(
        z.object({
          text: z.string(),
          start: z.number().describe('Seconds: where the transcript passage the point rests on begins'),
          end: z.number().describe('Seconds: where it ends'),
          url: z.string().describe('The watch URL at `start` (`&t=<start>s`)'),
        }),
      )
      .describe('One per sentence of tldr, per bullet or paragraph of the other modes, in the order of `content`'),
    generator: SummaryGeneratorSchema,
    items: z
      .array(z.object({ start: z.number(), timestamp: z.string(), title: z.string(), summary: z.string() }))
      .optional()
      .describe('timestamped only'),
    insights: z.array(z.string()).optional().describe('key_insights only'),
  })
  .meta({ id: 'SummaryEntry' });

export const VideoCommentsSchema = z
  .object({
    fetched: z.number().int(),
    items: z.array(
      z.object({
        comment_id: z.string(),
        author: z.string(),
        text: z.string(),
        like_count: z.number().int(),
        reply_count: z.number().int(),
        published: z.string().describe('As the platform shows it, e.g. "2 years ago"'),
        is_pinned: z.boolean(),
        is_creator: z.boolean(),
      }),
    ),
  })
  .meta({ id: 'VideoComments' });

export const JobResultRecordSchema = z
  .object({
    job_id: z.string(),
    status: z.literal('completed'),
    video_info: z.object({
      video_id: z.string(),
      url: z.string(),
      title: z.string().nullable(),
      channel: z.string().nullable(),
      channel_id: z.string().nullable(),
      duration_seconds: z.number().nullable(),
      published_at: isoDate.nullable(),
      thumbnail_url: z.string().nullable(),
      platform: z.literal('youtube'),
      language: z.string().nullable().describe('The language the video is spoken in, as YouTube reports it; transcript.language is that of the transcript, which may be a translation'),
      chapters: z.array(z.object({ start: z.number(), timestamp: z.string(), title: z.string() })),
    }),
    transcript: z.object({
      language: z.string(),
      source: z.enum(['captions_manual', 'captions_auto', 'speech_to_text']),
      segments: z.array(z.object({ start: z.number(), end: z.number(), text: z.string() })),
      text: z.string(),
      word_count: z.number().int(),
      truncated: z.boolean(),
      quality: z
        .enum(['normal', 'low'])
        .describe('low: written by a speech-to-text engine known to be inaccurate (the job also has a LOW_QUALITY_TRANSCRIPT warning).'),
    }),
    summaries: z.record(z.enum(SUMMARY_MODES), SummaryEntrySchema),
    infographic_url: z.string().nullable().describe('GET it with the same key: PNG, or ?format=svg. Null without an infographic.'),
    comments: VideoCommentsSchema.nullable()
      .optional()
      .describe('Present when options.include_comments was true; null when they could not be read (warning COMMENTS_UNAVAILABLE).'),
    processing_time: z.number().nullable().describe('Seconds'),
    completed_at: isoDate,
    warnings: z.array(WarningSchema),
    ...attribution,
  })
  .meta({ id: 'JobResult' });

export const PaginationSchema = z
  .object({ limit: z.number().int(), offset: z.number().int(), total: z.number().int(), has_more: z.boolean() })
  .meta({ id: 'Pagination' });

export const JobListSchema = z
  .object({ success: z.literal(true), jobs: z.array(JobStatusRecordSchema), pagination: PaginationSchema })
  .meta({ id: 'JobList' });

export const HealthSchema = z
  .object({
    success: z.boolean(),
    status: z.enum(['ok', 'degraded', 'draining']),
    checks: z.record(z.string(), z.object({ status: z.enum(['ok', 'error']), detail: z.string().optional() })),
    error: z.object({ code: z.literal('SERVICE_UNAVAILABLE'), message: z.string() }).optional().describe('503 only: the envelope\'s error, naming the failing checks'),
    request_id: z.string().optional().describe('503 only, as on every error'),
  })
  .meta({ id: 'Health' });

/** API key management and the webhook secret (docs/api-behaviour.md#permissions-and-key-management, docs/api-behaviour.md#signing). */
export const ApiKeyRecordSchema = z
  .object({
    key_id: z.string().describe('uuid'),
    name: z.string(),
    prefix: z.string().describe('First characters of the key, to tell keys apart'),
    last_four: z.string().describe('Last four characters of the key'),
    permissions: z.array(z.enum(PERMISSIONS)),
    created_at: isoDate,
    expires_at: isoDate.nullable().describe('null: never expires'),
    last_used_at: isoDate.nullable(),
  })
  .meta({ id: 'ApiKey' });

export const CreatedApiKeySchema = ApiKeyRecordSchema.extend({
  success: z.literal(true),
  key: z.string().describe('The full key (sk_ + 64 lowercase hex). Shown only in this response; store it now.'),
}).meta({ id: 'CreatedApiKey' });

export const ApiKeyResponseSchema = ApiKeyRecordSchema.extend({ success: z.literal(true) }).meta({ id: 'ApiKeyResponse' });

export const ApiKeyListSchema = z
  .object({ success: z.literal(true), keys: z.array(ApiKeyRecordSchema) })
  .meta({ id: 'ApiKeyList' });

export const RevokedApiKeySchema = z
  .object({ success: z.literal(true), key_id: z.string(), revoked: z.literal(true), revoked_at: isoDate })
  .meta({ id: 'RevokedApiKey' });

export const KeyValidationSchema = z
  .object({
    success: z.literal(true),
    valid: z.literal(true),
    key_id: z.string(),
    user_id: z.string(),
    plan: z.enum(PLANS),
    permissions: z.array(z.enum(PERMISSIONS)),
    expires_at: isoDate.nullable(),
  })
  .meta({ id: 'KeyValidation' });

export const WebhookSecretSchema = z
  .object({ success: z.literal(true), secret: z.string().describe('whsec_ + base64 (Standard Webhooks signing secret)') })
  .meta({ id: 'WebhookSecret' });
