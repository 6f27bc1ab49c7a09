/**
 * The embedded servers outlive a crash of their own: Postgres or Temporal's dev server killed
 * under the running service is started again on the same data, and its clients carry on. A
 * server stopped on purpose stays stopped.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client, Connection } from '@temporalio/client';
import { Pool } from 'pg';
import { openEmbeddedPostgres } from '../../src/storage/embedded-postgres';
import { startDevServer } from '../../src/embedded/temporal-dev-server';
import { isProcessAlive } from '../../src/embedded/pid-lock';
import { exitOf, superviseServer, type ChildServer } from '../../src/embedded/supervise-server';
import { freePort } from '../support/ports';

jest.setTimeout(120_000);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Calls `attempt` until it succeeds or `ms` have passed; its last failure otherwise. */
async function eventually<T>(attempt: () => Promise<T>, ms = 60_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    try {
      return await attempt();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await sleep(200);
    }
  }
}

function pidIn(file: string): number {
  return Number.parseInt(fs.readFileSync(file, 'utf8').split('\n')[0] ?? '', 10);
}

function tempDataDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  // As root the database runs as the postgres user, which must reach DATA_DIR.
  fs.chmodSync(dir, 0o755);
  return dir;
}

test('the embedded Postgres killed under its host is started again on the same cluster, and a pool carries on', async () => {
  const dataDir = tempDataDir('vd-supervise-pg-');
  const warnings: string[] = [];
  const database = await openEmbeddedPostgres(dataDir, { mode: 'host', warn: (message) => warnings.push(message) });
  const pool = new Pool({ ...database.poolConfig, max: 2 });
  // As the service's pool: an idle connection whose server went away is dropped, not thrown.
  pool.on('error', () => {});
  const pidFile = path.join(dataDir, 'postgres', 'cluster', 'postmaster.pid');
  try {
    await pool.query('CREATE TABLE kept (id int)');
    await pool.query('INSERT INTO kept VALUES (1)');
    const killed = pidIn(pidFile);
    process.kill(killed, 'SIGKILL');
    await eventually(async () => {
      if (!warnings.some((warning) => warning.includes('running again'))) throw new Error('not restarted yet');
    });

    // Crash recovery replays the WAL: the committed row is there after the restart. (The pool
    // drops the connections whose backends ended with the old server.)
    const rows = await eventually(async () => (await pool.query<{ id: number }>('SELECT id FROM kept')).rows);
    expect(rows).toEqual([{ id: 1 }]);
    expect(pidIn(pidFile)).not.toBe(killed);
    expect(warnings[0]).toBe('the embedded Postgres was stopped (SIGKILL) unexpectedly; starting it again');
    expect(warnings.at(-1)).toMatch(/^the embedded Postgres is running again \(start attempt \d+\)$/);
  } finally {
    await pool.end();
    await database.close();
  }
  // Closed on purpose: no restart brings it back.
  await sleep(1_500);
  expect(fs.existsSync(pidFile)).toBe(false);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

test('the embedded Temporal dev server killed under the service is started again with its workflows', async () => {
  const dataDir = tempDataDir('vd-supervise-temporal-');
  const warnings: string[] = [];
  const server = await startDevServer({
    dataDir,
    port: await freePort(),
    uiPort: null,
    namespace: 'default',
    cliPath: process.env.TEMPORAL_CLI_PATH,
    log: () => {},
    warn: (message) => warnings.push(message),
  });
  const pidFile = path.join(dataDir, 'temporal', 'server.pid');
  const workflowId = 'supervised-dev-server-check';
  let killed = 0;
  try {
    const connection = await Connection.connect({ address: server.address });
    const client = new Client({ connection, namespace: 'default' });
    try {
      // Nobody serves this queue: the workflow simply waits, kept in the server's database.
      await client.workflow.start('nobodyRunsThis', { taskQueue: 'supervised-dev-server-check', workflowId, args: [] });
      killed = pidIn(pidFile);
      process.kill(killed, 'SIGKILL');
      // The same connection, reconnecting on its own, finds the workflow on the restarted server.
      await eventually(async () => {
        if (!warnings.some((warning) => warning.includes('running again'))) throw new Error('not restarted yet');
      });
      const described = await eventually(() => client.workflow.getHandle(workflowId).describe());
      expect(described.status.name).toBe('RUNNING');
    } finally {
      await connection.close();
    }
    expect(pidIn(pidFile)).not.toBe(killed);
    expect(warnings[0]).toBe('the embedded Temporal dev server was stopped (SIGKILL) unexpectedly; starting it again');
    expect(warnings.at(-1)).toMatch(/^the embedded Temporal dev server is running again \(start attempt \d+\)$/);
  } finally {
    await server.stop();
  }
  await sleep(1_500);
  expect(fs.existsSync(pidFile)).toBe(false);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('superviseServer', () => {
  /** A real process standing in for a server: it runs until killed. */
  function sleeper(): ChildServer & { pid: number } {
    const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
    const exited = exitOf(child);
    return {
      pid: child.pid!,
      exited,
      stop: async () => {
        child.kill('SIGTERM');
        await exited;
      },
    };
  }

  it('tries a failing start again, backing off, until one works', async () => {
    const warnings: string[] = [];
    const first = sleeper();
    let starts = 0;
    let second: (ChildServer & { pid: number }) | null = null;
    const supervised = superviseServer(
      first,
      async () => {
        starts += 1;
        if (starts < 3) throw new Error(`start ${starts} failed`);
        second = sleeper();
        return second;
      },
      { name: 'sleeper', warn: (message) => warnings.push(message), firstBackoffMs: 50 },
    );
    process.kill(first.pid, 'SIGKILL');
    await eventually(async () => {
      if (!second) throw new Error('not yet');
    }, 10_000);
    expect(warnings).toEqual([
      'the embedded sleeper was stopped (SIGKILL) unexpectedly; starting it again',
      'the embedded sleeper could not be started again (start 1 failed); trying again in 0.05 s',
      'the embedded sleeper could not be started again (start 2 failed); trying again in 0.1 s',
      'the embedded sleeper is running again (start attempt 3)',
    ]);
    await supervised.stop();
    expect(isProcessAlive(second!.pid)).toBe(false);
  });

  it('ends its attempts when stopped, and never restarts a server it stopped', async () => {
    const warnings: string[] = [];
    const first = sleeper();
    let starts = 0;
    const supervised = superviseServer(
      first,
      async () => {
        starts += 1;
        throw new Error('no luck');
      },
      { name: 'sleeper', warn: (message) => warnings.push(message), firstBackoffMs: 60_000 },
    );
    process.kill(first.pid, 'SIGKILL');
    await eventually(async () => {
      if (starts === 0) throw new Error('not yet');
    }, 10_000);
    // Stopping does not wait out the minute's pause before the next attempt.
    const stopped = Date.now();
    await supervised.stop();
    expect(Date.now() - stopped).toBeLessThan(5_000);
    expect(starts).toBe(1);

    const other = sleeper();
    const quiet = superviseServer(other, async () => sleeper(), { name: 'sleeper', warn: (message) => warnings.push(message) });
    await quiet.stop();
    await sleep(200);
    expect(warnings.filter((w) => w.includes('running again'))).toEqual([]);
  });
});
