import { type Kysely, sql } from 'kysely';

/**
 * Batches read from a playlist or a channel (docs/playlists-and-channels.md): the source and the
 * request every video gets are kept on the batch, whose jobs appear once the source has been
 * read, so such a batch starts with none. The quota reserved for `max_videos` is kept to give back
 * what the source did not fill; a source that cannot be read ends the batch with an error.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('batches')
    .addColumn('source', 'jsonb')
    .addColumn('child_request', 'jsonb')
    .addColumn('quota_reserved', 'integer')
    .addColumn('error_code', 'text')
    .addColumn('error_message', 'text')
    .execute();
  await sql`ALTER TABLE batches DROP CONSTRAINT IF EXISTS batches_total_jobs_check`.execute(db);
  await sql`ALTER TABLE batches ADD CONSTRAINT batches_total_jobs_check CHECK (total_jobs BETWEEN 0 AND 100)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM batches WHERE total_jobs = 0`.execute(db);
  await sql`ALTER TABLE batches DROP CONSTRAINT IF EXISTS batches_total_jobs_check`.execute(db);
  await sql`ALTER TABLE batches ADD CONSTRAINT batches_total_jobs_check CHECK (total_jobs BETWEEN 1 AND 100)`.execute(db);
  await db.schema
    .alterTable('batches')
    .dropColumn('source')
    .dropColumn('child_request')
    .dropColumn('quota_reserved')
    .dropColumn('error_code')
    .dropColumn('error_message')
    .execute();
}
