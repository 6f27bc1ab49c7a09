/**
 * A real PostgreSQL server as a child process, its cluster under a directory of ours, reachable
 * only through a Unix socket in a private directory (no TCP port to collide with, nothing exposed
 * on the network). The embedded default database runs on it.
 *
 * - First start: initdb creates the cluster (about a second).
 * - A server left running by a process that was killed with SIGKILL is stopped before ours starts;
 *   a stale postmaster.pid whose process is gone is removed.
 * - The child runs in its own process group, so a Ctrl-C in the terminal reaches only the service,
 *   which drains and then stops the server itself.
 * - Postgres refuses to run as root: as root, it runs as the `postgres` system user, created when
 *   missing, which owns the cluster and socket directories.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { Client } from 'pg';
import { isProcessAlive } from './pid-lock';
import { locatePostgresBinaries, type PostgresBinaries } from './postgres-binaries';
import { openServerLog, serverLogSince } from './server-log';
import { describeExit, exitOf } from './supervise-server';

const execFileAsync = promisify(execFile);

/** Inside a private socket directory the port only names the socket file (.s.PGSQL.5432). */
export const SOCKET_PORT = 5432;
const SUPERUSER = 'postgres';

export interface PostgresServerOptions {
  /** The cluster's data directory. */
  clusterDir: string;
  /** Where the server's Unix socket lives. */
  socketDir: string;
  logFile: string;
  log: (message: string) => void;
  startTimeoutMs?: number;
  /** Create the cluster when there is none (default). A restart in place never creates one. */
  initIfMissing?: boolean;
}

export interface RunningPostgresServer {
  /** For `pg`: host is the socket directory. */
  connection: { host: string; port: number; user: string; database: string };
  /** Settles when the server process has ended, saying how (src/embedded/supervise-server.ts). */
  exited: Promise<string>;
  stop(): Promise<void>;
}

/**
 * Server settings passed on the command line, so a change here takes effect on the next start
 * whatever the cluster's postgresql.conf says. Sized for one machine running the whole service:
 * the pools of one API and one worker process, the CLI, and headroom.
 */
const SERVER_SETTINGS: Record<string, string> = {
  listen_addresses: '',
  unix_socket_permissions: '0700',
  max_connections: '100',
  // The service's working set is small rows plus a few large jsonb values read once per job; the
  // OS page cache holds what does not fit. Every server process maps the buffers and holds those
  // it has touched, so a small pool keeps each of them, and the idle cluster, small.
  shared_buffers: '16MB',
  // A 10 MB transcript is one jsonb value; sorts and hashes of such rows stay in memory.
  work_mem: '16MB',
  max_wal_size: '512MB',
  // Long-held idle transactions are bugs; the service never needs one.
  idle_in_transaction_session_timeout: '60s',
  // One machine, one small cluster: no I/O worker processes, no logical replication launcher.
  io_method: 'sync',
  max_logical_replication_workers: '0',
  logging_collector: 'off',
  log_min_messages: 'warning',
};

export async function startPostgresServer(options: PostgresServerOptions): Promise<RunningPostgresServer> {
  const owner = await serverOwner();
  prepareDirectory(path.dirname(options.clusterDir), owner);
  prepareDirectory(options.socketDir, owner, 0o700);
  await checkReachable(options.clusterDir, owner);
  const binaries = await reachableBinaries(locatePostgresBinaries(), path.dirname(options.clusterDir), owner);

  if (!fs.existsSync(path.join(options.clusterDir, 'PG_VERSION'))) {
    if (options.initIfMissing === false) throw new Error(`the embedded Postgres cluster is gone from ${options.clusterDir}`);
    options.log(`creating the embedded Postgres cluster in ${options.clusterDir}`);
    await initCluster(binaries.initdb, options.clusterDir, owner);
  }
  await clearLeftoverServer(options.clusterDir, options.log);

  const log = openServerLog(options.logFile);
  if (owner) fs.fchownSync(log.fd, owner.uid, owner.gid);
  const child = spawn(
    binaries.postgres,
    [
      '-D', options.clusterDir,
      '-k', options.socketDir,
      '-p', String(SOCKET_PORT),
      ...Object.entries(SERVER_SETTINGS).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
    ],
    { stdio: ['ignore', log.fd, log.fd], detached: true, ...(owner ?? {}), env: serverEnvironment() },
  );
  fs.closeSync(log.fd);
  const exited = exitOf(child);
  child.once('error', () => {}); // surfaced as "exited" below
  // A process that exits without stopping us (a forced exit after an overrun drain, a start-up
  // failure) still asks the server for a fast shutdown, which it carries out on its own.
  const stopOnExit = () => child.kill('SIGINT');
  process.once('exit', stopOnExit);
  void exited.then(() => process.removeListener('exit', stopOnExit));

  const connection = { host: options.socketDir, port: SOCKET_PORT, user: SUPERUSER, database: 'postgres' };
  try {
    await waitUntilAccepting(connection, child, options.startTimeoutMs ?? 120_000);
  } catch (error) {
    child.kill('SIGKILL');
    const said = lastWords(serverLogSince(options.logFile, log.start));
    throw new Error(`the embedded Postgres did not start: ${said ?? (error as Error).message} (its log: ${options.logFile})`);
  }
  options.log(`embedded Postgres ${readVersion(options.clusterDir)} ready (data in ${options.clusterDir})`);
  return { connection, exited, stop: () => stopServer(child, exited) };
}

/**
 * A backend that reads or writes a 10 MB transcript allocates large blocks at once. glibc raises its
 * mmap threshold after such a block is freed, so the next ones come from the heap and stay with the
 * backend for as long as it lives (every pooled connection ends up holding its largest). A fixed
 * threshold keeps large blocks mmapped, so they go back to the system when freed.
 */
function serverEnvironment(): NodeJS.ProcessEnv {
  return { ...process.env, LC_ALL: 'C', GLIBC_TUNABLES: 'glibc.malloc.mmap_threshold=1048576' };
}

interface OsUser {
  uid: number;
  gid: number;
}

/** null when we are not root: the server then runs as whoever runs the service. */
async function serverOwner(): Promise<OsUser | null> {
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) return null;
  const lookup = async () => {
    const [uid, gid] = await Promise.all([
      execFileAsync('id', ['-u', SUPERUSER]).then(({ stdout }) => Number.parseInt(stdout, 10)),
      execFileAsync('id', ['-g', SUPERUSER]).then(({ stdout }) => Number.parseInt(stdout, 10)),
    ]);
    return { uid, gid };
  };
  try {
    return await lookup();
  } catch {
    await execFileAsync('useradd', ['--system', '--user-group', '--no-create-home', '--shell', '/usr/sbin/nologin', SUPERUSER]).catch(
      (error: Error) => {
        throw new Error(`Postgres cannot run as root and there is no "${SUPERUSER}" user to run it as (useradd failed: ${error.message})`);
      },
    );
    return lookup();
  }
}

function prepareDirectory(dir: string, owner: OsUser | null, mode?: number): void {
  fs.mkdirSync(dir, { recursive: true });
  if (mode !== undefined) fs.chmodSync(dir, mode);
  if (owner) fs.chownSync(dir, owner.uid, owner.gid);
}

/** As root, the server's user must be able to reach the cluster: say how, rather than let initdb fail obscurely. */
async function checkReachable(clusterDir: string, owner: OsUser | null): Promise<void> {
  if (!owner) return;
  const parent = path.dirname(clusterDir);
  try {
    await execFileAsync('test', ['-w', parent, '-a', '-x', parent], { uid: owner.uid, gid: owner.gid });
  } catch {
    throw new Error(
      `the embedded Postgres runs as the "${SUPERUSER}" user (Postgres refuses root), which cannot reach ${parent}: ` +
        'make its parent directories traversable (chmod o+x), choose a DATA_DIR it can reach, or set DATABASE_URL',
    );
  }
}

/**
 * As root, the server's user must also be able to run the binaries. A checkout under a private
 * directory (a home directory, a mktemp -d) keeps node_modules out of its reach: then the
 * package's tree is copied beside the cluster once, where it can.
 */
async function reachableBinaries(binaries: PostgresBinaries, root: string, owner: OsUser | null): Promise<PostgresBinaries> {
  if (!owner || (await canRun(binaries.postgres, owner))) return binaries;
  const installed = path.resolve(path.dirname(binaries.postgres), '..');
  const copy = path.join(root, 'binaries', createHash('sha256').update(installed + fs.statSync(binaries.postgres).mtimeMs).digest('hex').slice(0, 12));
  if (!fs.existsSync(path.join(copy, 'bin', 'postgres'))) {
    const partial = `${copy}.partial`;
    fs.rmSync(partial, { recursive: true, force: true });
    fs.cpSync(installed, partial, { recursive: true, verbatimSymlinks: true });
    fs.renameSync(partial, copy);
  }
  const copied = { initdb: path.join(copy, 'bin', 'initdb'), postgres: path.join(copy, 'bin', 'postgres') };
  if (!(await canRun(copied.postgres, owner))) {
    throw new Error(`the "${SUPERUSER}" user cannot run ${copied.postgres}: check the permissions of ${root}`);
  }
  return copied;
}

async function canRun(file: string, owner: OsUser): Promise<boolean> {
  return execFileAsync('test', ['-x', file], { uid: owner.uid, gid: owner.gid }).then(
    () => true,
    () => false,
  );
}

async function initCluster(initdb: string, clusterDir: string, owner: OsUser | null): Promise<void> {
  try {
    await execFileAsync(
      initdb,
      ['-D', clusterDir, '-U', SUPERUSER, '--auth=trust', '--encoding=UTF8', '--no-locale', '--no-instructions'],
      { ...(owner ?? {}), env: { ...process.env, LC_ALL: 'C' }, maxBuffer: 10 * 1024 * 1024 },
    );
  } catch (error) {
    // A half-made cluster would make every later start fail: leave nothing behind.
    fs.rmSync(clusterDir, { recursive: true, force: true });
    const stderr = (error as { stderr?: string }).stderr?.trim();
    throw new Error(`initdb failed${stderr ? `: ${stderr}` : ''}`);
  }
}

/**
 * postmaster.pid names the server that last ran on this cluster. The caller holds the host lock,
 * so a live server there was left by a host that was killed: stop it (a fast shutdown, then harder).
 * A pid that is gone, or that now belongs to some other program, is stale: remove the file.
 */
async function clearLeftoverServer(clusterDir: string, log: (message: string) => void): Promise<void> {
  const pidFile = path.join(clusterDir, 'postmaster.pid');
  let pid: number;
  try {
    pid = Number.parseInt(fs.readFileSync(pidFile, 'utf8').split('\n')[0] ?? '', 10);
  } catch {
    return;
  }
  if (Number.isInteger(pid) && pid > 0 && isProcessAlive(pid) && isPostgresProcess(pid)) {
    log(`stopping an embedded Postgres left running by a previous start (pid ${pid})`);
    for (const [signal, waitMs] of [['SIGINT', 15_000], ['SIGQUIT', 5_000], ['SIGKILL', 5_000]] as const) {
      try {
        process.kill(pid, signal);
      } catch {
        break;
      }
      const deadline = Date.now() + waitMs;
      while (isProcessAlive(pid) && Date.now() < deadline) await sleep(100);
      if (!isProcessAlive(pid)) break;
    }
    return; // a server that stopped removes its own pid file; after SIGKILL, postgres checks it
  }
  fs.rmSync(pidFile, { force: true });
}

function isPostgresProcess(pid: number): boolean {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('postgres');
  } catch {
    // No /proc (macOS): trust the pid file, as postgres itself does.
    return true;
  }
}

async function waitUntilAccepting(
  connection: RunningPostgresServer['connection'],
  child: ChildProcess,
  timeoutMs: number,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(describeExit(child.exitCode, child.signalCode));
    }
    const client = new Client({ ...connection, connectionTimeoutMillis: 2_000 });
    client.on('error', () => {});
    try {
      await client.connect();
      await client.query('SELECT 1');
      await client.end();
      return;
    } catch (error) {
      await client.end().catch(() => {});
      // Crash recovery after a kill -9 can take a while; "starting up" is worth waiting for.
      if (Date.now() > deadline) throw error;
      await sleep(100);
    }
  }
}

async function stopServer(child: ChildProcess, exited: Promise<string>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  // Fast shutdown: sessions are ended, a checkpoint is written, the pid file removed.
  child.kill('SIGINT');
  const timer = setTimeout(() => child.kill('SIGQUIT'), 20_000);
  await exited;
  clearTimeout(timer);
}

function readVersion(clusterDir: string): string {
  try {
    return fs.readFileSync(path.join(clusterDir, 'PG_VERSION'), 'utf8').trim();
  } catch {
    return '';
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * What Postgres said last before it gave up: its last two lines without their time and pid, e.g.
 * `LOG: invalid value for parameter "shared_buffers": "nonsense"; FATAL: configuration file
 * "…/postgresql.conf" contains errors`, or a FATAL with its HINT. Null when it wrote nothing.
 */
function lastWords(output: string): string | null {
  const lines = output
    .split('\n')
    .map((line) => line.replace(/^\d{4}-\d{2}-\d{2} [\d:.]+ \S+ \[\d+\] /, '').replace(/:\s+/, ': ').trim())
    .filter((line) => line !== '');
  return lines.length === 0 ? null : lines.slice(-2).join('; ').slice(0, 500);
}
