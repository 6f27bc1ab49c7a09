/**
 * The outbox sender against a real SMTP server (smtp-server) and real Postgres: delivery, retries
 * while SMTP is down, the failure limit, permanent refusals, credentials, concurrent senders, and
 * recording (then resending) when no SMTP_URL is configured.
 */
import path from 'node:path';
import { loadConfig } from '../../src/config';
import { createLogger } from '../../src/logger';
import { queueNotice } from '../../src/notifications/queue-notice';
import { createEmailSender, startEmailSender, type EmailSender } from '../../src/notifications/sender';
import type { Db } from '../../src/storage/database';
import { createTestDatabase, uniqueName, type TestDatabase } from '../support/infrastructure';
import { runEntry, waitFor } from '../support/processes';
import { startSmtpSink, type SmtpSink } from './smtp-sink';

const logger = createLogger('silent', 'test');
const CREDENTIALS = { user: 'notices', pass: 'p@ss:w/rd' };

let database: TestDatabase;
let db: Db;
let sink: SmtpSink;
const senders: EmailSender[] = [];

function senderConfig(env: Record<string, string>) {
  return loadConfig({
    DATABASE_URL: database.url,
    PUBLIC_BASE_URL: 'https://digest.example.test',
    EMAIL_FROM: 'Video Digest <notices@digest.example.test>',
    EMAIL_RETRY_SCHEDULE: '0.2,0.2',
    EMAIL_SEND_INTERVAL_MS: '50',
    ...env,
  });
}

function sender(env: Record<string, string>): EmailSender {
  const created = createEmailSender({ db, logger, config: senderConfig(env) });
  senders.push(created);
  return created;
}

async function createUser(optedIn = true): Promise<{ id: string; email: string }> {
  const email = `${uniqueName('user')}@example.com`;
  const row = await db
    .insertInto('users')
    .values({ email, plan: 'free', email_notifications: optedIn })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, email };
}

async function queueJobFailed(userId: string, jobId = uniqueName('job')): Promise<string> {
  const queued = await queueNotice(db, {
    userId,
    kind: 'job_failed',
    dedupeKey: `job_failed:${jobId}`,
    data: { job_id: jobId, video_url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', error: { code: 'SOURCE_BLOCKED', message: 'YouTube refused the request' } },
  });
  expect(queued).toBe(true);
  return jobId;
}

const outboxRow = (dedupeKey: string) => db.selectFrom('email_outbox').selectAll().where('dedupe_key', '=', dedupeKey).executeTakeFirstOrThrow();

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  sink = await startSmtpSink({ credentials: CREDENTIALS });
});

beforeEach(async () => {
  await db.deleteFrom('email_outbox').execute();
  sink.rejectRecipientsWith = null;
  sink.received.length = 0;
});

afterEach(async () => {
  await Promise.all(senders.splice(0).map((s) => s.stop()));
  await sink.start().catch(() => undefined); // a test that stopped it leaves it listening again
});

afterAll(async () => {
  await sink?.close();
  await database?.drop();
});

it('queues only for opted-in users, once per dedupe key', async () => {
  const optedIn = await createUser(true);
  const optedOut = await createUser(false);
  const data = { job_id: 'j1', error: { code: 'INTERNAL_ERROR', message: 'x' } };
  expect(await queueNotice(db, { userId: optedOut.id, kind: 'job_failed', dedupeKey: `job_failed:out`, data })).toBe(false);
  expect(await queueNotice(db, { userId: optedIn.id, kind: 'job_failed', dedupeKey: `job_failed:in`, data })).toBe(true);
  expect(await queueNotice(db, { userId: optedIn.id, kind: 'job_failed', dedupeKey: `job_failed:in`, data })).toBe(false);
  const rows = await db.selectFrom('email_outbox').select(['user_id', 'recipient', 'status']).execute();
  expect(rows).toEqual([{ user_id: optedIn.id, recipient: optedIn.email, status: 'pending' }]);
});

it('sends with the credentials of SMTP_URL and marks the notice sent', async () => {
  const user = await createUser();
  const jobId = await queueJobFailed(user.id);
  const report = await sender({ SMTP_URL: sink.url(CREDENTIALS) }).runOnce();
  expect(report).toEqual({ sent: 1, recorded: 0, retried: 0, failed: 0 });

  const [mail] = sink.received;
  expect(mail!.user).toBe('notices');
  expect(mail!.envelope).toEqual({ from: 'notices@digest.example.test', to: [user.email] });
  expect(mail!.parsed.subject).toBe('Job failed: https://www.youtube.com/watch?v=dQw4w9WgXcQ');
  expect(mail!.parsed.html).toContain(`href="https://digest.example.test/api/v1/videos/status/${jobId}"`);

  const row = await outboxRow(`job_failed:${jobId}`);
  expect(row).toMatchObject({ status: 'sent', attempts: 1, last_error: null, subject: mail!.parsed.subject });
  expect(row.sent_at).toBeInstanceOf(Date);
  expect(mail!.parsed.messageId).toBe(`<${row.id}@digest.example.test>`);
});

it('retries while SMTP is down and delivers once it is back', async () => {
  const user = await createUser();
  await sink.stop();
  const jobId = await queueJobFailed(user.id);
  const running = startEmailSender({ db, logger, config: senderConfig({ SMTP_URL: sink.url(CREDENTIALS), EMAIL_RETRY_SCHEDULE: '0.3,0.3,0.3,0.3,0.3,0.3,0.3,0.3,0.3,0.3' }) });
  senders.push(running);

  const retried = await waitFor('a failed attempt', async () => {
    const row = await outboxRow(`job_failed:${jobId}`);
    return row.attempts >= 2 ? row : null;
  });
  expect(retried.status).toBe('pending');
  // A safe sentence: no address, port or server text.
  expect(retried.last_error).toBe('could not connect to the SMTP server');
  expect(sink.received).toHaveLength(0);

  await sink.start();
  const [mail] = await sink.waitForMail((m) => m.envelope.to.includes(user.email));
  expect(mail!.parsed.text).toContain(jobId);
  const row = await waitFor('sent', async () => {
    const current = await outboxRow(`job_failed:${jobId}`);
    return current.status === 'sent' ? current : null;
  });
  expect(row.attempts).toBeGreaterThanOrEqual(3);
  expect(row.last_error).toBeNull();
  expect(sink.received).toHaveLength(1);
});

it('marks a notice failed after the last attempt of EMAIL_RETRY_SCHEDULE', async () => {
  const user = await createUser();
  await sink.stop();
  const jobId = await queueJobFailed(user.id);
  const s = sender({ SMTP_URL: sink.url(CREDENTIALS), EMAIL_RETRY_SCHEDULE: '0.2,0.2' });

  expect(await s.runOnce()).toMatchObject({ retried: 1 });
  expect(await s.runOnce()).toEqual({ sent: 0, recorded: 0, retried: 0, failed: 0 }); // not due yet
  await sleep(300);
  expect(await s.runOnce()).toMatchObject({ retried: 1 });
  await sleep(300);
  expect(await s.runOnce()).toMatchObject({ failed: 1 });

  const row = await outboxRow(`job_failed:${jobId}`);
  expect(row).toMatchObject({ status: 'failed', attempts: 3, last_error: 'could not connect to the SMTP server' });
  expect(row.subject).toContain('Job failed');
  await sleep(300);
  expect(await s.runOnce()).toEqual({ sent: 0, recorded: 0, retried: 0, failed: 0 });
});

it('does not retry a recipient the server refuses for good, and retries a temporary refusal', async () => {
  const user = await createUser();
  const s = sender({ SMTP_URL: sink.url(CREDENTIALS) });

  sink.rejectRecipientsWith = 550;
  const refused = await queueJobFailed(user.id);
  expect(await s.runOnce()).toMatchObject({ failed: 1 });
  expect(await outboxRow(`job_failed:${refused}`)).toMatchObject({
    status: 'failed',
    attempts: 1,
    last_error: 'the SMTP server refused the sender or recipient (SMTP 550)',
  });

  sink.rejectRecipientsWith = 450;
  const deferred = await queueJobFailed(user.id);
  expect(await s.runOnce()).toMatchObject({ retried: 1 });
  expect(await outboxRow(`job_failed:${deferred}`)).toMatchObject({ status: 'pending', last_error: 'the SMTP server refused the sender or recipient (SMTP 450)' });

  sink.rejectRecipientsWith = null;
  await sleep(300);
  expect(await s.runOnce()).toMatchObject({ sent: 1 });
  expect(sink.received).toHaveLength(1);
});

it('retries when the server refuses the credentials', async () => {
  const user = await createUser();
  const jobId = await queueJobFailed(user.id);
  expect(await sender({ SMTP_URL: sink.url({ user: 'notices', pass: 'wrong' }) }).runOnce()).toMatchObject({ retried: 1 });
  const row = await outboxRow(`job_failed:${jobId}`);
  expect(row.status).toBe('pending');
  expect(row.last_error).toMatch(/^the SMTP server refused the credentials/);
  expect(row.last_error).not.toContain('wrong');
});

it('sends each notice once with several senders at work', async () => {
  const users = await Promise.all(Array.from({ length: 4 }, () => createUser()));
  const jobIds: string[] = [];
  for (let i = 0; i < 12; i++) jobIds.push(await queueJobFailed(users[i % users.length]!.id));

  const reports = await Promise.all([1, 2, 3].map(() => sender({ SMTP_URL: sink.url(CREDENTIALS) }).runOnce()));
  expect(reports.reduce((sum, r) => sum + r.sent, 0)).toBe(12);
  expect(sink.received).toHaveLength(12);
  const ids = new Set(sink.received.map((m) => m.parsed.messageId));
  expect(ids.size).toBe(12);
  const statuses = await db.selectFrom('email_outbox').select(['status', 'attempts']).execute();
  expect(statuses.every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
});

it('records notices when no SMTP_URL is set, and the CLI puts them back for sending', async () => {
  const user = await createUser();
  const jobId = await queueJobFailed(user.id);
  const connectionsBefore = sink.connections;
  expect(await sender({}).runOnce()).toEqual({ sent: 0, recorded: 1, retried: 0, failed: 0 });
  const recorded = await outboxRow(`job_failed:${jobId}`);
  expect(recorded).toMatchObject({ status: 'recorded', attempts: 0, subject: 'Job failed: https://www.youtube.com/watch?v=dQw4w9WgXcQ' });
  expect(sink.connections).toBe(connectionsBefore);

  const root = path.resolve(__dirname, '../..');
  const cli = await runEntry(path.join(root, 'src/cli/main.ts'), { DATABASE_URL: database.url, LOG_LEVEL: 'silent' }, ['emails', 'resend-recorded']);
  expect(cli.code).toBe(0);
  expect(JSON.parse(cli.output.split('\n').find((line) => line.startsWith('{'))!)).toEqual({ requeued: 1 });
  expect(await outboxRow(`job_failed:${jobId}`)).toMatchObject({ status: 'pending', attempts: 0 });

  expect(await sender({ SMTP_URL: sink.url(CREDENTIALS) }).runOnce()).toMatchObject({ sent: 1 });
  expect(sink.received.map((m) => m.envelope.to)).toEqual([[user.email]]);
  expect(await outboxRow(`job_failed:${jobId}`)).toMatchObject({ status: 'sent' });
});

it('fails a notice of a kind it cannot render without sending anything', async () => {
  const user = await createUser();
  await db
    .insertInto('email_outbox')
    .values({ user_id: user.id, kind: 'mystery', dedupe_key: 'mystery:1', recipient: user.email, data: JSON.stringify({}) })
    .execute();
  expect(await sender({ SMTP_URL: sink.url(CREDENTIALS) }).runOnce()).toMatchObject({ failed: 1 });
  expect(await outboxRow('mystery:1')).toMatchObject({ status: 'failed', last_error: 'unknown notice kind' });
  expect(sink.received).toHaveLength(0);
});
