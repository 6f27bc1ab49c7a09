import { type Kysely, sql } from 'kysely';

/**
 * Transcripts are stored, and read back, whole: nothing queries inside them. As `jsonb`, a 10 MB
 * transcript is parsed into a binary tree on every write (in the backend that does it, memory many
 * times the value's size)
 * and printed back to text on every read. `json` keeps the text as sent, validated, so writes need
 * little more memory than the value and reads hand the text straight back.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of ['job_transcripts', 'transcript_cache']) {
    await sql`ALTER TABLE ${sql.table(table)} ALTER COLUMN transcript TYPE json USING transcript::json`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['job_transcripts', 'transcript_cache']) {
    await sql`ALTER TABLE ${sql.table(table)} ALTER COLUMN transcript TYPE jsonb USING transcript::jsonb`.execute(db);
  }
}
