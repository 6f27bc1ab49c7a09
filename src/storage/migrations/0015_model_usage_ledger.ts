import { type Kysely, sql } from 'kysely';

/**
 * model_usage: a row for every call the service made to a language model, with the job it was
 * made for and the tokens the provider reported. The usage reports sum it, so they count what
 * the provider received, each call once, whatever became of the call's answer.
 *
 * Before, each summary stored the tokens of the calls its own writing made (0014), and the reports
 * summed those. A summary step that failed partway (a provider's 429 on one mode) lost its saved
 * calls' tokens: its retry took those calls from the model call cache and counted them 0, so a job
 * with one rate-limited mode reported the tokens of that one call alone.
 *
 * The rows of summaries written before are carried over, one per summary at its tokens (as the
 * reports counted them), and the columns of 0014 go.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('model_usage')
    .addColumn('job_id', 'text', (col) => col.notNull().references('jobs.id').onDelete('cascade'))
    // The job's owner, kept here so that the reports read one index range per user and period.
    .addColumn('user_id', 'text', (col) => col.notNull())
    .addColumn('model', 'text', (col) => col.notNull())
    .addColumn('input_tokens', 'integer', (col) => col.notNull())
    .addColumn('output_tokens', 'integer', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`CREATE INDEX model_usage_user_created_idx ON model_usage (user_id, created_at) INCLUDE (model, input_tokens, output_tokens)`.execute(db);
  await sql`CREATE INDEX model_usage_job_idx ON model_usage (job_id)`.execute(db);
  await sql`
    INSERT INTO model_usage (job_id, user_id, model, input_tokens, output_tokens, created_at)
    SELECT s.job_id, j.user_id, coalesce(s.model, ''), coalesce(s.billed_input_tokens, s.input_tokens), coalesce(s.billed_output_tokens, s.output_tokens), s.created_at
    FROM job_summaries s JOIN jobs j ON j.id = s.job_id
    WHERE s.engine = 'llm' AND coalesce(s.billed_input_tokens, s.input_tokens) + coalesce(s.billed_output_tokens, s.output_tokens) > 0`.execute(db);
  await sql`ALTER TABLE job_summaries DROP COLUMN billed_input_tokens, DROP COLUMN billed_output_tokens`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE job_summaries ADD COLUMN billed_input_tokens integer, ADD COLUMN billed_output_tokens integer`.execute(db);
  await db.schema.dropTable('model_usage').execute();
}
