/**
 * Real Postgres, Redis and Temporal for tests. Each test file gets its own database (created
 * from TEST_DATABASE_URL), its own Redis key space and its own task queue.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { Client as PgClient } from 'pg';
import { openDatabase, type DatabaseHandle } from '../../src/storage/database';

export function requireEnv(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run the suite with \`npm test\` (scripts/test.sh provides Postgres and Redis)`);
  return value;
}

export const uniqueName = (prefix: string) => `${prefix}_${randomBytes(6).toString('hex')}`;

export interface TestDatabase extends DatabaseHandle {
  url: string;
  drop(): Promise<void>;
}

/** A fresh, migrated database on the real Postgres server. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const adminUrl = requireEnv('TEST_DATABASE_URL');
  const name = uniqueName('vd_test');
  const admin = new PgClient({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString(), dataDir: '/nonexistent', poolSize: 10 });
  return {
    ...handle,
    url: url.toString(),
    drop: async () => {
      await handle.close();
      const client = new PgClient({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

export function temporalAddress(): string {
  return requireEnv('TEST_TEMPORAL_ADDRESS');
}

export function workflowBundle(): { code: string } {
  return { code: fs.readFileSync(requireEnv('TEST_WORKFLOW_BUNDLE'), 'utf8') };
}
