/**
 * Accepting a batch: the quota for all its videos, the batch row and one job row per video commit
 * together (a refused batch uses no quota and leaves nothing behind), then the parent workflow is
 * started. If Temporal cannot take it right now, the reconciler starts it later.
 */
import type { Principal } from '../domain/access';
import type { JobPriority, JobRequest, JobWarning } from '../domain/job';
import { noticeQuotaUsage, reserveVideos } from '../jobs/quota';
import type { JobServices } from '../jobs/services';
import { jobRow } from '../jobs/submit-job';
import { insertBatch, insertBatchJobs } from '../storage/repositories/batches';
import type { BatchRow, JobRow } from '../storage/schema';
import type { BatchSource } from '../domain/source-url';
import { newBatchId } from './batch-id';
import { startBatchWorkflow } from './start-batch';

export interface BatchItem {
  /** The child's request as it is stored: normalised once from the batch's video. */
  request: JobRequest;
  warnings: JobWarning[];
}

interface BatchSubmissionBase {
  principal: Principal;
  webhookUrl: string | null;
  priority: JobPriority;
  parallelProcessing: boolean | null;
}

export interface VideoListSubmission extends BatchSubmissionBase {
  /** Validated and normalised, in the order sent. */
  items: BatchItem[];
}

/** A playlist or channel: its jobs are made once the batch workflow has read it. */
export interface SourceSubmission extends BatchSubmissionBase {
  source: BatchSource;
  /** What every video of the source is asked for: a job's request, its url and videoId left empty. */
  childRequest: JobRequest;
}

export type BatchSubmission = VideoListSubmission | SourceSubmission;

const NO_ATTRIBUTION = { serviceName: null, agentName: null, clientReference: null };

export async function submitBatch(
  services: Pick<JobServices, 'db' | 'temporal' | 'config' | 'logger' | 'metrics'>,
  submission: BatchSubmission,
): Promise<{ batch: BatchRow; jobs: JobRow[] }> {
  const batchId = newBatchId();
  const now = new Date();
  const items = 'items' in submission ? submission.items : [];
  const jobRows = items.map((item) => ({
    ...jobRow({
      principal: submission.principal,
      // Stored as normalised: an ordinary job's request at normal priority, without a webhook.
      request: item.request,
      attribution: NO_ATTRIBUTION,
      warnings: item.warnings,
      batchId,
    }),
    created_at: now,
    updated_at: now,
  }));

  const { usage, ...accepted } = await services.db.transaction().execute(async (tx) => {
    // A source reserves its max_videos; what it does not fill is given back once it is read.
    const reserved = 'source' in submission ? submission.source.maxVideos : items.length;
    const usage = await reserveVideos(tx, services.config.limits.plans, submission.principal, reserved, now);
    const batch = await insertBatch(tx, {
      id: batchId,
      user_id: submission.principal.userId,
      api_key_id: submission.principal.keyId || null,
      status: 'processing',
      total_jobs: jobRows.length,
      job_ids: jobRows.map((job) => job.id),
      webhook_url: submission.webhookUrl,
      priority: submission.priority,
      parallel_processing: submission.parallelProcessing,
      successful_jobs: null,
      failed_jobs: null,
      webhook_delivery_id: null,
      created_at: now,
      updated_at: now,
      ...('source' in submission
        ? { source: JSON.stringify(submission.source), child_request: JSON.stringify(submission.childRequest), quota_reserved: reserved }
        : {}),
    });
    const jobs = jobRows.length > 0 ? await insertBatchJobs(tx, jobRows) : [];
    return { batch, jobs, usage };
  });
  services.metrics?.jobsAccepted(submission.principal.plan, 'batch', accepted.jobs.length);

  try {
    await startBatchWorkflow(services, accepted.batch, accepted.jobs);
  } catch (error) {
    services.logger.warn({ batchId, err: error }, 'batch workflow start deferred to the reconciler');
  }
  // Committed: the 80% / 100% quota warning a batch crossed into, as a single job's would.
  await noticeQuotaUsage(services, usage);
  return accepted;
}
