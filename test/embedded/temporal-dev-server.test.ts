/**
 * The embedded Temporal dev server's storage: its SQLite database keeps a write-ahead log, so a
 * commit costs one fsync rather than a rollback journal's three, and what it holds outlives the
 * server (a restart on the same DATA_DIR finds the namespace's workflows again). And its start-up
 * when its port is taken: tried again while the port may come free, then refused with the
 * server's own reason.
 */
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Connection, Client } from '@temporalio/client';
import { runningDevServerAddress, startDevServer, type RunningDevServer } from '../../src/embedded/temporal-dev-server';
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

test('a command-line tool finds the running server where it listens, whatever port its own environment names', async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vd-devserver-'));
  try {
    const port = await freePort();
    const server = await startDevServer({ dataDir, port, uiPort: null, namespace: 'default', cliPath: process.env.TEMPORAL_CLI_PATH, log: () => {} });
    try {
      // The CLI's TEMPORAL_DEV_PORT is its default, not the one the service was started with.
      expect(runningDevServerAddress(dataDir, 7233)).toBe(`127.0.0.1:${port}`);
    } finally {
      await server.stop();
    }
    expect(runningDevServerAddress(dataDir, 7233)).toBeNull();
    expect(fs.readdirSync(path.join(dataDir, 'temporal')).filter((name) => name.startsWith('server.') && name !== 'server.log')).toEqual([]);
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});

/**
 * A listener holding a port of 127.0.0.1, as another program would. It hangs up on whoever
 * connects (the start-up's readiness probe does), so no connection outlives it.
 */
async function holdPort(port: number): Promise<net.Server> {
  const holder = net.createServer((socket) => socket.destroy());
  await new Promise<void>((resolve, reject) => {
    holder.once('error', reject);
    holder.listen(port, '127.0.0.1', () => resolve());
  });
  return holder;
}

describe('a taken port at start-up', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vd-devserver-'));
  });
  afterEach(() => {
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  test('is refused with the server\'s own reason once the start-ups are spent', async () => {
    const port = await freePort();
    const holder = await holdPort(port);
    const logged: string[] = [];
    try {
      const starting = startDevServer({ dataDir, port, uiPort: null, namespace: 'default', cliPath: process.env.TEMPORAL_CLI_PATH, log: (m) => logged.push(m) });
      await expect(starting).rejects.toThrow(`the embedded Temporal server did not start: can't set frontend port ${port}: listen tcp 127.0.0.1:${port}: bind: address already in use`);
    } finally {
      holder.close();
    }
    expect(logged.filter((m) => m.endsWith('; trying again'))).toHaveLength(2);
    expect(fs.existsSync(path.join(dataDir, 'temporal', 'server.pid'))).toBe(false);
  });

  test('is tried again, and the server starts once the port is free', async () => {
    const port = await freePort();
    const holder = await holdPort(port);
    const server = await startDevServer({
      dataDir,
      port,
      uiPort: null,
      namespace: 'default',
      cliPath: process.env.TEMPORAL_CLI_PATH,
      // The first start-up failed: whoever held the port lets go of it.
      log: (m) => m.endsWith('; trying again') && holder.close(),
    });
    try {
      const described = await withClient(server, (client) => client.workflowService.getSystemInfo({}));
      expect(described.serverVersion).toMatch(/^\d+\.\d+/);
    } finally {
      await server.stop();
    }
  });

  test('is tried again when the server names the taken port only at the end of a long error', async () => {
    // The ports the server picks for its own services fail deep in its start-up, in one long
    // chain of causes ending with the bind error; a CLI that always fails so stands in for it.
    const cause = 'listen tcp 127.0.0.1:43017: bind: address already in use';
    const chain = Array.from({ length: 8 }, (_, i) => `could not build arguments for function "go.temporal.io/server/temporal".Provider${i} (/root/go/pkg/mod/go.temporal.io/server@v1.29.1/temporal/fx.go:${800 + i})`).join(': ');
    const cli = path.join(dataDir, 'temporal-cli-failing');
    fs.writeFileSync(cli, `#!/bin/sh\necho 'time=2026-11-26T15:40:00.000Z level=ERROR msg="failed starting server: ${chain.replace(/"/g, '\\"')}: ${cause}"'\nexit 1\n`, { mode: 0o755 });
    const logged: string[] = [];
    const starting = startDevServer({ dataDir, port: await freePort(), uiPort: null, namespace: 'default', cliPath: cli, log: (m) => logged.push(m) });
    await expect(starting).rejects.toThrow(new RegExp(`: ….*${cause} \\(its log: `));
    expect(logged.filter((m) => m.endsWith('; trying again'))).toHaveLength(2);
  });
});
