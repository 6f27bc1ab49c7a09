/**
 * What happens once a job has ended: its row's terminal state, the job.completed / job.failed
 * webhook's delivery recorded when the job has a webhook_url, and the job_failed email notice for
 * jobs outside batches. Each is idempotent by key, so the activity may be retried freely.
 */
import { isTerminal, type JobWarning } from '../src/domain/job';
import type { JobFailure } from '../src/domain/job-failure';
import { queueNotice } from '../src/notifications';
import * as jobs from '../src/storage/repositories/jobs';
import { jobEventData, jobEventType, recordWebhookDelivery, type WebhookDeliveryInput } from '../src/webhooks';
import type { WebhookActivityDeps } from './webhooks';
import { completeJobRow, failJobRow } from './end-job-row';

export interface JobEndActivityDeps extends WebhookActivityDeps {
  /** PUBLIC_BASE_URL, for result_url and status_url in events and notices. */
  publicBaseUrl: string;
}

/** How a job ended, as its workflow tells the activity that records it. */
export type JobEnd = { status: 'completed'; warnings: JobWarning[] } | { status: 'failed'; failure: JobFailure };

/** What the job's end leaves its workflow to do: start the webhook's delivery workflow, if any. */
export interface JobEnded {
  webhook: WebhookDeliveryInput | null;
}

export function createJobEndActivities(deps: JobEndActivityDeps) {
  const { db } = deps;

  /**
   * The job.completed / job.failed webhook (recorded here, its delivery workflow started by the
   * job's workflow) and the job_failed notice.
   */
  async function announce(jobId: string): Promise<JobEnded> {
    const job = await jobs.findJob(db, jobId);
    if (!job || !isTerminal(job.status)) return { webhook: null };
    const type = jobEventType(job);
    const data = jobEventData(job, deps.publicBaseUrl);
    let webhook: WebhookDeliveryInput | null = null;
    // Batch children carry no webhook_url of their own: the batch announces itself.
    if (job.request.webhookUrl) {
      const webhookDeps = { db, retrySchedule: deps.webhooks.retrySchedule, attemptTimeoutMs: deps.webhooks.attemptTimeoutMs };
      const event = { userId: job.user_id, url: job.request.webhookUrl, type, data, jobId: job.id, batchId: job.batch_id, idempotencyKey: `${type}:${job.id}` };
      webhook = (await recordWebhookDelivery(webhookDeps, event)).start;
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
    return { webhook };
  }

  return {
    /**
     * A job's end in one (local) activity: the row's terminal state, then the announcements. Each
     * step is idempotent (a row ends once, webhooks and notices go out once by key), so a retry
     * after a crash in between is harmless. The workflow starts the webhook's delivery with the
     * input returned here.
     */
    async finishJob(input: { jobId: string; end: JobEnd }): Promise<JobEnded> {
      if (input.end.status === 'completed') await completeJobRow(deps, input.jobId, input.end.warnings);
      else await failJobRow(deps, input.jobId, input.end.failure);
      return announce(input.jobId);
    },
  };
}
