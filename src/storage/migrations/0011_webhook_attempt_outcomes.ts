import { type Kysely, sql } from 'kysely';

/**
 * The webhook delivery log stops being a port scanner: a user chooses the target, so what it
 * records of an attempt is only delivered, failed with the HTTP status, or no response, never
 * why a connection failed nor how long anything took.
 * - webhook_attempts.outcome replaces what the error text and duration_seconds told apart; the
 *   timing goes, and the errors already recorded are rewritten to the one sentence kept now.
 * - webhook_deliveries.first_sent_at: when a delivery's first request went out, which is what
 *   WEBHOOK_DELIVERIES_PER_HOUR counts per user.
 */
const NO_RESPONSE_ERROR = 'no response (could not connect, or no answer in time)';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('webhook_attempts').addColumn('outcome', 'text').execute();
  await sql`
    UPDATE webhook_attempts SET outcome = CASE
      WHEN delivered THEN 'delivered'
      WHEN status_code IS NOT NULL THEN 'http_error'
      ELSE 'no_response' END`.execute(db);
  await sql`UPDATE webhook_attempts SET error = ${NO_RESPONSE_ERROR} WHERE outcome = 'no_response'`.execute(db);
  await sql`
    ALTER TABLE webhook_attempts
      ALTER COLUMN outcome SET NOT NULL,
      ADD CONSTRAINT webhook_attempts_outcome_check CHECK (outcome IN ('delivered', 'http_error', 'no_response', 'not_sent')),
      DROP COLUMN duration_seconds`.execute(db);
  await sql`
    UPDATE webhook_deliveries AS d SET last_error = a.error
    FROM webhook_attempts AS a
    WHERE a.delivery_id = d.id AND a.attempt = d.attempts AND a.outcome = 'no_response'`.execute(db);

  await db.schema.alterTable('webhook_deliveries').addColumn('first_sent_at', 'timestamptz').execute();
  await sql`
    UPDATE webhook_deliveries AS d SET first_sent_at = first.at
    FROM (SELECT delivery_id, min(attempted_at) AS at FROM webhook_attempts GROUP BY delivery_id) AS first
    WHERE first.delivery_id = d.id`.execute(db);
  await sql`CREATE INDEX webhook_deliveries_user_sent_idx ON webhook_deliveries (user_id, first_sent_at) WHERE first_sent_at IS NOT NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS webhook_deliveries_user_sent_idx`.execute(db);
  await db.schema.alterTable('webhook_deliveries').dropColumn('first_sent_at').execute();
  await sql`DELETE FROM webhook_attempts WHERE outcome = 'not_sent'`.execute(db);
  await sql`
    ALTER TABLE webhook_attempts
      DROP COLUMN outcome,
      ADD COLUMN duration_seconds double precision NOT NULL DEFAULT 0`.execute(db);
}
