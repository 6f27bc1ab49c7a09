/**
 * The library end to end: jobs indexed by the workflow once completed (the offline embedding
 * model on a thread), search and answers per owner, two users holding the same video, the plan
 * gate, permissions and validation.
 */
import { sql } from 'kysely';
import { VIDEO_AUTO_ONLY, VIDEO_MANUAL_AND_AUTO, startFakeYouTube, type FakeYouTube } from '../fake-youtube';
import { call, startTestService, waitForJob, type TestService } from '../support/test-service';
import { NOT_FOUND_ANSWER } from '../../src/library/ask';

let youtube: FakeYouTube;
let service: TestService;
const users: Record<'a' | 'b' | 'free', { key: string; jobId: string; otherJobId?: string }> = {} as never;

async function submitAndIndex(key: string, url: string): Promise<string> {
  const submitted = await call(service, 'POST', '/api/v1/videos/process', { key, body: { url } });
  expect(submitted.status).toBe(202);
  const jobId: string = submitted.json.job_id;
  expect((await waitForJob(service, key, jobId, 120_000)).final.status).toBe('completed');
  // Indexing is the workflow's step after the job's end.
  for (const deadline = Date.now() + 120_000; ; await new Promise((resolve) => setTimeout(resolve, 200))) {
    const row = await service.db.selectFrom('library_jobs').select('passages').where('job_id', '=', jobId).executeTakeFirst();
    if (row) {
      expect(row.passages).toBeGreaterThan(0);
      return jobId;
    }
    if (Date.now() > deadline) throw new Error(`job ${jobId} was not indexed`);
  }
}

beforeAll(async () => {
  youtube = await startFakeYouTube();
  service = await startTestService({ youtubeBaseUrl: youtube.baseUrl, env: { EMBEDDINGS_PROVIDER: 'local' } });
  const [a, b, free] = await Promise.all([service.createUser('pro'), service.createUser('pro'), service.createUser('free')]);
  users.a = { key: a.key, jobId: await submitAndIndex(a.key, VIDEO_MANUAL_AND_AUTO) };
  users.a.otherJobId = await submitAndIndex(a.key, VIDEO_AUTO_ONLY);
  users.b = { key: b.key, jobId: await submitAndIndex(b.key, VIDEO_MANUAL_AND_AUTO) };
  users.free = { key: free.key, jobId: await submitAndIndex(free.key, VIDEO_MANUAL_AND_AUTO) };
}, 600_000);

afterAll(async () => {
  await service?.stop();
  await youtube?.close();
});

const search = (key: string, body: unknown) => call(service, 'POST', '/api/v1/library/search', { key, body });
const ask = (key: string, body: unknown) => call(service, 'POST', '/api/v1/library/ask', { key, body });

it('stores passages of 30 to 60 seconds with their times, each with an embedding', async () => {
  const passages = await service.db
    .selectFrom('library_passages')
    .select(['start_seconds', 'end_seconds', 'embedding_model', sql<number>`cardinality(embedding)`.as('dims')])
    .where('job_id', '=', users.a.jobId)
    .orderBy('seq')
    .execute();
  expect(passages.length).toBeGreaterThan(2);
  for (const passage of passages.slice(0, -1)) {
    expect(passage.end_seconds - passage.start_seconds).toBeGreaterThanOrEqual(25);
    expect(passage.end_seconds - passage.start_seconds).toBeLessThanOrEqual(65);
  }
  expect(passages.every((passage) => passage.dims === 512 && passage.embedding_model)).toBe(true);
});

it("finds the caller's passages only, best first, with deep links", async () => {
  const { status, json } = await search(users.a.key, { query: 'sourdough starter flour' });
  expect(status).toBe(200);
  expect(json.results.length).toBeGreaterThan(0);
  expect(json.results.length).toBeLessThanOrEqual(10);
  for (const result of json.results) {
    expect([users.a.jobId, users.a.otherJobId]).toContain(result.job_id);
    expect(result.url).toBe(`https://www.youtube.com/watch?v=${result.video_id}&t=${Math.floor(result.start)}s`);
    expect(result.end).toBeGreaterThan(result.start);
    expect(typeof result.text).toBe('string');
  }
  expect(json.results[0].job_id).toBe(users.a.jobId);
  expect(json.results[0].title).toBe('Sourdough for Beginners: The Whole Process');
  const scores = json.results.map((result: { score: number }) => result.score);
  expect([...scores].sort((x, y) => y - x)).toEqual(scores);

  const other = await search(users.b.key, { query: 'sourdough starter flour', limit: 50 });
  expect(other.json.results.every((result: { job_id: string }) => result.job_id === users.b.jobId)).toBe(true);
});

it('restricts to job_ids, and refuses the whole request for an id that is not the caller\'s', async () => {
  const restricted = await search(users.a.key, { query: 'marathon training', job_ids: [users.a.otherJobId] });
  expect(restricted.status).toBe(200);
  expect(restricted.json.results.length).toBeGreaterThan(0);
  expect(restricted.json.results.every((result: { job_id: string }) => result.job_id === users.a.otherJobId)).toBe(true);

  for (const jobIds of [[users.b.jobId], [users.a.jobId, users.b.jobId], ['job_AAAAAAAAAAAAAAAAAAAAAA']]) {
    const refused = await search(users.a.key, { query: 'sourdough', job_ids: jobIds });
    expect(refused.status).toBe(404);
    expect(refused.json.error.code).toBe('NOT_FOUND');
    const refusedAsk = await ask(users.a.key, { question: 'What is a starter?', job_ids: jobIds });
    expect(refusedAsk.status).toBe(404);
  }
});

it('refuses invalid bodies with 422 VALIDATION_ERROR', async () => {
  for (const body of [{ query: '' }, { query: 'x'.repeat(501) }, { query: 'a', limit: 0 }, { query: 'a', limit: 51 }, { query: 'a', job_ids: ['nope'] }, { query: 'a', extra: 1 }, {}]) {
    const { status, json } = await search(users.a.key, body);
    expect(status).toBe(422);
    expect(json.error.code).toBe('VALIDATION_ERROR');
    expect(json.error.details.issues.length).toBeGreaterThan(0);
  }
  const { status } = await ask(users.a.key, { question: 'x'.repeat(1001) });
  expect(status).toBe(422);
});

it('answers from the passages with linked sentences, and says so when the library does not cover the question', async () => {
  const answered = await ask(users.a.key, { question: 'How do I feed a sourdough starter?' });
  expect(answered.status).toBe(200);
  expect(answered.json.generator.engine).toBe('extractive');
  expect(answered.json.citations.length).toBeGreaterThan(0);
  for (const citation of answered.json.citations) {
    expect([users.a.jobId, users.a.otherJobId]).toContain(citation.job_id);
    expect(answered.json.answer).toContain(`](${citation.url})`);
  }
  expect(answered.json.answer).toMatch(/\[\d+:\d\d\]\(https:\/\/www\.youtube\.com\/watch\?v=/);

  const offLibrary = await ask(users.a.key, { question: 'Who won the 1998 FIFA World Cup final in Paris?' });
  expect(offLibrary.status).toBe(200);
  expect(offLibrary.json.answer).toBe(NOT_FOUND_ANSWER);
  expect(offLibrary.json.citations).toEqual([]);
});

it('keeps ask to Pro and Admin plans, and both routes to keys with read', async () => {
  const free = await ask(users.free.key, { question: 'How do I feed a sourdough starter?' });
  expect(free.status).toBe(403);
  expect(free.json.error.code).toBe('PLAN_UPGRADE_REQUIRED');
  expect(free.json.error.details.feature).toBe('library_ask');
  expect((await search(users.free.key, { query: 'sourdough' })).status).toBe(200);

  const writer = await service.createUser('pro', ['process']);
  for (const path of ['/api/v1/library/search', '/api/v1/library/ask']) {
    const refused = await call(service, 'POST', path, { key: writer.key, body: { query: 'sourdough', question: 'sourdough?' } });
    expect(refused.status).toBe(403);
    expect(refused.json.error.code).toBe('INSUFFICIENT_PERMISSIONS');
  }
});
