import { type Kysely, sql } from 'kysely';

/**
 * Webhook deliveries (docs/api-behaviour.md#webhooks): one row per event sent to a URL, and one row
 * per HTTP attempt at it. The delivery's id is its `webhook-id` header and its workflow's id.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('webhook_deliveries')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // Scheduling the same event twice (a retried activity) finds the first delivery.
    .addColumn('idempotency_key', 'text', (c) => c.notNull().unique())
    .addColumn('event_type', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('job_id', 'text', (c) => c.references('jobs.id').onDelete('cascade'))
    .addColumn('batch_id', 'text')
    // The exact bytes every attempt sends, so each attempt is signed over the same body.
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending').check(sql`status IN ('pending', 'delivered', 'failed')`))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('max_attempts', 'integer', (c) => c.notNull())
    .addColumn('last_attempt_at', 'timestamptz')
    .addColumn('last_status_code', 'integer')
    .addColumn('last_error', 'text')
    .addColumn('next_attempt_at', 'timestamptz')
    .addColumn('delivered_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`CREATE INDEX webhook_deliveries_job_idx ON webhook_deliveries (job_id, created_at) WHERE job_id IS NOT NULL`.execute(db);
  await sql`CREATE INDEX webhook_deliveries_batch_idx ON webhook_deliveries (batch_id, created_at) WHERE batch_id IS NOT NULL`.execute(db);

  await db.schema
    .createTable('webhook_attempts')
    .addColumn('delivery_id', 'text', (c) => c.notNull().references('webhook_deliveries.id').onDelete('cascade'))
    .addColumn('attempt', 'integer', (c) => c.notNull())
    .addColumn('attempted_at', 'timestamptz', (c) => c.notNull())
    .addColumn('status_code', 'integer')
    .addColumn('error', 'text')
    .addColumn('duration_seconds', 'double precision', (c) => c.notNull())
    .addColumn('delivered', 'boolean', (c) => c.notNull())
    .addPrimaryKeyConstraint('webhook_attempts_pkey', ['delivery_id', 'attempt'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('webhook_attempts').ifExists().execute();
  await db.schema.dropTable('webhook_deliveries').ifExists().execute();
}
