/**
 * Email notices end to end: the whole service (API + worker, whose email sender delivers) with a
 * real SMTP server. The opt-in route, quota warnings at 80% and 100% once per period from jobs
 * submitted through the API, and job_failed / batch_completed notices queued the way the job and
 * batch code queue them, checked as received: headers, subject, HTML and text.
 */
import { quotaPeriod } from '../../src/domain/plans';
import { queueNotice } from '../../src/notifications/queue-notice';
import { queueQuotaWarning } from '../../src/notifications/quota-warnings';
import { call, startTestService, type TestService } from '../support/test-service';
import { waitFor } from '../support/processes';
import { startSmtpSink, type ReceivedMail, type SmtpSink } from './smtp-sink';

let service: TestService;
let sink: SmtpSink;

const FREE_QUOTA = 5;
const PRO_QUOTA = 10;

beforeAll(async () => {
  sink = await startSmtpSink();
  service = await startTestService({
    env: {
      SMTP_URL: sink.url(),
      EMAIL_FROM: 'Video Digest <notices@digest.test>',
      EMAIL_SEND_INTERVAL_MS: '100',
      EMAIL_RETRY_SCHEDULE: '0.2,0.2',
      PLAN_LIMITS: JSON.stringify({
        free: { requests_per_minute: 1_000_000, videos_per_month: FREE_QUOTA },
        pro: { requests_per_minute: 1_000_000, videos_per_month: PRO_QUOTA },
        admin: { requests_per_minute: 1_000_000 },
      }),
    },
  });
});

afterAll(async () => {
  await service?.stop();
  await sink?.close();
});

const kindOf = (mail: ReceivedMail) => mail.parsed.headers.get('x-notice-kind');
const to = (email: string, kind: string) => (mail: ReceivedMail) => mail.envelope.to.includes(email) && kindOf(mail) === kind;

async function optIn(key: string) {
  const res = await call(service, 'PATCH', '/api/v1/account/notifications', { key, body: { email_notifications: true } });
  expect(res.status).toBe(200);
}

async function submit(key: string) {
  return call(service, 'POST', '/api/v1/videos/process', { key, body: { url: 'dQw4w9WgXcQ' } });
}

async function outbox(userId: string) {
  return service.db
    .selectFrom('email_outbox')
    .select(['kind', 'dedupe_key', 'recipient', 'data'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute();
}

/**
 * The quota warnings queued for a user. Their jobs fail (no YouTube here), so job_failed notices
 * join the outbox at times of their own: the quota tests count only their kind.
 */
async function quotaNotices(userId: string) {
  return (await outbox(userId)).filter((row) => row.kind.startsWith('quota_warning'));
}

const period = () => quotaPeriod().start.toISOString().slice(0, 7);
const resetDate = () => new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(quotaPeriod().resetAt);

describe('GET and PATCH /api/v1/account/notifications', () => {
  it('is off by default, read with a read key and turned on and off with a process key', async () => {
    const user = await service.createUser('free', ['read', 'process']);
    const initial = await call(service, 'GET', '/api/v1/account/notifications', { key: user.key });
    expect(initial.status).toBe(200);
    expect(initial.json).toEqual({ success: true, email: user.email, email_notifications: false });

    const on = await call(service, 'PATCH', '/api/v1/account/notifications', { key: user.key, body: { email_notifications: true } });
    expect(on.status).toBe(200);
    expect(on.json).toEqual({ success: true, email: user.email, email_notifications: true });
    expect((await call(service, 'GET', '/api/v1/account/notifications', { key: user.key })).json.email_notifications).toBe(true);

    const off = await call(service, 'PATCH', '/api/v1/account/notifications', { key: user.key, body: { email_notifications: false } });
    expect(off.json).toEqual({ success: true, email: user.email, email_notifications: false });
    const row = await service.db.selectFrom('users').select('email_notifications').where('id', '=', user.userId).executeTakeFirstOrThrow();
    expect(row.email_notifications).toBe(false);
  });

  it('refuses a missing key and an invalid body', async () => {
    const anonymous = await call(service, 'GET', '/api/v1/account/notifications');
    expect(anonymous.status).toBe(401);
    expect(anonymous.json.error.code).toBe('AUTHENTICATION_REQUIRED');

    const user = await service.createUser('free');
    for (const body of [{}, { email_notifications: 'yes' }, { email_notifications: true, email: 'other@example.com' }]) {
      const res = await call(service, 'PATCH', '/api/v1/account/notifications', { key: user.key, body });
      expect(res.status).toBe(422);
      expect(res.json.error.code).toBe('VALIDATION_ERROR');
    }
    const bad = await call(service, 'PATCH', '/api/v1/account/notifications', { key: user.key, rawBody: '{', headers: { 'content-type': 'application/json' } });
    expect(bad.status).toBe(400);
  });

  it('is in the OpenAPI document', async () => {
    const doc = (await call(service, 'GET', '/openapi.json')).json;
    const item = doc.paths['/api/v1/account/notifications'];
    expect(Object.keys(item).sort()).toEqual(['get', 'patch']);
    expect(item.patch.requestBody.content['application/json'].schema).toBeDefined();
    expect(item.get.responses['200']).toBeDefined();
  });
});

describe('quota warnings', () => {
  it('sends one notice at 80% and one at 100% of the monthly quota', async () => {
    const user = await service.createUser('free');
    await optIn(user.key);

    for (let i = 1; i <= 3; i++) expect((await submit(user.key)).status).toBe(202);
    expect(await quotaNotices(user.userId)).toEqual([]);

    expect((await submit(user.key)).status).toBe(202); // 4 of 5: 80%
    expect(await quotaNotices(user.userId)).toEqual([
      {
        kind: 'quota_warning_80',
        dedupe_key: `quota_warning_80:${user.userId}:${period()}`,
        recipient: user.email,
        data: { plan: 'free', used: 4, limit: 5, percent: 80, period: period(), reset_at: quotaPeriod().resetAt.toISOString() },
      },
    ]);
    expect((await submit(user.key)).status).toBe(202); // 5 of 5: 100%
    expect((await submit(user.key)).status).toBe(429); // refused: no more notices
    expect((await quotaNotices(user.userId)).map((row) => row.kind)).toEqual(['quota_warning_80', 'quota_warning_100']);

    const [warning] = await sink.waitForMail(to(user.email, 'quota_warning_80'));
    const { parsed } = warning!;
    expect(parsed.subject).toBe('You have used 80% of your monthly video quota (4 of 5)');
    expect(parsed.from?.value).toEqual([{ address: 'notices@digest.test', name: 'Video Digest' }]);
    expect(warning!.envelope).toEqual({ from: 'notices@digest.test', to: [user.email] });
    expect(parsed.headers.get('auto-submitted')).toBe('auto-generated');
    expect(parsed.messageId).toMatch(/^<[0-9a-f-]{36}@digest\.test>$/);
    const html = parsed.html as string;
    expect(html).toMatch(/^<!doctype html>/i);
    expect(html).toContain('<title>You have used 80% of your monthly video quota (4 of 5)</title>');
    expect(html).toContain('4 of 5');
    expect(html).toContain(resetDate());
    expect(html).toContain(`href="${service.url}/api/v1/usage/current"`);
    expect(html).toContain('The Pro plan has 10 videos a month');
    expect(parsed.text).toContain('Used:   4 of 5 videos');
    expect(parsed.text).toContain('Left:   1');
    expect(parsed.text).toContain(`Your usage: ${service.url}/api/v1/usage/current`);

    const [full] = await sink.waitForMail(to(user.email, 'quota_warning_100'));
    expect(full!.parsed.subject).toBe('You have reached your monthly video quota (5 of 5)');
    expect(full!.parsed.html).toContain('QUOTA_EXCEEDED');
    expect(full!.parsed.html).toContain(`<strong>${resetDate()} (00:00 UTC)</strong>`);
    expect(full!.parsed.text).toContain(`until the quota resets on ${resetDate()} (00:00 UTC)`);

    // Once each: nothing more arrives for this user.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const quotaMails = sink.received.filter((m) => m.envelope.to.includes(user.email) && String(kindOf(m)).startsWith('quota_warning'));
    expect(quotaMails).toHaveLength(2);
  });

  it('queues each warning once per period, however many submissions pass the mark', async () => {
    const user = await service.createUser('pro');
    await optIn(user.key);
    for (let i = 1; i <= 7; i++) expect((await submit(user.key)).status).toBe(202);
    expect(await quotaNotices(user.userId)).toEqual([]);
    expect((await submit(user.key)).status).toBe(202); // 8 of 10
    expect((await submit(user.key)).status).toBe(202); // 9 of 10: still 80%, already sent
    expect((await quotaNotices(user.userId)).map((row) => row.kind)).toEqual(['quota_warning_80']);
    expect((await submit(user.key)).status).toBe(202); // 10 of 10
    expect((await quotaNotices(user.userId)).map((row) => row.kind)).toEqual(['quota_warning_80', 'quota_warning_100']);

    const [warning] = await sink.waitForMail(to(user.email, 'quota_warning_80'));
    expect(warning!.parsed.subject).toBe('You have used 80% of your monthly video quota (8 of 10)');
    expect(warning!.parsed.html).toContain('The Admin plan has no monthly video cap');
    await sink.waitForMail(to(user.email, 'quota_warning_100'));

    // The next month is another period: its warnings are new notices.
    const next = new Date(quotaPeriod().resetAt.getTime() + 1000);
    const usage = { userId: user.userId, plan: 'pro' as const, total: 8, limit: PRO_QUOTA, periodStart: quotaPeriod(next).start, resetAt: quotaPeriod(next).resetAt };
    expect(await queueQuotaWarning(service.db, usage)).toBe('quota_warning_80');
    expect(await queueQuotaWarning(service.db, usage)).toBeNull();
    expect(await quotaNotices(user.userId)).toHaveLength(3);
  });

  it('sends them for a batch too: one that crosses 80% and fills the quota queues both at once', async () => {
    const user = await service.createUser('pro');
    await optIn(user.key);
    const batch = (count: number) =>
      call(service, 'POST', '/api/v1/batch/process', { key: user.key, body: { videos: Array.from({ length: count }, () => ({ url: 'dQw4w9WgXcQ' })) } });
    expect((await batch(3)).status).toBe(202);
    expect(await quotaNotices(user.userId)).toEqual([]);
    expect((await batch(5)).status).toBe(202); // 8 of 10
    expect((await quotaNotices(user.userId)).map((row) => row.kind)).toEqual(['quota_warning_80']);
    expect((await batch(2)).status).toBe(202); // 10 of 10
    expect((await quotaNotices(user.userId)).map((row) => row.kind)).toEqual(['quota_warning_80', 'quota_warning_100']);
    const [warning] = await sink.waitForMail(to(user.email, 'quota_warning_80'));
    expect(warning!.parsed.subject).toBe('You have used 80% of your monthly video quota (8 of 10)');
    await sink.waitForMail(to(user.email, 'quota_warning_100'));
  });

  it('queues nothing for a user who has not opted in', async () => {
    const user = await service.createUser('free');
    for (let i = 1; i <= FREE_QUOTA; i++) expect((await submit(user.key)).status).toBe(202);
    expect((await submit(user.key)).status).toBe(429);
    expect(await outbox(user.userId)).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(sink.received.filter((m) => m.envelope.to.includes(user.email))).toEqual([]);
  });
});

describe('job_failed and batch_completed notices', () => {
  it('renders and delivers a job failure, its data escaped', async () => {
    const user = await service.createUser('pro');
    await optIn(user.key);
    const jobId = 'job_0123456789abcdefABCDEF';
    const queued = await queueNotice(service.db, {
      userId: user.userId,
      kind: 'job_failed',
      dedupeKey: `job_failed:${jobId}`,
      data: {
        job_id: jobId,
        video_id: 'dQw4w9WgXcQ',
        video_url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42',
        video_title: 'Tom & <Jerry> "live"',
        error: { code: 'VIDEO_UNAVAILABLE', message: 'This video is <b>private</b>' },
        failed_at: '2026-01-31T12:00:00.000Z',
      },
    });
    expect(queued).toBe(true);

    const [mail] = await sink.waitForMail(to(user.email, 'job_failed'));
    const { parsed } = mail!;
    expect(parsed.subject).toBe('Job failed: Tom & <Jerry> "live"');
    expect(parsed.to && !Array.isArray(parsed.to) ? parsed.to.value : null).toEqual([{ address: user.email, name: '' }]);
    const html = parsed.html as string;
    expect(html).toContain('Tom &amp; &lt;Jerry&gt; &quot;live&quot;');
    expect(html).not.toContain('<Jerry>');
    expect(html).toContain('This video is &lt;b&gt;private&lt;/b&gt;');
    expect(html).not.toContain('<b>private</b>');
    expect(html).toContain('href="https://www.youtube.com/watch?v=dQw4w9WgXcQ&amp;t=42"');
    expect(html).toContain(`href="${service.url}/api/v1/videos/status/${jobId}"`);
    expect(html).toContain('VIDEO_UNAVAILABLE');
    expect(html).toContain('The video is private, removed, or age- or member-restricted.');
    expect(html).toContain('January 31, 2026');
    expect(parsed.text).toContain('We could not process Tom & <Jerry> "live" (https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42).');
    expect(parsed.text).toContain('Error:   VIDEO_UNAVAILABLE');
    expect(parsed.text).toContain(`Job status: ${service.url}/api/v1/videos/status/${jobId}`);
    expect(parsed.text).toContain(`PATCH ${service.url}/api/v1/account/notifications`);

    const row = await waitFor('the notice marked sent', async () => {
      const current = await service.db.selectFrom('email_outbox').selectAll().where('dedupe_key', '=', `job_failed:${jobId}`).executeTakeFirstOrThrow();
      return current.status === 'sent' ? current : null;
    });
    expect(row.subject).toBe(parsed.subject);
    expect(parsed.messageId).toBe(`<${row.id}@digest.test>`);
  });

  it('renders and delivers a finished batch with its totals and links', async () => {
    const user = await service.createUser('pro');
    await optIn(user.key);
    const batchId = 'batch_0123456789abcdef';
    await queueNotice(service.db, {
      userId: user.userId,
      kind: 'batch_completed',
      dedupeKey: `batch_completed:${batchId}`,
      data: { batch_id: batchId, status: 'partial_failure', total_jobs: 10, successful_jobs: 7, failed_jobs: 3, completed_at: '2026-01-31T12:30:00.000Z' },
    });
    const [mail] = await sink.waitForMail(to(user.email, 'batch_completed'));
    const { parsed } = mail!;
    expect(parsed.subject).toBe('Batch finished: 7 of 10 videos succeeded, 3 failed');
    const html = parsed.html as string;
    expect(html).toContain('Your batch of 10 videos finished with failures');
    expect(html).toContain('70%');
    expect(html).toContain('partial_failure');
    expect(html).toContain(`href="${service.url}/api/v1/batch/results/${batchId}"`);
    expect(html).toContain(`href="${service.url}/api/v1/batch/results/${batchId}?include_failed=true"`);
    expect(parsed.text).toContain('Success rate: 70%');
    expect(parsed.text).toContain(`Results: ${service.url}/api/v1/batch/results/${batchId}`);
  });
});
