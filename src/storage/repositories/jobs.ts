/** Jobs as the system of record keeps them. Every function takes the database it works on. */
import { sql, type ExpressionBuilder, type OnConflictBuilder, type UpdateObject } from 'kysely';
import type { JobFailure } from '../../domain/job-failure';
import type { JobStatus, JobStep, JobWarning } from '../../domain/job';
import type { SummaryEntry, SummaryMode } from '../../domain/summary';
import type { Transcript } from '../../domain/transcript';
import type { VideoMetadata } from '../../domain/video';
import type { Db } from '../database';
import type { Database, JobRow, NewJobRow } from '../schema';
import { oldestUnstarted } from './unstarted-rows';
import { newestFirstPage, type Page, type PageRequest } from './newest-first-page';
import { isCachedTranscriptVersion, type CachedTranscriptVersion } from './transcript-cache';

export async function insertJob(db: Db, job: NewJobRow): Promise<JobRow> {
  return db.insertInto('jobs').values(job).returningAll().executeTakeFirstOrThrow();
}

export async function markWorkflowStarted(db: Db, jobId: string): Promise<void> {
  await db.updateTable('jobs').set({ workflow_started: true }).where('id', '=', jobId).execute();
}

/** A job, only if it belongs to the user: other users' ids look exactly like unknown ones. */
export async function findJobForUser(db: Db, jobId: string, userId: string): Promise<JobRow | null> {
  const row = await db
    .selectFrom('jobs')
    .selectAll()
    .where('id', '=', jobId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row ?? null;
}

export async function findJob(db: Db, jobId: string): Promise<JobRow | null> {
  return (await db.selectFrom('jobs').selectAll().where('id', '=', jobId).executeTakeFirst()) ?? null;
}

export type JobPage = Page<JobRow>;

export const listJobsForUser = (db: Db, userId: string, page: PageRequest & { status?: JobStatus }): Promise<JobPage> =>
  newestFirstPage(db.selectFrom('jobs').where('user_id', '=', userId).$if(page.status !== undefined, (q) => q.where('status', '=', page.status!)), page);

/** Batch children are not among them: only their batch's parent workflow starts them. */
export const findUnstartedJobs = (db: Db, olderThanSeconds: number, limit: number): Promise<JobRow[]> =>
  oldestUnstarted(db.selectFrom('jobs').where('status', '=', 'queued').where('batch_id', 'is', null), olderThanSeconds, limit);

const ACTIVE: JobStatus[] = ['queued', 'processing'];

/** Moves a job to processing at `step`. Progress never goes backwards, even on activity retries. */
export async function recordStep(db: Db, jobId: string, step: JobStep, progress: number): Promise<void> {
  await db
    .updateTable('jobs')
    .set((eb) => ({
      status: 'processing',
      current_step: step,
      progress_percentage: sql<number>`GREATEST(${eb.ref('progress_percentage')}, ${progress})`,
      started_at: sql<Date>`COALESCE(${eb.ref('started_at')}, now())`,
      workflow_started: true,
      updated_at: sql<Date>`now()`,
    }))
    .where('id', '=', jobId)
    .where('status', 'in', ACTIVE)
    .execute();
}

export async function saveVideoInfo(db: Db, jobId: string, info: VideoMetadata): Promise<void> {
  await db
    .updateTable('jobs')
    .set({ video_info: JSON.stringify(info), updated_at: sql<Date>`now()` })
    .where('id', '=', jobId)
    .execute();
}

/**
 * The job's transcript. One that is a cache entry unchanged (`sameAs`: the version just read or
 * written) is copied inside Postgres, so a transcript crosses the connection, and is checked and
 * compressed by Postgres, once per job rather than twice, which counts for long transcripts.
 * When that version is gone (another job refreshed the entry meanwhile), the transcript is sent.
 */
export async function saveJobTranscript(
  db: Db,
  jobId: string,
  transcript: Transcript,
  meta: { truncated: boolean; wordCount: number },
  sameAs?: CachedTranscriptVersion,
): Promise<void> {
  if (sameAs && !meta.truncated && (await copyCachedTranscript(db, jobId, sameAs, meta.wordCount))) return;
  await db
    .insertInto('job_transcripts')
    .values({ job_id: jobId, transcript: JSON.stringify(transcript), truncated: meta.truncated, word_count: meta.wordCount })
    .onConflict(replaceJobTranscript)
    .execute();
}

/**
 * The job's transcript as that version of a cache entry, whole, copied inside Postgres; false when
 * that version is gone (another job refreshed the entry since it was read).
 */
export async function copyCachedTranscript(db: Db, jobId: string, version: CachedTranscriptVersion, wordCount: number): Promise<boolean> {
  const result = await db
    .insertInto('job_transcripts')
    .columns(['job_id', 'transcript', 'truncated', 'word_count'])
    .expression(
      db
        .selectFrom('transcript_cache')
        .select([sql<string>`${jobId}::text`.as('job_id'), 'transcript', sql<boolean>`false`.as('truncated'), sql<number>`${wordCount}::integer`.as('word_count')])
        .where(isCachedTranscriptVersion(version)),
    )
    .onConflict(replaceJobTranscript)
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
}

const replaceJobTranscript = (oc: OnConflictBuilder<Database, 'job_transcripts'>) =>
  oc.column('job_id').doUpdateSet({
    transcript: (eb) => eb.ref('excluded.transcript'),
    truncated: (eb) => eb.ref('excluded.truncated'),
    word_count: (eb) => eb.ref('excluded.word_count'),
  });

export async function loadJobTranscript(db: Db, jobId: string) {
  return db.selectFrom('job_transcripts').selectAll().where('job_id', '=', jobId).executeTakeFirst();
}

/**
 * The kept transcript as JSON text, unparsed: whoever needs the segments parses it where the
 * work happens (a summary thread), not on the event loop that serves requests.
 */
export async function loadJobTranscriptJson(db: Db, jobId: string): Promise<string | null> {
  const row = await db
    .selectFrom('job_transcripts')
    .select(sql<string>`transcript::text`.as('transcript_json'))
    .where('job_id', '=', jobId)
    .executeTakeFirst();
  return row?.transcript_json ?? null;
}

/** The kept transcript as JSON text with its figures, for work done off the event loop (the PDF export). */
export async function loadJobTranscriptText(db: Db, jobId: string): Promise<{ json: string; truncated: boolean; wordCount: number } | null> {
  const row = await db
    .selectFrom('job_transcripts')
    .select([sql<string>`transcript::text`.as('transcript_json'), 'truncated', 'word_count'])
    .where('job_id', '=', jobId)
    .executeTakeFirst();
  return row ? { json: row.transcript_json, truncated: row.truncated, wordCount: row.word_count } : null;
}

export async function saveSummary(db: Db, jobId: string, entry: SummaryEntry): Promise<void> {
  await db
    .insertInto('job_summaries')
    .values({ job_id: jobId, mode: entry.mode, entry: JSON.stringify(entry), ...generatorColumns(entry) })
    .onConflict((oc) =>
      oc.columns(['job_id', 'mode']).doUpdateSet({
        entry: (eb) => eb.ref('excluded.entry'),
        engine: (eb) => eb.ref('excluded.engine'),
        model: (eb) => eb.ref('excluded.model'),
      }),
    )
    .execute();
}

/** Who wrote an entry, as columns the usage reports count by (tokens: the model_usage ledger). */
function generatorColumns({ generator }: SummaryEntry) {
  return { engine: generator.engine, model: generator.model };
}

export async function loadSummaries(db: Db, jobId: string): Promise<Map<SummaryMode, SummaryEntry>> {
  const rows = await db.selectFrom('job_summaries').select(['mode', 'entry']).where('job_id', '=', jobId).execute();
  return new Map(rows.map((r) => [r.mode, r.entry]));
}

/** When a job this call ended was accepted and ended; null when it had ended already. */
export interface JobEndTimes {
  acceptedAt: Date;
  endedAt: Date;
}

function endTimes(row: { created_at: Date; completed_at: Date | null } | undefined): JobEndTimes | null {
  return row ? { acceptedAt: row.created_at, endedAt: row.completed_at ?? new Date() } : null;
}

/**
 * Ends an active job with these columns besides its end time and processing time. Terminal
 * transitions only apply to an active job, so a retried activity cannot flip a result; the caller
 * learns whether this call was the one that ended it.
 */
async function endJob(db: Db, jobId: string, ending: (eb: ExpressionBuilder<Database, 'jobs'>) => UpdateObject<Database, 'jobs'>): Promise<JobEndTimes | null> {
  const row = await db
    .updateTable('jobs')
    .set((eb) => ({
      ...ending(eb),
      completed_at: sql<Date>`now()`,
      updated_at: sql<Date>`now()`,
      processing_time: sql<number>`EXTRACT(EPOCH FROM (now() - COALESCE(${eb.ref('started_at')}, ${eb.ref('created_at')})))`,
    }))
    .where('id', '=', jobId)
    .where('status', 'in', ACTIVE)
    .returning(['created_at', 'completed_at'])
    .executeTakeFirst();
  return endTimes(row);
}

export async function completeJob(db: Db, jobId: string, warnings: JobWarning[]): Promise<JobEndTimes | null> {
  return endJob(db, jobId, (eb) => ({
    status: 'completed',
    current_step: 'completed',
    progress_percentage: 100,
    warnings: sql<string>`${eb.ref('warnings')} || ${JSON.stringify(warnings)}::jsonb`,
    started_at: sql<Date>`COALESCE(${eb.ref('started_at')}, now())`,
  }));
}

export async function failJob(db: Db, jobId: string, failure: JobFailure): Promise<JobEndTimes | null> {
  return endJob(db, jobId, () => ({
    status: 'failed',
    current_step: 'failed',
    error_code: failure.code,
    error_message: failure.message,
  }));
}
