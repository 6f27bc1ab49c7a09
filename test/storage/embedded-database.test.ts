/**
 * The embedded default database on its own: a real Postgres server under DATA_DIR/postgres, a
 * second opener reaching it through the host's socket.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { openDatabase, type DatabaseHandle } from '../../src/storage/database';

const opened: DatabaseHandle[] = [];
let dataDir: string;

beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vd-embedded-db-'));
  // As root the server runs as the postgres user, which must be able to reach DATA_DIR.
  fs.chmodSync(dataDir, 0o755);
});

afterEach(async () => {
  for (const handle of opened.splice(0)) await handle.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function open(mode: 'host' | 'host-or-client' = 'host'): Promise<DatabaseHandle> {
  const handle = await openDatabase({ dataDir, poolSize: 4, embeddedMode: mode });
  opened.push(handle);
  return handle;
}

it('runs a real Postgres server under DATA_DIR that a second opener reaches through the socket', async () => {
  const host = await open();
  expect(host.kind).toBe('embedded');
  const { rows } = await sql<{ version: string }>`SELECT version()`.execute(host.db);
  expect(rows[0]!.version).toMatch(/^PostgreSQL \d+/);
  expect(fs.existsSync(path.join(dataDir, 'postgres', 'cluster', 'PG_VERSION'))).toBe(true);

  // Concurrent transactions and parameterized reads on many connections.
  const client = await open('host-or-client');
  await Promise.all(
    Array.from({ length: 20 }, (_, i) =>
      i % 2 === 0
        ? client.db.transaction().execute(async (tx) => {
            await tx.insertInto('users').values({ email: `u${i}@example.com`, plan: 'free' }).execute();
            await sql`SELECT pg_sleep(0.01)`.execute(tx);
          })
        : client.db.selectFrom('users').selectAll().where('email', '=', `u${i - 1}@example.com`).execute(),
    ),
  );
  const count = await host.db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  expect(Number(count.n)).toBe(10);
});

it('closes its connections to the embedded server soon after they go idle, so an idle service keeps no backend', async () => {
  const service = await open();
  // Several connections busy at once, as under load, then nothing.
  await Promise.all(Array.from({ length: 4 }, () => sql`SELECT pg_sleep(0.05)`.execute(service.db)));
  const backendsOfOthers = async (observer: DatabaseHandle) => {
    const { rows } = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM pg_stat_activity
      WHERE backend_type = 'client backend' AND pid <> pg_backend_pid()`.execute(observer.db);
    return rows[0]!.n;
  };
  // The observer's own pool holds one connection: the one asking.
  const observer = await open('host-or-client');
  expect(await backendsOfOthers(observer)).toBeGreaterThanOrEqual(4);

  // The idle service polls every few seconds (its email outbox every 5 s): connections must not
  // outlive a pause that short, or one backend process stays for good.
  await new Promise((resolve) => setTimeout(resolve, 3_500));
  expect(await backendsOfOthers(observer)).toBe(0);
});
