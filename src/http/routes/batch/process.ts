import type { Config } from '../../../config';
import { AppError } from '../../../domain/errors';
import { parseVideoUrl } from '../../../domain/video-url';
import { requireRequestFeatures } from '../../../domain/plans';
import type { JobServices } from '../../../jobs/services';
import { submitBatch, type BatchItem } from '../../../batches/submit-batch';
import { submissionRecord } from '../../../batches/api-views';
import { assertWebhookTarget } from '../../../webhooks';
import { defineRoute, keyWith } from '../../route';
import { refusal } from '../../standard-responses';
import { BATCH_PROCESSING } from '../plan-gates';
import { SUMMARY_TYPE_DEPRECATION, normaliseProcessRequest, type ServerFeatures } from '../videos/process-request';
import { BatchRequestSchema, BatchSubmissionSchema, type BatchRequestBody } from './schemas';
import { canonicalSourceUrl, DEFAULT_SOURCE_MAX_VIDEOS, parseChannelUrl, parsePlaylistUrl, type BatchSource } from '../../../domain/source-url';
import { canonicalWatchUrl } from '../../../domain/video-url';
import type { JobRequest, JobWarning } from '../../../domain/job';

type BatchVideos = NonNullable<BatchRequestBody['videos']>;
type SourceBody = NonNullable<BatchRequestBody['source']>;

/** Stands in for the videos of a source while its options are normalised; replaced by each video found. */
const PLACEHOLDER_VIDEO = canonicalWatchUrl('AAAAAAAAAAA');

/** A playlist or channel: its address, and the one request every video of it gets. */
function normaliseSource(
  source: SourceBody,
  options: BatchRequestBody['options'],
  features: ServerFeatures,
): { batchSource: BatchSource; childRequest: JobRequest; warnings: JobWarning[]; usedDeprecatedField: boolean } {
  const [field, url, parsed] =
    source.playlist_url !== undefined
      ? (['source.playlist_url', source.playlist_url, parsePlaylistUrl(source.playlist_url)] as const)
      : (['source.channel_url', source.channel_url ?? '', parseChannelUrl(source.channel_url ?? '')] as const);
  if (parsed === null) {
    const what = field === 'source.playlist_url' ? 'a YouTube playlist (youtube.com/playlist?list=…)' : 'a YouTube channel (/@handle, /channel/UC…, /c/…, /user/…)';
    throw new AppError('UNSUPPORTED_URL', `${field} is not the address of ${what}; the batch was not accepted`, { path: field, url: url.slice(0, 200) });
  }
  const normalised = normaliseProcessRequest({ url: PLACEHOLDER_VIDEO, options }, features);
  return {
    batchSource: { source: parsed, url: canonicalSourceUrl(parsed), maxVideos: source.max_videos ?? DEFAULT_SOURCE_MAX_VIDEOS },
    childRequest: { ...normalised.request, url: '', videoId: '' },
    warnings: normalised.warnings,
    usedDeprecatedField: normalised.usedDeprecatedField,
  };
}

export type BatchRouteServices = JobServices & { config: Pick<Config, 'webhooks'> };

/**
 * The whole batch is checked before anything is accepted: every address, every plan gate, the
 * webhook target; then the quota for all its videos at once.
 */
function normaliseBatch(videos: BatchVideos, features: ServerFeatures): { items: BatchItem[]; usedDeprecatedField: boolean } {
  const unsupported = videos.flatMap((video, index) =>
    parseVideoUrl(video.url) ? [] : [{ index, path: `videos.${index}.url`, url: video.url.slice(0, 200) }],
  );
  if (unsupported.length > 0) {
    const first = unsupported[0]!;
    throw new AppError(
      'UNSUPPORTED_URL',
      `${first.path} is not the address of a supported video (YouTube watch, youtu.be, shorts, embed or live); the batch was not accepted`,
      { index: first.index, path: first.path, url: first.url, items: unsupported },
    );
  }
  let usedDeprecatedField = false;
  const items = videos.map((video) => {
    // A child's request is what a single job of the video and its options would store: normal
    // priority (a batch's priority has no effect, docs/api-behaviour.md#batches), no webhook (the
    // batch announces itself), no custom instructions.
    const normalised = normaliseProcessRequest({ url: video.url, options: video.options }, features);
    usedDeprecatedField ||= normalised.usedDeprecatedField;
    return { request: normalised.request, warnings: normalised.warnings };
  });
  return { items, usedDeprecatedField };
}

/**
 * Where a video's warning points within the batch request. Each job keeps the warning as the
 * contract words it for a job (`summary_type`, whether sent at the top or in options); a batch
 * item takes the legacy field in its options only, so that is where the batch's warning points.
 */
function batchPath(index: number, field: string | undefined | null): string {
  if (!field) return `videos.${index}`;
  return `videos.${index}.${field === 'summary_type' ? 'options.summary_type' : field}`;
}

export const processBatchRoute = (services: BatchRouteServices) =>
  defineRoute({
    method: 'post',
    path: '/api/v1/batch/process',
    summary: 'Submit a batch of videos',
    description:
      'Accepts 1 to 100 videos as one batch: each becomes a normal job (with batch_id), run at most BATCH_CONCURRENCY at a time. ' +
      'Any invalid item rejects the whole batch; its videos count against the monthly quota together (a batch larger than what is left is refused whole). ' +
      'Or, instead of videos, a source: a playlist (list order) or a channel (newest uploads first), read by the batch workflow; its max_videos counts ' +
      'against the quota at submission and what the source did not fill is given back; job_ids and total_jobs appear in the status once it is read, ' +
      'and a source that cannot be read ends the batch failed with error {code: SOURCE_UNAVAILABLE | VIDEO_UNAVAILABLE, message}.',
    auth: keyWith('process'),
    feature: BATCH_PROCESSING,
    request: { body: BatchRequestSchema },
    responses: {
      202: { description: 'Accepted', schema: BatchSubmissionSchema },
      403: refusal(
        'INSUFFICIENT_PERMISSIONS (details.required), or PLAN_UPGRADE_REQUIRED (details.feature): batch processing, or an option of a video, ' +
          'that the plan does not include',
      ),
      422: refusal(
        'VALIDATION_ERROR (details.issues, paths like videos.3.url), UNSUPPORTED_URL (details.index, details.items; for a source details.path) or INVALID_WEBHOOK_URL',
      ),
      429: refusal('RATE_LIMITED (Retry-After) or QUOTA_EXCEEDED (details.reset_at, details.requested)'),
    },
    async handler({ body, principal }) {
      const features = { infographicsEnabled: services.config.jobs.infographicsEnabled };
      const priority = body.priority ?? 'normal';
      const webhookUrl = body.webhook_url ?? null;
      if (body.source) {
        const normalised = normaliseSource(body.source, body.options, features);
        requireRequestFeatures(principal.plan, { ...normalised.childRequest, priority, webhookUrl, customInstructions: null });
        if (webhookUrl) await assertWebhookTarget(webhookUrl, { allowPrivate: services.config.webhooks.allowPrivate });
        const { batch } = await submitBatch(services, {
          principal,
          source: normalised.batchSource,
          childRequest: normalised.childRequest,
          webhookUrl,
          priority,
          parallelProcessing: body.parallel_processing ?? null,
        });
        const record = submissionRecord(batch, services.config.http.publicBaseUrl);
        return {
          status: 202,
          body: { ...record, warnings: normalised.warnings },
          headers: { Location: record.status_url, ...(normalised.usedDeprecatedField ? { Deprecation: SUMMARY_TYPE_DEPRECATION } : {}) },
        };
      }
      const { items, usedDeprecatedField } = normaliseBatch(body.videos ?? [], features);
      for (const item of items) {
        requireRequestFeatures(principal.plan, { ...item.request, priority, webhookUrl, customInstructions: null });
      }
      if (webhookUrl) await assertWebhookTarget(webhookUrl, { allowPrivate: services.config.webhooks.allowPrivate });

      const { batch } = await submitBatch(services, {
        principal,
        items,
        webhookUrl,
        priority,
        parallelProcessing: body.parallel_processing ?? null,
      });
      const record = submissionRecord(batch, services.config.http.publicBaseUrl);
      const warnings = items.flatMap((item, index) => item.warnings.map((warning) => ({ ...warning, field: batchPath(index, warning.field) })));
      return {
        status: 202,
        body: { ...record, warnings },
        headers: { Location: record.status_url, ...(usedDeprecatedField ? { Deprecation: SUMMARY_TYPE_DEPRECATION } : {}) },
      };
    },
  });
