import { type Kysely, sql } from 'kysely';

/** Webhook signing secrets per user, and the monthly quota counters. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('webhook_secret', 'text').execute();

  // One row per user and calendar month; the quota check is an atomic increment of this row.
  await db.schema
    .createTable('usage_periods')
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('period_start', 'date', (c) => c.notNull())
    .addColumn('videos_accepted', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('usage_periods_pkey', ['user_id', 'period_start'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('usage_periods').ifExists().execute();
  await db.schema.alterTable('users').dropColumn('webhook_secret').execute();
}
