/**
 * Accepting a job: once its row is in Postgres it is accepted and will end completed or failed.
 * If Temporal cannot take it right now, the reconciler starts it later.
 */
import type { Principal } from '../domain/access';
import type { JobRequest, JobWarning } from '../domain/job';
import { insertJob } from '../storage/repositories/jobs';
import type { JobRow, NewJobRow } from '../storage/schema';
import { noticeQuotaUsage, reserveVideos } from './quota';
import { newJobId } from './job-id';
import type { JobServices } from './services';
import { startJobWorkflow } from './start-workflow';

export interface Attribution {
  serviceName: string | null;
  agentName: string | null;
  clientReference: string | null;
}

export interface Submission {
  principal: Principal;
  request: JobRequest;
  attribution: Attribution;
  warnings: JobWarning[];
  batchId?: string | null;
}

export async function submitJob(services: JobServices, submission: Submission): Promise<JobRow> {
  // The quota and the job commit together: a refused job uses no quota, an accepted one always counts.
  const { job, usage } = await services.db.transaction().execute(async (tx) => {
    const usage = await reserveVideos(tx, services.config.limits.plans, submission.principal, 1);
    return { job: await insertJob(tx, jobRow(submission)), usage };
  });
  services.metrics?.jobsAccepted(submission.principal.plan, submission.batchId ? 'batch' : 'single');
  try {
    await startJobWorkflow(services, job);
  } catch (error) {
    services.logger.warn({ jobId: job.id, err: error }, 'workflow start deferred to the reconciler');
  }
  // Committed: now the 80% / 100% quota warning, if this job crossed into one.
  await noticeQuotaUsage(services, usage);
  return job;
}

export function jobRow(submission: Submission): NewJobRow {
  return {
    id: newJobId(),
    user_id: submission.principal.userId,
    api_key_id: submission.principal.keyId || null,
    batch_id: submission.batchId ?? null,
    video_id: submission.request.videoId,
    video_url: submission.request.url,
    request: JSON.stringify(submission.request),
    status: 'queued',
    current_step: 'queued',
    progress_percentage: 0,
    warnings: JSON.stringify(submission.warnings),
    service_name: submission.attribution.serviceName,
    agent_name: submission.attribution.agentName,
    client_reference: submission.attribution.clientReference,
    created_at: new Date(),
    updated_at: new Date(),
  };
}
