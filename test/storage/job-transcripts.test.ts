/**
 * A job's transcript against the transcript cache, on the real Postgres: a transcript that is the
 * cache entry as read or written is copied inside Postgres, and only from that very version of
 * the entry; anything else is sent.
 */
import type { Transcript } from '../../src/domain/transcript';
import * as jobs from '../../src/storage/repositories/jobs';
import * as transcriptCache from '../../src/storage/repositories/transcript-cache';
import { createTestDatabase, type TestDatabase } from '../support/infrastructure';
import { insertJobOwner, insertJobRow } from '../support/job-rows';

const VIDEO = 'dQw4w9WgXcQ';
let database: TestDatabase;
let userId: string;

beforeAll(async () => {
  database = await createTestDatabase();
  userId = await insertJobOwner(database.db, 'transcripts@example.com');
});

afterAll(async () => {
  await database.drop();
});

function transcript(words: string): Transcript {
  return { language: 'en', source: 'captions_manual', translated: false, segments: [{ start: 0, end: 2, text: words }] };
}

async function newJob(): Promise<string> {
  const job = await insertJobRow(database.db, userId, {
    videoId: VIDEO,
    row: { status: 'processing', current_step: 'fetching_transcript', progress_percentage: 20 },
  });
  return job.id;
}

async function jobTranscript(jobId: string) {
  return database.db.selectFrom('job_transcripts').selectAll().where('job_id', '=', jobId).executeTakeFirstOrThrow();
}

describe('saveJobTranscript', () => {
  it('copies the cache entry just written inside Postgres', async () => {
    const fetched = transcript('the words as fetched');
    const version = await transcriptCache.putCachedTranscript(database.db, VIDEO, null, fetched);
    const jobId = await newJob();

    await jobs.saveJobTranscript(database.db, jobId, fetched, { truncated: false, wordCount: 4 }, version);

    const row = await jobTranscript(jobId);
    expect(row.transcript).toEqual(fetched);
    expect(row).toMatchObject({ truncated: false, word_count: 4 });
    // The row comes from the cache, not from the argument: the caller vouches they are the same,
    // and a differing argument shows which one was stored.
    const other = await newJob();
    await jobs.saveJobTranscript(database.db, other, transcript('not what was cached'), { truncated: false, wordCount: 4 }, version);
    expect((await jobTranscript(other)).transcript).toEqual(fetched);
  });

  it('sends the transcript it was given when the entry was refreshed since it was read', async () => {
    await transcriptCache.putCachedTranscript(database.db, VIDEO, null, transcript('an older fetch'));
    const read = await transcriptCache.getCachedTranscript(database.db, VIDEO, null);
    expect(read?.transcript).toEqual(transcript('an older fetch'));
    // Another job's force_refresh replaces the entry between this job's read and its save.
    await transcriptCache.putCachedTranscript(database.db, VIDEO, null, transcript('a newer fetch'));
    const jobId = await newJob();

    await jobs.saveJobTranscript(database.db, jobId, read!.transcript, { truncated: false, wordCount: 3 }, read!.version);

    expect((await jobTranscript(jobId)).transcript).toEqual(transcript('an older fetch'));
  });

  it('writes a cut transcript itself, never the whole cache entry', async () => {
    const whole: Transcript = { ...transcript('first part'), segments: [...transcript('first part').segments, { start: 2, end: 4, text: 'second part' }] };
    const version = await transcriptCache.putCachedTranscript(database.db, VIDEO, 'de', whole);
    const cut: Transcript = { ...whole, segments: whole.segments.slice(0, 1) };
    const jobId = await newJob();

    await jobs.saveJobTranscript(database.db, jobId, cut, { truncated: true, wordCount: 2 }, version);

    const row = await jobTranscript(jobId);
    expect(row.transcript).toEqual(cut);
    expect(row.truncated).toBe(true);
  });

  it('replaces the job transcript of an earlier attempt', async () => {
    const jobId = await newJob();
    await jobs.saveJobTranscript(database.db, jobId, transcript('first attempt'), { truncated: false, wordCount: 2 });
    const version = await transcriptCache.putCachedTranscript(database.db, VIDEO, 'fr', transcript('second attempt'));

    await jobs.saveJobTranscript(database.db, jobId, transcript('second attempt'), { truncated: false, wordCount: 2 }, version);

    expect((await jobTranscript(jobId)).transcript).toEqual(transcript('second attempt'));
  });
});
