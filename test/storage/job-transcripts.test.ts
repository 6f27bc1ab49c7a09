/**
 * A job's transcript against the transcript cache, on the real Postgres: a transcript that is the
 * cache entry as read or written is copied inside Postgres, and only from that very version of
 * the entry; anything else is sent. An entry's outline (what it is and its measures) is written
 * with it and read without its segments.
 */
import type { Transcript } from '../../src/domain/transcript';
import * as jobs from '../../src/storage/repositories/jobs';
import * as transcriptCache from '../../src/storage/repositories/transcript-cache';
import { createTestDatabase, type TestDatabase } from '../support/infrastructure';
import { insertJobOwner, insertJobRow } from '../support/job-rows';
import { measureTranscript, outlineTranscript, type TranscriptOutline } from '../../src/domain/transcript-limits';
import { encodeTranscript } from '../../src/transcripts/encoded-transcript';

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

/** An entry as a job writes it, outline and all. */
async function put(videoId: string, language: string | null, fetched: Transcript) {
  return transcriptCache.putCachedTranscript(database.db, videoId, language, fetched, encodeTranscript(fetched));
}

/** Makes the entry one written before the cache kept outlines (migration 0016); its version changes. */
async function forgetOutline(videoId: string, language: string | null) {
  await database.db.updateTable('transcript_cache').set({ outline: null }).where('video_id', '=', videoId).execute();
  return (await transcriptCache.getCachedTranscript(database.db, videoId, language))!.version;
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
    const version = await put(VIDEO, null, fetched);
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
    await put(VIDEO, null, transcript('an older fetch'));
    const read = await transcriptCache.getCachedTranscript(database.db, VIDEO, null);
    expect(read?.transcript).toEqual(transcript('an older fetch'));
    // Another job's force_refresh replaces the entry between this job's read and its save.
    await put(VIDEO, null, transcript('a newer fetch'));
    const jobId = await newJob();

    await jobs.saveJobTranscript(database.db, jobId, read!.transcript, { truncated: false, wordCount: 3 }, read!.version);

    expect((await jobTranscript(jobId)).transcript).toEqual(transcript('an older fetch'));
  });

  it('writes a cut transcript itself, never the whole cache entry', async () => {
    const whole: Transcript = { ...transcript('first part'), segments: [...transcript('first part').segments, { start: 2, end: 4, text: 'second part' }] };
    const version = await put(VIDEO, 'de', whole);
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
    const version = await put(VIDEO, 'fr', transcript('second attempt'));

    await jobs.saveJobTranscript(database.db, jobId, transcript('second attempt'), { truncated: false, wordCount: 2 }, version);

    expect((await jobTranscript(jobId)).transcript).toEqual(transcript('second attempt'));
  });
});

describe('the outline of a cache entry', () => {
  const VIDEO_OUTLINED = 'outlined000';
  const spoken: Transcript = {
    language: 'es',
    source: 'captions_auto',
    translated: true,
    segments: [
      { start: 0, end: 1, text: 'hola  señor' },
      { start: 1, end: 2, text: 'adiós' },
    ],
  };
  // "hola  señor adiós": 12 bytes, a space, 6 bytes; three words.
  const SPOKEN_OUTLINE: TranscriptOutline = { language: 'es', source: 'captions_auto', translated: true, textBytes: 19, wordCount: 3 };
  const outlineOf = (language: string | null) => transcriptCache.getCachedTranscriptOutline(database.db, VIDEO_OUTLINED, language);

  it('says what the entry is and its measures, and is the version a job copies', async () => {
    const version = await put(VIDEO_OUTLINED, 'ES', spoken);
    const whole = await outlineOf('es');
    expect(whole).toEqual({ outline: SPOKEN_OUTLINE, version });

    const jobId = await newJob();
    expect(await jobs.copyCachedTranscript(database.db, jobId, whole!.version, whole!.outline.wordCount)).toBe(true);
    expect(await jobTranscript(jobId)).toMatchObject({ transcript: spoken, truncated: false, word_count: 3 });
    expect(await outlineOf('de')).toBeNull();
  });

  it('is recorded for an entry written before outlines were kept, on that very version only, once', async () => {
    await put(VIDEO_OUTLINED, null, spoken);
    expect((await outlineOf(null))?.outline).toEqual(SPOKEN_OUTLINE);
    const stale = await forgetOutline(VIDEO_OUTLINED, null);
    expect(await outlineOf(null)).toBeNull();

    await put(VIDEO_OUTLINED, null, transcript('a newer fetch'));
    const newer = await forgetOutline(VIDEO_OUTLINED, null);
    // An outline meant for the version replaced never lands on the new one.
    await transcriptCache.recordCachedTranscriptOutline(database.db, stale, SPOKEN_OUTLINE);
    expect(await outlineOf(null)).toBeNull();
    const newerOutline = outlineTranscript(transcript('a newer fetch'), measureTranscript(transcript('a newer fetch').segments));
    await transcriptCache.recordCachedTranscriptOutline(database.db, newer, newerOutline);
    expect((await outlineOf(null))?.outline).toEqual({ language: 'en', source: 'captions_manual', translated: false, textBytes: 13, wordCount: 3 });
    // Recorded once: a second outline for the same entry changes nothing.
    const current = (await outlineOf(null))!.version;
    await transcriptCache.recordCachedTranscriptOutline(database.db, current, SPOKEN_OUTLINE);
    expect((await outlineOf(null))?.outline.textBytes).toBe(13);
  });

  it('is written with the entry, and written again with it', async () => {
    await put(VIDEO_OUTLINED, 'pt', spoken);
    expect((await outlineOf('pt'))?.outline).toEqual(SPOKEN_OUTLINE);
    await put(VIDEO_OUTLINED, 'pt', transcript('a newer fetch'));
    expect((await outlineOf('pt'))?.outline).toEqual({ language: 'en', source: 'captions_manual', translated: false, textBytes: 13, wordCount: 3 });
  });
});
