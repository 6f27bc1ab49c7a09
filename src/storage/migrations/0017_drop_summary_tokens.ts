import { type Kysely, sql } from 'kysely';

/**
 * job_summaries loses input_tokens and output_tokens. The usage reports read the ledger of model
 * calls (model_usage, 0015) and no code reads these columns; each summary's own tokens stay in
 * its entry's generator, which the result shows.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE job_summaries DROP COLUMN input_tokens, DROP COLUMN output_tokens`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE job_summaries ADD COLUMN input_tokens integer NOT NULL DEFAULT 0, ADD COLUMN output_tokens integer NOT NULL DEFAULT 0`.execute(db);
}
