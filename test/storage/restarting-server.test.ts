/**
 * A Postgres that is starting again (a crash and its supervisor's restart, a failover) is waited
 * for, within the connection deadline: a query asked for meanwhile is answered once the server is
 * back, rather than failing at once; past the deadline it fails as before.
 */
import { sql } from 'kysely';
import { openDatabase, type DatabaseHandle } from '../../src/storage/database';
import { createTestDatabase, type TestDatabase } from '../support/infrastructure';
import { startTcpProxy, type TcpProxy } from '../support/tcp-proxy';

let database: TestDatabase;
let proxy: TcpProxy;
const opened: DatabaseHandle[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  const url = new URL(database.url);
  proxy = await startTcpProxy({ host: url.hostname, port: Number(url.port || 5432) });
});

afterAll(async () => {
  await Promise.all(opened.map((handle) => handle.close()));
  await proxy.close();
  await database.drop();
});

/** The test database, reached through the proxy, with `timeoutMs` as DATABASE_QUERY_TIMEOUT_MS. */
async function throughProxy(timeoutMs: number): Promise<DatabaseHandle> {
  const url = new URL(database.url);
  url.hostname = proxy.host;
  url.port = String(proxy.port);
  const handle = await openDatabase({ databaseUrl: url.toString(), dataDir: '/nonexistent', poolSize: 2, queryTimeoutMs: timeoutMs, migrate: false });
  opened.push(handle);
  return handle;
}

/** The server gone, and the pool's idle connections seen to end (a query already on one fails: it may have run). */
async function serverGoesDown(): Promise<void> {
  await proxy.goDown();
  await new Promise((resolve) => setTimeout(resolve, 200));
}

const one = (handle: DatabaseHandle) => sql<{ one: number }>`SELECT 1 AS one`.execute(handle.db).then(({ rows }) => rows);

it('answers a query asked for while the server is down once it is back within the deadline', async () => {
  const handle = await throughProxy(5_000);
  await expect(one(handle)).resolves.toEqual([{ one: 1 }]);

  await serverGoesDown();
  const asked = one(handle);
  await new Promise((resolve) => setTimeout(resolve, 800));
  await proxy.comeUp();
  await expect(asked).resolves.toEqual([{ one: 1 }]);
});

it('fails a query whose server stays down past the deadline, with the refusal', async () => {
  const handle = await throughProxy(1_000);
  await expect(one(handle)).resolves.toEqual([{ one: 1 }]);

  await serverGoesDown();
  try {
    await expect(one(handle)).rejects.toMatchObject({ code: 'ECONNREFUSED' });
  } finally {
    await proxy.comeUp();
  }
  await expect(one(handle)).resolves.toEqual([{ one: 1 }]);
});
