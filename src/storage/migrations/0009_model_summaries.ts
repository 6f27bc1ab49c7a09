import { type Kysely, sql } from 'kysely';

/**
 * Summaries written by a language model.
 * - model_calls: finished model calls, content-addressed (a hash of provider, model, prompt
 *   version and the exact request). The same call is never paid for twice: a retried activity
 *   reuses the parts it already summarised, and an identical request makes no call at all.
 * - job_summaries gains the tokens each entry cost and who wrote it, so usage reports add them up
 *   with an index rather than by reading every entry's JSON.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('model_calls')
    .addColumn('call_key', 'text', (col) => col.primaryKey())
    .addColumn('output', 'text', (col) => col.notNull())
    .addColumn('input_tokens', 'integer', (col) => col.notNull())
    .addColumn('output_tokens', 'integer', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .alterTable('job_summaries')
    .addColumn('engine', 'text', (col) => col.notNull().defaultTo('extractive'))
    .addColumn('model', 'text')
    .addColumn('input_tokens', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('output_tokens', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('job_summaries').dropColumn('engine').dropColumn('model').dropColumn('input_tokens').dropColumn('output_tokens').execute();
  await db.schema.dropTable('model_calls').execute();
}
