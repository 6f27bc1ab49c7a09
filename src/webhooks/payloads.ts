/** The `data` of job.completed and job.failed events (docs/api-behaviour.md#events-and-payloads). */
import type { JobRow } from '../storage/schema';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export function jobEventType(job: JobRow): 'job.completed' | 'job.failed' {
  return job.status === 'completed' ? 'job.completed' : 'job.failed';
}

export function jobEventData(job: JobRow, publicBaseUrl: string): Record<string, unknown> {
  return {
    job_id: job.id,
    status: job.status,
    video_id: job.video_id,
    video_url: job.video_url,
    result_url: `${publicBaseUrl}/api/v1/videos/result/${job.id}`,
    completed_at: iso(job.completed_at),
    processing_time: job.processing_time,
    ...(job.status === 'failed' ? { error: { code: job.error_code, message: job.error_message } } : {}),
    batch_id: job.batch_id,
    ...(job.service_name !== null ? { service_name: job.service_name } : {}),
    ...(job.agent_name !== null ? { agent_name: job.agent_name } : {}),
    ...(job.client_reference !== null ? { client_reference: job.client_reference } : {}),
  };
}
