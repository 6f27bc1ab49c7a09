/**
 * What happens once a job has ended: the job.completed / job.failed webhook when the job has a
 * webhook_url, and the job_failed email notice for jobs outside batches. Both are idempotent by key, so the activity may
 * be retried freely.
 */
import { isTerminal } from '../src/domain/job';
import { queueNotice } from '../src/notifications';
import * as jobs from '../src/storage/repositories/jobs';
import { jobEventData, jobEventType, scheduleWebhook } from '../src/webhooks';
import type { WebhookActivityDeps } from './webhooks';

export interface NotificationActivityDeps extends WebhookActivityDeps {
  /** PUBLIC_BASE_URL, for result_url and status_url in events and notices. */
  publicBaseUrl: string;
}

export function createNotificationActivities(deps: NotificationActivityDeps) {
  const { db } = deps;
  return {
    async announceJobEnded(input: { jobId: string }): Promise<void> {
      const job = await jobs.findJob(db, input.jobId);
      if (!job || !isTerminal(job.status)) return;
      const type = jobEventType(job);
      const data = jobEventData(job, deps.publicBaseUrl);
      // Batch children carry no webhook_url of their own: the batch announces itself.
      if (job.request.webhookUrl) {
        await scheduleWebhook(
          { db, temporal: deps.temporal, retrySchedule: deps.webhooks.retrySchedule, attemptTimeoutMs: deps.webhooks.attemptTimeoutMs },
          { userId: job.user_id, url: job.request.webhookUrl, type, data, jobId: job.id, batchId: job.batch_id, idempotencyKey: `${type}:${job.id}` },
        );
      }
      // A batch's failures are reported together in its batch_completed notice, not one email each.
      if (job.status === 'failed' && job.batch_id === null) {
        await queueNotice(db, {
          userId: job.user_id,
          kind: 'job_failed',
          dedupeKey: `job_failed:${job.id}`,
          data: {
            ...data,
            title: job.video_info?.title ?? null,
            error_code: job.error_code,
            error_message: job.error_message,
            failed_at: job.completed_at ? job.completed_at.toISOString() : null,
            status_url: `${deps.publicBaseUrl}/api/v1/videos/status/${job.id}`,
          },
        });
      }
    },
  };
}
