/**
 * A connection asked for while Postgres is starting again waits for it, within the connection
 * deadline, rather than failing at once. The embedded server's supervisor starts it again within
 * a second or two of a crash, and a server elsewhere restarts or fails over the same way: without
 * this, every request arriving in that window got 503 although an answer was a moment away. A
 * query already running when the server went is not retried: it may have done its work.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { PostgresPool, PostgresPoolClient } from 'kysely';
import type { Pool } from 'pg';

/** How often a refused connection is tried again. */
const RETRY_EVERY_MS = 100;

/**
 * What a restarting server answers: nothing listening (TCP or its Unix socket), the connection cut
 * during the handshake, or "the database system is starting up" (57P03).
 */
const STARTING_AGAIN = new Set(['ECONNREFUSED', 'ENOENT', 'ECONNRESET', '57P03']);

export function connectingThroughRestarts(pool: Pool, deadlineMs: number): PostgresPool {
  return {
    async connect(): Promise<PostgresPoolClient> {
      const giveUpAt = Date.now() + deadlineMs;
      for (;;) {
        try {
          return await pool.connect();
        } catch (error) {
          if (!STARTING_AGAIN.has((error as { code?: string }).code ?? '') || Date.now() + RETRY_EVERY_MS >= giveUpAt) throw error;
          await sleep(RETRY_EVERY_MS);
        }
      }
    },
    end: () => pool.end(),
  };
}
