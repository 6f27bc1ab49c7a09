/**
 * The embedded Postgres (the default without DATABASE_URL) that cannot start says why, in the
 * error the service logs and exits with: what Postgres wrote last, not only "exited with 1" and
 * the path of a log someone must then go and read.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openEmbeddedPostgres } from '../../src/storage/embedded-postgres';

jest.setTimeout(120_000);

test('a cluster that will not start is refused with what Postgres said', async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vd-embedded-pg-'));
  // As root the server runs as the postgres user, which must reach DATA_DIR.
  fs.chmodSync(dataDir, 0o755);
  try {
    const first = await openEmbeddedPostgres(dataDir, { mode: 'host' });
    await first.close();
    fs.appendFileSync(path.join(dataDir, 'postgres', 'cluster', 'postgresql.conf'), "\nshared_buffers = 'nonsense'\n");

    const failure = await openEmbeddedPostgres(dataDir, { mode: 'host' }).then(
      async (opened) => {
        await opened.close();
        return null;
      },
      (error: Error) => error.message,
    );
    expect(failure).toContain('the embedded Postgres did not start: LOG: invalid value for parameter "shared_buffers": "nonsense"; FATAL: configuration file');
    expect(failure).toContain(`(its log: ${path.join(dataDir, 'postgres', 'server.log')})`);
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
