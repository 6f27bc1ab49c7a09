import { type Kysely, sql } from 'kysely';

/**
 * Files a job produces beside its JSON result (the infographic's PNG and SVG), and the comments
 * it read.
 * - job_artifacts: one row per file. The bytes live in the artifact store (a directory under
 *   DATA_DIR, or an S3 bucket); the row says where, and carries the ETag the API serves, so a
 *   conditional GET never touches the store.
 * - job_comments: the top comments as read for the job, kept apart from the jobs row so the hot
 *   status queries never carry them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('job_artifacts')
    .addColumn('job_id', 'text', (col) => col.notNull().references('jobs.id').onDelete('cascade'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('storage_key', 'text', (col) => col.notNull())
    .addColumn('content_type', 'text', (col) => col.notNull())
    .addColumn('byte_size', 'integer', (col) => col.notNull())
    .addColumn('sha256', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('job_artifacts_pkey', ['job_id', 'name'])
    .execute();
  await db.schema
    .createTable('job_comments')
    .addColumn('job_id', 'text', (col) => col.primaryKey().references('jobs.id').onDelete('cascade'))
    .addColumn('comments', 'jsonb', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('job_comments').execute();
  await db.schema.dropTable('job_artifacts').execute();
}
