import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // gen_random_uuid() is built in from Postgres 13 on, so no extension is needed.
  await db.schema
    .createTable('users')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('plan', 'text', (c) => c.notNull().check(sql`plan IN ('free', 'pro', 'admin')`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`CREATE UNIQUE INDEX users_email_key ON users (lower(email))`.execute(db);

  await db.schema
    .createTable('api_keys')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('key_hash', 'text', (c) => c.notNull().unique())
    .addColumn('prefix', 'text', (c) => c.notNull())
    .addColumn('last_four', 'text', (c) => c.notNull())
    .addColumn('permissions', sql`text[]`, (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz')
    .addColumn('revoked_at', 'timestamptz')
    .addColumn('last_used_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('api_keys_user_id_idx').on('api_keys').column('user_id').execute();

  await db.schema
    .createTable('jobs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('api_key_id', 'uuid', (c) => c.references('api_keys.id').onDelete('set null'))
    .addColumn('batch_id', 'text')
    .addColumn('video_id', 'text', (c) => c.notNull())
    .addColumn('video_url', 'text', (c) => c.notNull())
    .addColumn('request', 'jsonb', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql`status IN ('queued', 'processing', 'completed', 'failed')`),
    )
    .addColumn('current_step', 'text', (c) => c.notNull())
    .addColumn('progress_percentage', 'integer', (c) =>
      c.notNull().defaultTo(0).check(sql`progress_percentage BETWEEN 0 AND 100`),
    )
    .addColumn('workflow_started', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('error_code', 'text')
    .addColumn('error_message', 'text')
    .addColumn('warnings', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('video_info', 'jsonb')
    .addColumn('processing_time', 'double precision')
    .addColumn('service_name', 'text')
    .addColumn('agent_name', 'text')
    .addColumn('client_reference', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('started_at', 'timestamptz')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('completed_at', 'timestamptz')
    .execute();
  await sql`CREATE INDEX jobs_user_created_idx ON jobs (user_id, created_at DESC, id DESC)`.execute(db);
  await sql`CREATE INDEX jobs_user_status_created_idx ON jobs (user_id, status, created_at DESC, id DESC)`.execute(db);
  await sql`CREATE INDEX jobs_unstarted_idx ON jobs (created_at) WHERE NOT workflow_started AND status = 'queued'`.execute(db);
  await sql`CREATE INDEX jobs_batch_idx ON jobs (batch_id) WHERE batch_id IS NOT NULL`.execute(db);

  await db.schema
    .createTable('job_transcripts')
    .addColumn('job_id', 'text', (c) => c.primaryKey().references('jobs.id').onDelete('cascade'))
    .addColumn('transcript', 'jsonb', (c) => c.notNull())
    .addColumn('truncated', 'boolean', (c) => c.notNull())
    .addColumn('word_count', 'integer', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('job_summaries')
    .addColumn('job_id', 'text', (c) => c.notNull().references('jobs.id').onDelete('cascade'))
    .addColumn('mode', 'text', (c) => c.notNull())
    .addColumn('entry', 'jsonb', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('job_summaries_pkey', ['job_id', 'mode'])
    .execute();

  await db.schema
    .createTable('transcript_cache')
    .addColumn('video_id', 'text', (c) => c.notNull())
    .addColumn('requested_language', 'text', (c) => c.notNull())
    .addColumn('transcript', 'jsonb', (c) => c.notNull())
    .addColumn('fetched_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('transcript_cache_pkey', ['video_id', 'requested_language'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['transcript_cache', 'job_summaries', 'job_transcripts', 'jobs', 'api_keys', 'users']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
