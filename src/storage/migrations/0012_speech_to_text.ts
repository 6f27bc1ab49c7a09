import { type Kysely, sql } from 'kysely';

/**
 * Speech-to-text for videos without captions.
 * - speech_chunks: what the provider heard in each audio chunk of a job, saved as each chunk's
 *   activity finishes, so a job redone after a crash transcribes only the chunks missing here
 *   and the workflow history carries no transcript text. Emptied when the job's audio work ends.
 * - transcript_cache gains `source_kind` in its key: captions and a speech-to-text transcript of
 *   the same video and language are kept side by side, and transcript_source picks one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('speech_chunks')
    .addColumn('job_id', 'text', (col) => col.notNull().references('jobs.id').onDelete('cascade'))
    .addColumn('chunk_index', 'integer', (col) => col.notNull())
    .addColumn('start_seconds', 'double precision', (col) => col.notNull())
    .addColumn('duration_seconds', 'double precision', (col) => col.notNull())
    .addColumn('overlap_seconds', 'double precision', (col) => col.notNull())
    .addColumn('language', 'text')
    .addColumn('quality', 'text', (col) => col.notNull().check(sql`quality IN ('normal', 'low')`))
    .addColumn('segments', 'jsonb', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('speech_chunks_pkey', ['job_id', 'chunk_index'])
    .execute();

  await sql`
    ALTER TABLE transcript_cache
      ADD COLUMN source_kind text NOT NULL DEFAULT 'captions' CHECK (source_kind IN ('captions', 'speech_to_text')),
      DROP CONSTRAINT transcript_cache_pkey,
      ADD CONSTRAINT transcript_cache_pkey PRIMARY KEY (video_id, requested_language, source_kind)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM transcript_cache WHERE source_kind <> 'captions'`.execute(db);
  await sql`
    ALTER TABLE transcript_cache
      DROP CONSTRAINT transcript_cache_pkey,
      DROP COLUMN source_kind,
      ADD CONSTRAINT transcript_cache_pkey PRIMARY KEY (video_id, requested_language)`.execute(db);
  await db.schema.dropTable('speech_chunks').execute();
}
