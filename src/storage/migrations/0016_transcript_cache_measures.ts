import type { Kysely } from 'kysely';

/**
 * transcript_cache.text_bytes and word_count: what a job needs of a cached transcript to take it
 * whole (within its max_transcript_length), so that the job copies the entry inside Postgres
 * without loading its segments. A 10 MB transcript is a quarter of a million of them, and reading
 * them held the event loop that `npm start` shares with the API for several hundred milliseconds.
 * Entries from before are measured by the first job that reads them whole.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('transcript_cache').addColumn('text_bytes', 'integer').addColumn('word_count', 'integer').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('transcript_cache').dropColumn('text_bytes').dropColumn('word_count').execute();
}
