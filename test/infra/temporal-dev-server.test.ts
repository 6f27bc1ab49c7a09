/**
 * The embedded Temporal dev server's storage: its SQLite database keeps a write-ahead log, so a
 * commit costs one fsync rather than a rollback journal's three, and what it holds outlives the
 * server (a restart on the same DATA_DIR finds the namespace's workflows again).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Connection, Client } from '@temporalio/client';
import { startDevServer, type RunningDevServer } from '../../src/infra/temporal-dev-server';
import { freePort } from '../support/ports';

jest.setTimeout(120_000);

/** Bytes 18 and 19 of an SQLite file: its write and read format versions, 2 for a write-ahead log, 1 for a rollback journal. */
function sqliteFormatVersions(file: string): [number, number] {
  const header = Buffer.alloc(20);
  const fd = fs.openSync(file, 'r');
  try {
    fs.readSync(fd, header, 0, 20, 0);
  } finally {
    fs.closeSync(fd);
  }
  return [header[18]!, header[19]!];
}

/** A client of `server` for the length of `use`. */
async function withClient<T>(server: RunningDevServer, use: (client: Client) => Promise<T>): Promise<T> {
  const connection = await Connection.connect({ address: server.address });
  try {
    return await use(new Client({ connection, namespace: 'default' }));
  } finally {
    await connection.close();
  }
}

test('the dev server keeps its database in write-ahead-log mode, and what it stored survives a restart', async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vd-devserver-'));
  const start = async () =>
    startDevServer({ dataDir, port: await freePort(), uiPort: null, namespace: 'default', cliPath: process.env.TEMPORAL_CLI_PATH, log: () => {} });
  const workflowId = 'dev-server-storage-check';
  try {
    let server = await start();
    try {
      // No worker serves this queue: the workflow simply waits, recorded in the database.
      await withClient(server, (client) => client.workflow.start('nobodyRunsThis', { taskQueue: 'dev-server-storage-check', workflowId, args: [] }));
    } finally {
      await server.stop();
    }

    expect(sqliteFormatVersions(path.join(dataDir, 'temporal', 'dev.db'))).toEqual([2, 2]);

    server = await start();
    try {
      const described = await withClient(server, (client) => client.workflow.getHandle(workflowId).describe());
      expect(described.status.name).toBe('RUNNING');
    } finally {
      await server.stop();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
