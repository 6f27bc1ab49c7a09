/**
 * What clients see of webhook deliveries: the `webhook` field of job (and batch) status records,
 * and the deliveries routes with every attempt.
 */
import type { Db } from '../storage/database';
import type { JobRow, WebhookAttemptOutcome, WebhookAttemptRow, WebhookDeliveryRow } from '../storage/schema';
import { listAttempts, listDeliveries, listDeliveriesForJobs, type DeliveryOwner } from '../storage/repositories/webhook-deliveries';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export interface DeliverySummary {
  delivery_id: string;
  event: string;
  status: 'pending' | 'delivered' | 'failed';
  attempts: number;
  last_attempt_at: string | null;
  last_status_code: number | null;
  next_attempt_at: string | null;
}

/** The `webhook` field of a status record: null without a webhook_url. */
export type WebhookState = { url: string; deliveries: DeliverySummary[] } | null;

export function deliverySummary(row: WebhookDeliveryRow): DeliverySummary {
  return {
    delivery_id: row.id,
    event: row.event_type,
    status: row.status,
    attempts: row.attempts,
    last_attempt_at: iso(row.last_attempt_at),
    last_status_code: row.last_status_code,
    next_attempt_at: row.status === 'pending' ? iso(row.next_attempt_at) : null,
  };
}

/**
 * The `webhook` field for one job or batch. No query at all when there is no webhook_url; else
 * one indexed query. Before the job ends, `deliveries` is empty.
 */
export async function webhookState(db: Db, owner: DeliveryOwner, webhookUrl: string | null | undefined): Promise<WebhookState> {
  if (!webhookUrl) return null;
  const rows = await listDeliveries(db, owner);
  return { url: webhookUrl, deliveries: rows.map(deliverySummary) };
}

/** The `webhook` field of a job status record. */
export const jobWebhookState = (db: Db, job: JobRow): Promise<WebhookState> => webhookState(db, { jobId: job.id }, job.request.webhookUrl);

/** The `webhook` fields of a page of jobs, with at most one query for the whole page. */
export async function jobWebhookStates(db: Db, jobs: JobRow[]): Promise<Map<string, WebhookState>> {
  const withWebhook = jobs.filter((job) => job.request.webhookUrl);
  const rows = await listDeliveriesForJobs(db, withWebhook.map((job) => job.id));
  const states = new Map<string, WebhookState>();
  for (const job of jobs) {
    states.set(job.id, job.request.webhookUrl ? { url: job.request.webhookUrl, deliveries: (rows.get(job.id) ?? []).map(deliverySummary) } : null);
  }
  return states;
}

export interface AttemptRecord {
  attempt: number;
  attempted_at: string;
  outcome: WebhookAttemptOutcome;
  status_code: number | null;
  error: string | null;
  delivered: boolean;
}

export interface DeliveryDetail extends DeliverySummary {
  url: string;
  max_attempts: number;
  created_at: string;
  delivered_at: string | null;
  last_error: string | null;
  attempt_log: AttemptRecord[];
}

function attemptRecord(row: WebhookAttemptRow): AttemptRecord {
  return {
    attempt: row.attempt,
    attempted_at: row.attempted_at.toISOString(),
    outcome: row.outcome,
    status_code: row.status_code,
    error: row.error,
    delivered: row.delivered,
  };
}

/** Every delivery of a job or batch with every attempt (two indexed queries). */
export async function deliveriesWithAttempts(db: Db, owner: DeliveryOwner): Promise<DeliveryDetail[]> {
  const deliveries = await listDeliveries(db, owner);
  const attempts = await listAttempts(db, deliveries.map((d) => d.id));
  const byDelivery = new Map<string, AttemptRecord[]>();
  for (const row of attempts) {
    const list = byDelivery.get(row.delivery_id) ?? [];
    list.push(attemptRecord(row));
    byDelivery.set(row.delivery_id, list);
  }
  return deliveries.map((row) => ({
    ...deliverySummary(row),
    url: row.url,
    max_attempts: row.max_attempts,
    created_at: row.created_at.toISOString(),
    delivered_at: iso(row.delivered_at),
    last_error: row.last_error,
    attempt_log: byDelivery.get(row.id) ?? [],
  }));
}
