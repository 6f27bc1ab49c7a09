import { type Kysely, sql } from 'kysely';

/**
 * The proxy pool YouTube requests may go through (use_proxy). Credentials are kept apart from
 * the URL so the URL can be shown; the password is stored as given, because it must be
 * presented to the proxy, and is never echoed by the API.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('proxies')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    // scheme://host:port, nothing else: no credentials, path or query.
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('username', 'text')
    .addColumn('password', 'text')
    .addColumn('label', 'text')
    .addColumn('enabled', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('last_checked_at', 'timestamptz')
    .addColumn('last_ok', 'boolean')
    .addColumn('last_error', 'text')
    .addColumn('consecutive_failures', 'integer', (c) => c.notNull().defaultTo(0))
    // Set when the proxy failed at the connection level; calls skip it until then.
    .addColumn('cooldown_until', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // One entry per proxy and account on it.
  await sql`CREATE UNIQUE INDEX proxies_url_username_key ON proxies (url, coalesce(username, ''))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('proxies').ifExists().execute();
}
