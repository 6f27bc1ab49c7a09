/**
 * The outbox sender: runs in every worker process (several may run at once), takes due notices
 * from the outbox, renders them and sends them through SMTP_URL.
 *
 * - sent: delivered to the SMTP server.
 * - SMTP failure: retried after EMAIL_RETRY_SCHEDULE[attempt - 1] seconds; after the last entry,
 *   or when the server refuses the message for good (5xx), marked failed with a safe sentence.
 * - No SMTP_URL: marked recorded, subject kept. Nothing is lost: `cli emails resend-recorded`
 *   puts recorded notices back in the queue once SMTP_URL is configured.
 */
import type { Logger } from 'pino';
import type { Config } from '../config';
import type { Db } from '../storage/database';
import { claimDueNotices, markFailed, markRecorded, markSent, scheduleRetry, type OutboxRow } from './outbox';
import { NoticeRenderError, renderNotice, type RenderedNotice } from './render';
import { createMailer, describeSendFailure, type Mailer } from './smtp';

/** email: how notices go out; http: the links in them; limits: the plan figures some notices state. */
export type EmailSenderConfig = Pick<Config, 'email' | 'http' | 'limits'>;

export interface EmailSenderDeps {
  db: Db;
  logger: Logger;
  /** Read on every notice, so http.publicBaseUrl may be settled after start (tests set it late). */
  config: EmailSenderConfig;
  /** Replaces SMTP_URL's nodemailer transport (null: record only). */
  mailer?: Mailer | null;
}

export interface SendReport {
  sent: number;
  recorded: number;
  retried: number;
  failed: number;
}

export interface EmailSender {
  /** Handles every notice due now (at most a few hundred per call) and says what happened. */
  runOnce(): Promise<SendReport>;
  /** Stops polling, waits for the notices in hand, closes the SMTP transport. */
  stop(): Promise<void>;
}

/** Rows taken per claim; the lease must outlast sending them all (see smtp.ts timeouts). */
const CLAIM_BATCH = 5;
const LEASE_MS = 10 * 60_000;
const MAX_PER_RUN = 200;

type Outcome = keyof SendReport;

/** The domain of EMAIL_FROM's address, for Message-IDs. */
function fromDomain(from: string): string {
  const match = /@([^<>@\s]+?)>?\s*$/.exec(from);
  return match?.[1] ?? 'localhost';
}

export function createEmailSender(deps: EmailSenderDeps): EmailSender {
  const { db, config } = deps;
  const logger = deps.logger.child({ component: 'email-sender' });
  const mailer = deps.mailer !== undefined ? deps.mailer : config.email.smtpUrl ? createMailer(config.email.smtpUrl) : null;
  let current: Promise<SendReport> | null = null;

  async function render(row: OutboxRow): Promise<RenderedNotice | null> {
    try {
      return await renderNotice(row.kind, row.data, {
        publicBaseUrl: config.http.publicBaseUrl,
        planLimits: config.limits.plans,
        recipient: row.recipient,
      });
    } catch (error) {
      logger.error({ err: error, noticeId: row.id, kind: row.kind }, 'email notice could not be rendered');
      const reason = error instanceof NoticeRenderError && error.message.startsWith('unknown notice kind') ? 'unknown notice kind' : 'could not render the notice';
      await markFailed(db, row.id, reason, null);
      return null;
    }
  }

  async function handle(row: OutboxRow): Promise<Outcome> {
    const rendered = await render(row);
    if (!rendered) return 'failed';
    if (!mailer) {
      await markRecorded(db, row.id, rendered.subject);
      logger.info({ noticeId: row.id, kind: row.kind }, 'email notice recorded (no SMTP_URL)');
      return 'recorded';
    }
    try {
      await mailer.send({
        from: config.email.from,
        to: row.recipient,
        subject: rendered.subject,
        html: rendered.html,
        text: rendered.text,
        messageId: `<${row.id}@${fromDomain(config.email.from)}>`,
        headers: { 'Auto-Submitted': 'auto-generated', 'X-Notice-Kind': row.kind },
      });
    } catch (error) {
      const failure = describeSendFailure(error);
      const schedule = config.email.retrySchedule;
      const delaySeconds = schedule[row.attempts - 1];
      if (failure.permanent || delaySeconds === undefined) {
        await markFailed(db, row.id, failure.message, rendered.subject);
        logger.warn({ noticeId: row.id, kind: row.kind, attempts: row.attempts, reason: failure.message }, 'email notice failed');
        return 'failed';
      }
      await scheduleRetry(db, row.id, failure.message, delaySeconds * 1000, rendered.subject);
      logger.info({ noticeId: row.id, kind: row.kind, attempts: row.attempts, retryInSeconds: delaySeconds, reason: failure.message }, 'email notice will be retried');
      return 'retried';
    }
    await markSent(db, row.id, rendered.subject);
    logger.info({ noticeId: row.id, kind: row.kind }, 'email notice sent');
    return 'sent';
  }

  async function run(): Promise<SendReport> {
    const report: SendReport = { sent: 0, recorded: 0, retried: 0, failed: 0 };
    let handled = 0;
    while (handled < MAX_PER_RUN) {
      const rows = await claimDueNotices(db, { limit: CLAIM_BATCH, leaseMs: LEASE_MS, countAttempt: mailer !== null });
      if (rows.length === 0) break;
      for (const row of rows) {
        report[await handle(row)]++;
        handled++;
      }
    }
    return report;
  }

  return {
    runOnce() {
      // One run at a time per process; a caller arriving mid-run waits for it and then runs.
      const previous = current;
      const next: Promise<SendReport> = (previous ? previous.catch(() => undefined) : Promise.resolve()).then(run).finally(() => {
        if (current === next) current = null;
      });
      current = next;
      return next;
    },
    async stop() {
      await current?.catch(() => undefined);
      mailer?.close();
    },
  };
}

/** createEmailSender, polled every EMAIL_SEND_INTERVAL_MS until stop(). */
export function startEmailSender(deps: EmailSenderDeps): EmailSender {
  const sender = createEmailSender(deps);
  const logger = deps.logger.child({ component: 'email-sender' });
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let loop: Promise<void> = Promise.resolve();

  const tick = () => {
    timer = null;
    loop = sender
      .runOnce()
      .then(
        () => undefined,
        (error: unknown) => logger.warn({ err: error }, 'email outbox unavailable; trying again'),
      )
      .then(() => {
        if (!stopped) {
          timer = setTimeout(tick, deps.config.email.sendIntervalMs);
          timer.unref(); // the worker keeps the process alive, not this
        }
      });
  };
  timer = setTimeout(tick, 0);
  timer.unref();
  logger.info({ mode: deps.mailer === null || (deps.mailer === undefined && !deps.config.email.smtpUrl) ? 'record' : 'smtp' }, 'email sender started');

  let stopping: Promise<void> | null = null;
  return {
    runOnce: () => sender.runOnce(),
    stop() {
      stopping ??= (async () => {
        stopped = true;
        if (timer) clearTimeout(timer);
        await loop;
        await sender.stop();
      })();
      return stopping;
    },
  };
}
