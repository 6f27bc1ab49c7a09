import { type Kysely, sql } from 'kysely';

/**
 * job_summaries gains the tokens of the model calls each entry's writing actually sent to the
 * provider. An entry's input_tokens/output_tokens (its generator's) count every call behind it,
 * those served from the model call cache included, so when a long transcript's part notes are
 * shared by several modes every mode counted them, and the usage reports summed them several
 * times. The reports sum these columns instead: each call once, by the summary that made it.
 * Rows written before this have none (NULL) and the reports read their input/output tokens, as
 * before, so past usage does not change; a nullable column is added without rewriting the table.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE job_summaries ADD COLUMN billed_input_tokens integer, ADD COLUMN billed_output_tokens integer`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE job_summaries DROP COLUMN billed_input_tokens, DROP COLUMN billed_output_tokens`.execute(db);
}
