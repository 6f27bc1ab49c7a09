/**
 * What each kind of notice says: its subject and the strings its templates show, computed from the
 * outbox row's data. Data comes from other parts of the service (and from rows queued by older
 * versions), so it is read defensively: a missing field shows as a fallback, never as "undefined".
 */
import type { Plan } from '../domain/access';
import type { PlanLimitTable } from '../domain/plans';
import type { NoticeKind } from './queue-notice';
import type { TemplateVars } from './template';

/** data of a 'job_failed' notice (dedupe key `job_failed:<job_id>`). Types, not interfaces: they fit queueNotice's data. */
export type JobFailedNoticeData = {
  job_id: string;
  video_url?: string;
  video_id?: string;
  /** `title` is read too. */
  video_title?: string | null;
  /** The job's error (docs/api-behaviour.md#job-failure-codes); `error_code`/`error_message` are read too. */
  error?: { code: string; message: string } | null;
  batch_id?: string | null;
  /** ISO 8601. */
  failed_at?: string | null;
};

/** data of a 'batch_completed' notice (dedupe key `batch_completed:<batch_id>`). */
export type BatchCompletedNoticeData = {
  batch_id: string;
  status: 'completed' | 'partial_failure' | 'failed' | string;
  total_jobs: number;
  successful_jobs: number;
  failed_jobs: number;
  /** ISO 8601. */
  completed_at?: string | null;
};

/** data of 'quota_warning_80' and 'quota_warning_100' notices (queued by quota-warnings.ts). */
export type QuotaWarningNoticeData = {
  plan: Plan;
  used: number;
  limit: number;
  percent: 80 | 100;
  /** YYYY-MM (UTC). */
  period: string;
  /** ISO 8601: when the next period starts. */
  reset_at: string;
};

export interface ViewContext {
  /** PUBLIC_BASE_URL, without a trailing slash: every link in a notice starts with it. */
  publicBaseUrl: string;
  planLimits: PlanLimitTable;
  recipient: string;
}

export interface NoticeView {
  subject: string;
  preview: string;
  vars: TemplateVars;
}

type Data = Record<string, unknown>;

function text(value: unknown): string {
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return '';
}

function count(value: unknown): number {
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN;
  return Number.isFinite(n) && n >= 0 ? Math.floor(n) : 0;
}

function record(value: unknown): Data {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Data) : {};
}

/** One line, at most `max` characters: for subjects and inline labels. */
function oneLine(value: string, max: number): string {
  const flat = value.replace(/[\r\n\t\u0000-\u001f\u007f]+/g, ' ').replace(/\s{2,}/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1).trimEnd()}…` : flat;
}

/** Only http(s) addresses become links (never javascript: or data:). */
function safeLink(value: unknown): string {
  const candidate = text(value);
  try {
    const url = new URL(candidate);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : '';
  } catch {
    return '';
  }
}

const DATE_TIME = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC', hourCycle: 'h23' });
const DATE = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });
const MONTH = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

function dateTime(value: unknown): string {
  const raw = text(value);
  const ms = Date.parse(raw);
  return raw && Number.isFinite(ms) ? `${DATE_TIME.format(new Date(ms))} UTC` : '';
}

const PLAN_LABEL: Record<string, string> = { free: 'Free', pro: 'Pro', admin: 'Admin' };

const FAILURE_HINTS: Record<string, string> = {
  VIDEO_UNAVAILABLE: 'The video is private, removed, or age- or member-restricted. Check that it plays without signing in.',
  TRANSCRIPT_UNAVAILABLE: 'The video has no captions, and no transcript could be made from its audio.',
  SOURCE_BLOCKED: 'The video platform refused our requests for now. Submitting the video again later usually works.',
  SOURCE_UNREACHABLE: 'The video platform could not be reached, even after several tries. Submitting the video again later usually works.',
  SUMMARIZATION_FAILED: 'The transcript was fetched, but the summaries could not be written. Submitting the video again may work.',
};
const DEFAULT_HINT = 'Something went wrong on our side. Submitting the video again may work.';

function link(ctx: ViewContext, path: string): string {
  return `${ctx.publicBaseUrl}${path}`;
}

function common(ctx: ViewContext, subject: string, preview: string): Pick<NoticeView, 'subject' | 'preview'> & { vars: TemplateVars } {
  return {
    subject,
    preview,
    vars: {
      subject,
      preview,
      recipient: ctx.recipient,
      settings_url: link(ctx, '/api/v1/account/notifications'),
    },
  };
}

function jobFailed(data: Data, ctx: ViewContext): NoticeView {
  const error = record(data.error);
  const jobId = text(data.job_id);
  const code = text(error.code) || text(data.error_code) || 'INTERNAL_ERROR';
  const message = text(error.message) || text(data.error_message) || 'The job failed.';
  const videoLink = safeLink(data.video_url);
  const title = oneLine(text(data.video_title) || text(data.title), 120);
  const label = title || text(data.video_id) || videoLink || text(data.video_url) || 'your video';
  const head = common(ctx, oneLine(`Job failed: ${label}`, 120), oneLine(`${code}: ${message}`, 140));
  return {
    ...head,
    vars: {
      ...head.vars,
      job_id: jobId || 'unknown',
      video_label: oneLine(label, 200),
      video_link: videoLink,
      error_code: code,
      error_message: message,
      batch_id: text(data.batch_id),
      failed_at: dateTime(data.failed_at ?? data.completed_at),
      hint: FAILURE_HINTS[code] ?? DEFAULT_HINT,
      status_url: jobId ? link(ctx, `/api/v1/videos/status/${encodeURIComponent(jobId)}`) : '',
    },
  };
}

function percentage(part: number, whole: number): string {
  if (whole === 0) return '0%';
  const value = (part / whole) * 100;
  return `${Number.isInteger(value) ? value : value.toFixed(1)}%`;
}

function batchCompleted(data: Data, ctx: ViewContext): NoticeView {
  const batchId = text(data.batch_id);
  const successful = count(data.successful_jobs ?? data.successful);
  const failed = count(data.failed_jobs ?? data.failed);
  const total = Math.max(count(data.total_jobs ?? data.total), successful + failed);
  const status = text(data.status) || (failed === 0 ? 'completed' : successful === 0 ? 'failed' : 'partial_failure');
  const videos = `${total} video${total === 1 ? '' : 's'}`;
  const headline =
    failed === 0 ? `Your batch of ${videos} is done` : successful === 0 ? `Your batch of ${videos} failed` : `Your batch of ${videos} finished with failures`;
  const summary =
    failed === 0
      ? `Every video was processed: ${successful} of ${total} succeeded.`
      : `${successful} of ${total} succeeded and ${failed} failed.`;
  const subject = failed === 0 ? `Batch done: ${successful} of ${videos} succeeded` : `Batch finished: ${successful} of ${videos} succeeded, ${failed} failed`;
  const head = common(ctx, subject, summary);
  const resultsPath = batchId ? `/api/v1/batch/results/${encodeURIComponent(batchId)}` : '';
  return {
    ...head,
    vars: {
      ...head.vars,
      headline,
      summary,
      batch_id: batchId || 'unknown',
      status,
      total: String(total),
      successful: String(successful),
      failed: String(failed),
      success_rate: percentage(successful, total),
      completed_at: dateTime(data.completed_at),
      results_url: resultsPath ? link(ctx, resultsPath) : safeLink(data.results_url),
      failed_results_url: resultsPath && failed > 0 ? link(ctx, `${resultsPath}?include_failed=true`) : '',
    },
  };
}

function upgradeHint(plan: string, limits: PlanLimitTable): string {
  const cap = (value: number | null) => (value === null ? 'no monthly video cap' : `${value} videos a month`);
  if (plan === 'free') {
    return `Need more? The Pro plan has ${cap(limits.pro.videosPerMonth)}, every summary mode, batches and PDF export.`;
  }
  if (plan === 'pro') return `Need more? The Admin plan has ${cap(limits.admin.videosPerMonth)}.`;
  return 'Need more? The service operator can raise your plan\'s monthly quota.';
}

function quotaWarning(percent: 80 | 100) {
  return (data: Data, ctx: ViewContext): NoticeView => {
    const used = count(data.used);
    const limit = count(data.limit);
    const plan = text(data.plan);
    const period = /^\d{4}-\d{2}$/.test(text(data.period)) ? text(data.period) : '';
    const periodLabel = period ? MONTH.format(new Date(`${period}-01T00:00:00Z`)) : 'this month';
    const resetMs = Date.parse(text(data.reset_at));
    const resetDate = Number.isFinite(resetMs) ? `${DATE.format(new Date(resetMs))} (00:00 UTC)` : 'the first day of next month (UTC)';
    // "80%" means at least 80: a batch can jump past it. Below 100 until the quota is used up.
    const shown = percent === 100 ? 100 : Math.min(99, Math.floor((used / Math.max(limit, 1)) * 100));
    const subject =
      percent === 100
        ? `You have reached your monthly video quota (${used} of ${limit})`
        : `You have used ${shown}% of your monthly video quota (${used} of ${limit})`;
    const head = common(ctx, subject, `Resets on ${resetDate}.`);
    return {
      ...head,
      vars: {
        ...head.vars,
        percent: String(shown),
        used: String(used),
        limit: String(limit),
        remaining: String(Math.max(0, limit - used)),
        plan_label: PLAN_LABEL[plan] ?? 'current',
        period_label: periodLabel,
        reset_date: resetDate,
        upgrade_hint: upgradeHint(plan, ctx.planLimits),
        usage_url: link(ctx, '/api/v1/usage/current'),
      },
    };
  };
}

export const VIEWS: Record<NoticeKind, (data: Data, ctx: ViewContext) => NoticeView> = {
  job_failed: jobFailed,
  batch_completed: batchCompleted,
  quota_warning_80: quotaWarning(80),
  quota_warning_100: quotaWarning(100),
};
