/** Request and response shapes of the batch routes (docs/api-behaviour.md#batches), for validation and OpenAPI. */
import { z } from 'zod';
import { JOB_STATUSES, JOB_STEPS } from '../../../domain/job';
import { BATCH_SOURCE_FAILURES, BATCH_STATUSES, MAX_BATCH_VIDEOS } from '../../../domain/batch';
import { BATCH_ID_PATTERN } from '../../../batches/batch-id';
import { ProcessOptionsSchema } from '../videos/process-request';
import { JobFailureSchema, JobResultRecordSchema, PaginationSchema, WarningSchema } from '../schemas';

const isoDate = z.string().describe('ISO 8601, UTC');

export const BatchVideoSchema = z
  .strictObject({
    url: z.string().min(1).max(2048).describe('A YouTube address or an 11-character id, as for a single video.'),
    options: ProcessOptionsSchema.nullish(),
  })
  .meta({ id: 'BatchVideo' });

export const BatchSourceSchema = z
  .strictObject({
    playlist_url: z.string().min(1).max(2048).optional().describe('youtube.com/playlist?list=…: its videos in list order.'),
    channel_url: z
      .string()
      .min(1)
      .max(2048)
      .optional()
      .describe('youtube.com/@handle, /channel/UC…, /c/… or /user/… (with or without /videos): its uploads, newest first.'),
    max_videos: z
      .number()
      .int()
      .min(1)
      .max(MAX_BATCH_VIDEOS)
      .optional()
      .describe('How many videos at most (1..100, default 50); counted against the quota at submission, the unused part given back once read.'),
  })
  .refine((source) => (source.playlist_url === undefined) !== (source.channel_url === undefined), {
    message: 'Give exactly one of playlist_url and channel_url',
  })
  .meta({ id: 'BatchSource' });

export const BatchRequestSchema = z
  .strictObject({
    videos: z.array(BatchVideoSchema).min(1).max(MAX_BATCH_VIDEOS).optional().describe('1 to 100 videos; any invalid item rejects the whole batch. Or `source`.'),
    source: BatchSourceSchema.optional().describe('A playlist or channel instead of `videos`: the batch workflow reads it, then runs one job per video.'),
    options: ProcessOptionsSchema.nullish().describe('With `source`: the options of every video.'),
    webhook_url: z.string().max(2048).nullish().describe('Receives batch.completed once every job has ended.'),
    priority: z.enum(['normal', 'high']).nullish().describe('Accepted and stored; it has no effect on execution.'),
    parallel_processing: z.boolean().nullish().describe('Accepted; jobs always run in parallel, up to the server\'s BATCH_CONCURRENCY at a time.'),
  })
  .superRefine((body, context) => {
    if ((body.videos === undefined) === (body.source === undefined)) {
      context.addIssue({ code: 'custom', path: ['videos'], message: 'Give either videos or source' });
    }
    if (body.videos !== undefined && body.options != null) {
      context.addIssue({ code: 'custom', path: ['options'], message: 'options go with source; each of videos has its own' });
    }
  })
  .meta({ id: 'BatchRequest' });

export type BatchRequestBody = z.output<typeof BatchRequestSchema>;

export const BatchIdParams = z.object({ batch_id: z.string().regex(BATCH_ID_PATTERN) });

const batchStatus = z.enum(BATCH_STATUSES).describe('processing, then completed (all succeeded), partial_failure (some failed) or failed (all failed)');

const SourceEchoSchema = z
  .object({ playlist_url: z.string().optional(), channel_url: z.string().optional(), max_videos: z.number().int() })
  .optional()
  .describe('A playlist or channel batch: its source, the address in its canonical form.');

const SourceFailureSchema = z
  .object({ code: z.enum(BATCH_SOURCE_FAILURES), message: z.string() })
  .optional()
  .describe('A playlist or channel batch whose source could not be read (it ended failed with no jobs).');

export const BatchSubmissionSchema = z
  .object({
    success: z.literal(true),
    batch_id: z.string(),
    status: z.literal('processing'),
    total_jobs: z.number().int(),
    job_ids: z.array(z.string()).describe('The child jobs, in the order the videos were sent; each is a normal job. Empty for a source until it is read.'),
    status_url: z.string(),
    results_url: z.string(),
    created_at: isoDate,
    source: SourceEchoSchema,
    warnings: z
      .array(WarningSchema)
      .describe('The warnings of its videos, as a job submission gives them, each field the path within the batch (videos.3.options.summary_type); each job keeps its own.'),
  })
  .meta({ id: 'BatchSubmission' });

export const BatchJobStateSchema = z
  .object({
    job_id: z.string(),
    video_url: z.string(),
    status: z.enum(JOB_STATUSES),
    progress_percentage: z.number().int().min(0).max(100),
    current_step: z.enum(JOB_STEPS),
    error: JobFailureSchema.nullable().describe('Failed jobs only; null otherwise.'),
  })
  .meta({ id: 'BatchJobState' });

const WebhookStateSchema = z
  .object({
    url: z.string(),
    deliveries: z.array(z.record(z.string(), z.unknown())).describe('The batch.completed delivery once scheduled (delivery_id, event, status, attempts, ...).'),
  })
  .nullable()
  .describe('null without a webhook_url. Status route only.');

const batchStatusFields = {
  batch_id: z.string(),
  status: batchStatus,
  progress_percentage: z
    .number()
    .int()
    .min(0)
    .max(100)
    .describe('Mean of the jobs\' progress (an ended job counts 100); never decreases; 100 once the batch has ended.'),
  total_jobs: z.number().int(),
  completed_jobs: z.number().int().describe('Jobs completed successfully.'),
  failed_jobs: z.number().int(),
  processing_jobs: z.number().int(),
  queued_jobs: z.number().int(),
  jobs: z.array(BatchJobStateSchema).describe('Every job, in the order the videos were sent.'),
  created_at: isoDate,
  updated_at: isoDate.describe('The latest change to the batch or any of its jobs.'),
  completed_at: isoDate.nullable(),
  webhook: WebhookStateSchema.optional(),
  source: SourceEchoSchema,
  error: SourceFailureSchema,
};

export const BatchStatusRecordSchema = z.object(batchStatusFields).meta({ id: 'BatchStatusRecord' });

export const BatchStatusSchema = z.object({ success: z.literal(true), ...batchStatusFields }).meta({ id: 'BatchStatus' });

export const BatchResultsSchema = z
  .object({
    success: z.literal(true),
    batch_id: z.string(),
    status: batchStatus,
    successful_jobs: z.array(JobResultRecordSchema).describe('Result records of the completed jobs, as GET /api/v1/videos/result gives them; so far, while processing.'),
    failed_jobs: z
      .array(z.object({ job_id: z.string(), video_url: z.string(), error: JobFailureSchema }))
      .optional()
      .describe('Only with include_failed=true.'),
    summary_stats: z.object({
      total: z.number().int(),
      successful: z.number().int(),
      failed: z.number().int(),
      success_rate: z.number().min(0).max(1).nullable().describe('successful / (successful + failed), 0..1; null before any job has ended.'),
      total_processing_time: z.number().describe('Seconds, summed over the ended jobs.'),
      average_processing_time: z.number().nullable().describe('Seconds per completed job (failed ones left out); null while none has completed.'),
    }),
    processing_metadata: z.object({
      created_at: isoDate,
      completed_at: isoDate.nullable(),
      duration_seconds: z.number().describe('From acceptance to completed_at; so far, while processing.'),
    }),
    source: SourceEchoSchema,
    error: SourceFailureSchema,
  })
  .meta({ id: 'BatchResults' });

export const BatchListSchema = z
  .object({ success: z.literal(true), batches: z.array(BatchStatusRecordSchema), pagination: PaginationSchema })
  .meta({ id: 'BatchList' });
