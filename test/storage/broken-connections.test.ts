/**
 * A database connection that breaks while the service holds it (Postgres restarted or killed
 * under it) fails what ran on it and is replaced; it never takes the process down.
 */
import { sql } from 'kysely';
import { createTestDatabase, type TestDatabase } from '../support/infrastructure';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database.drop();
});

it('survives the server ending a connection the service has borrowed, and serves the next query', async () => {
  const { db } = database;
  const outcome = await db
    .connection()
    .execute(async (borrowed) => {
      const { rows } = await sql<{ pid: number }>`SELECT pg_backend_pid() AS pid`.execute(borrowed);
      // Ended from another connection, as a server shutdown ends every backend; the borrowed
      // client is between queries, so the break reaches it as an 'error' event, not a rejection.
      await sql`SELECT pg_terminate_backend(${rows[0]!.pid})`.execute(db);
      await new Promise((resolve) => setTimeout(resolve, 200));
      return sql`SELECT 1`.execute(borrowed);
    })
    .then(
      () => 'answered',
      (error: Error) => error.message,
    );
  expect(outcome).not.toBe('answered');

  const { rows } = await sql<{ one: number }>`SELECT 1 AS one`.execute(db);
  expect(rows).toEqual([{ one: 1 }]);
});
