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

export type BatchRouteServices = JobServices & { config: Pick<Config, 'webhooks'> };

/**
 * The whole batch is checked before anything is accepted: every address, every plan gate, the
 * webhook target; then the quota for all its videos at once.
 */
function normaliseBatch(body: BatchRequestBody, features: ServerFeatures): { items: BatchItem[]; usedDeprecatedField: boolean } {
  const unsupported = body.videos.flatMap((video, index) =>
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
  const items = body.videos.map((video) => {
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
      'Any invalid item rejects the whole batch; its videos count against the monthly quota together (a batch larger than what is left is refused whole).',
    auth: keyWith('process'),
    feature: BATCH_PROCESSING,
    request: { body: BatchRequestSchema },
    responses: {
      202: { description: 'Accepted', schema: BatchSubmissionSchema },
      403: refusal(
        'INSUFFICIENT_PERMISSIONS (details.required), or PLAN_UPGRADE_REQUIRED (details.feature): batch processing, or an option of a video, ' +
          'that the plan does not include',
      ),
      422: refusal('VALIDATION_ERROR (details.issues, paths like videos.3.url), UNSUPPORTED_URL (details.index, details.items) or INVALID_WEBHOOK_URL'),
      429: refusal('RATE_LIMITED (Retry-After) or QUOTA_EXCEEDED (details.reset_at, details.requested)'),
    },
    async handler({ body, principal }) {
      const { items, usedDeprecatedField } = normaliseBatch(body, { infographicsEnabled: services.config.jobs.infographicsEnabled });
      const priority = body.priority ?? 'normal';
      const webhookUrl = body.webhook_url ?? null;
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
