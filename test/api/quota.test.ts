/** Monthly quotas are enforced at submission from Postgres, exactly, under concurrency. */
import { quotaPeriod } from '../../src/domain/plans';
import { call, startTestService, type TestService } from '../support/test-service';

let service: TestService;

beforeAll(async () => {
  service = await startTestService({
    withWorker: false,
    env: { PLAN_LIMITS: JSON.stringify({ free: { requests_per_minute: 1_000_000, videos_per_month: 10 } }) },
  });
});

afterAll(async () => {
  await service?.stop();
});

it('accepts exactly the 10 videos left out of 50 concurrent submissions', async () => {
  const free = await service.createUser('free');
  const results = await Promise.all(
    Array.from({ length: 50 }, (_, i) => call(service, 'POST', '/api/v1/videos/process', { key: free.key, body: { url: 'dQw4w9WgXcQ', client_reference: `r${i}` } })),
  );
  const accepted = results.filter((r) => r.status === 202);
  const refused = results.filter((r) => r.status === 429);
  expect(accepted).toHaveLength(10);
  expect(refused).toHaveLength(40);
  const resetAt = quotaPeriod().resetAt.toISOString();
  for (const res of refused) expect(res.json.error).toMatchObject({ code: 'QUOTA_EXCEEDED', details: { reset_at: resetAt } });

  // The record agrees: ten jobs, a counter of ten, and nothing more gets in.
  const jobs = await service.db.selectFrom('jobs').select('id').where('user_id', '=', free.userId).execute();
  expect(jobs).toHaveLength(10);
  const counter = await service.db.selectFrom('usage_periods').select('videos_accepted').where('user_id', '=', free.userId).executeTakeFirstOrThrow();
  expect(counter.videos_accepted).toBe(10);
  expect((await call(service, 'POST', '/api/v1/videos/process', { key: free.key, body: { url: 'dQw4w9WgXcQ' } })).json.error.code).toBe('QUOTA_EXCEEDED');
});

it('counts each account on its own', async () => {
  const a = await service.createUser('free');
  const b = await service.createUser('free');
  for (let i = 0; i < 10; i++) expect((await call(service, 'POST', '/api/v1/videos/process', { key: a.key, body: { url: 'dQw4w9WgXcQ' } })).status).toBe(202);
  expect((await call(service, 'POST', '/api/v1/videos/process', { key: a.key, body: { url: 'dQw4w9WgXcQ' } })).status).toBe(429);
  expect((await call(service, 'POST', '/api/v1/videos/process', { key: b.key, body: { url: 'dQw4w9WgXcQ' } })).status).toBe(202);
});

it('does not count a refused submission against the quota', async () => {
  const free = await service.createUser('free');
  const invalid = await call(service, 'POST', '/api/v1/videos/process', { key: free.key, body: { url: 'https://vimeo.com/1' } });
  expect(invalid.status).toBe(422);
  const gated = await call(service, 'POST', '/api/v1/videos/process', { key: free.key, body: { url: 'dQw4w9WgXcQ', priority: 'high' } });
  expect(gated.status).toBe(403);
  const counter = await service.db.selectFrom('usage_periods').select('videos_accepted').where('user_id', '=', free.userId).executeTakeFirst();
  expect(counter?.videos_accepted ?? 0).toBe(0);
});
