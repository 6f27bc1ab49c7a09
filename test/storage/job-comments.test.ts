/**
 * A job's comments on the real Postgres: saved once, and saved again by a retried activity, the
 * second reading replaces the first.
 */
import type { VideoComments } from '../../src/domain/comments';
import * as jobComments from '../../src/storage/repositories/job-comments';
import { createTestDatabase, type TestDatabase } from '../support/infrastructure';
import { insertJobOwner, insertJobRow } from '../support/job-rows';

let database: TestDatabase;
let userId: string;

beforeAll(async () => {
  database = await createTestDatabase();
  userId = await insertJobOwner(database.db, 'comments@example.com');
});

afterAll(async () => {
  await database.drop();
});

function comments(...texts: string[]): VideoComments {
  return {
    fetched: texts.length,
    items: texts.map((text, i) => ({
      comment_id: `Ugw${i}`,
      author: `@viewer${i}`,
      text,
      like_count: 10 - i,
      reply_count: 0,
      published: '2 days ago',
      is_pinned: false,
      is_creator: false,
    })),
  };
}

async function newJob(): Promise<string> {
  const job = await insertJobRow(database.db, userId, {
    videoId: 'dQw4w9WgXcQ',
    row: { status: 'processing', current_step: 'fetching_transcript', progress_percentage: 20 },
  });
  return job.id;
}

describe('job comments', () => {
  it('reads back what was saved, and null for a job without comments', async () => {
    const jobId = await newJob();
    expect(await jobComments.loadJobComments(database.db, jobId)).toBeNull();

    const saved = comments('first "quoted" comment', 'second, with ünïcödé');
    await jobComments.saveJobComments(database.db, jobId, saved);

    expect(await jobComments.loadJobComments(database.db, jobId)).toEqual(saved);
  });

  it('replaces an earlier reading when the activity saves again', async () => {
    const jobId = await newJob();
    await jobComments.saveJobComments(database.db, jobId, comments('an attempt that timed out after saving'));

    const again = comments('the retry', 'read one more');
    await jobComments.saveJobComments(database.db, jobId, again);

    expect(await jobComments.loadJobComments(database.db, jobId)).toEqual(again);
    const rows = await database.db.selectFrom('job_comments').select('job_id').where('job_id', '=', jobId).execute();
    expect(rows).toHaveLength(1);
  });
});
