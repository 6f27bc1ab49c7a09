import type { Kysely } from 'kysely';

/**
 * transcript_cache.outline: what a job needs of a cached transcript to take it whole (its
 * language, source, whether translated, and the bytes and words of its text; TranscriptOutline),
 * so that a job within the entry's size copies it inside Postgres without loading its segments. A
 * 10 MB transcript is a quarter of a million of them, and reading them back holds the event loop
 * that `npm start` shares with the API, every request waiting meanwhile. A small value of its own,
 * so that reading it leaves the large one where it is. Entries from before are outlined by the
 * first job that reads them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('transcript_cache').addColumn('outline', 'jsonb').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('transcript_cache').dropColumn('outline').execute();
}
