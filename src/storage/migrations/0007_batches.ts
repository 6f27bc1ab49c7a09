import { type Kysely, sql } from 'kysely';

/**
 * Batches (docs/api-behaviour.md#batches): one row per accepted batch; its videos are ordinary rows
 * in `jobs` carrying `batch_id`. `job_ids` keeps the order the videos were sent in.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('batches')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('api_key_id', 'uuid', (c) => c.references('api_keys.id').onDelete('set null'))
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql`status IN ('processing', 'completed', 'partial_failure', 'failed')`),
    )
    .addColumn('total_jobs', 'integer', (c) => c.notNull().check(sql`total_jobs BETWEEN 1 AND 100`))
    .addColumn('job_ids', sql`text[]`, (c) => c.notNull())
    .addColumn('webhook_url', 'text')
    .addColumn('priority', 'text', (c) => c.notNull().defaultTo('normal').check(sql`priority IN ('normal', 'high')`))
    .addColumn('parallel_processing', 'boolean')
    // Set once Temporal has accepted the parent workflow; the reconciler starts the rest.
    .addColumn('workflow_started', 'boolean', (c) => c.notNull().defaultTo(false))
    // Counts frozen when the batch ends (while it runs they come from its jobs).
    .addColumn('successful_jobs', 'integer')
    .addColumn('failed_jobs', 'integer')
    // The batch.completed delivery, once scheduled.
    .addColumn('webhook_delivery_id', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('completed_at', 'timestamptz')
    .execute();
  await sql`CREATE INDEX batches_user_created_idx ON batches (user_id, created_at DESC, id DESC)`.execute(db);
  await sql`CREATE INDEX batches_user_status_created_idx ON batches (user_id, status, created_at DESC, id DESC)`.execute(db);
  await sql`CREATE INDEX batches_unstarted_idx ON batches (created_at) WHERE NOT workflow_started AND status = 'processing'`.execute(db);
  // A child always names a batch that exists (jobs.batch_id was a bare column until now).
  await sql`ALTER TABLE jobs ADD CONSTRAINT jobs_batch_id_fkey FOREIGN KEY (batch_id) REFERENCES batches (id) ON DELETE CASCADE`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE jobs DROP CONSTRAINT IF EXISTS jobs_batch_id_fkey`.execute(db);
  await db.schema.dropTable('batches').ifExists().execute();
}
