/**
 * The embedded Temporal: a `temporal server start-dev` child process whose state lives in
 * DATA_DIR, so accepted jobs survive a restart of `npm start`, kill -9 included.
 *
 * The CLI binary is found or built by scripts/ensure-temporal-cli.sh (Go, `go install`); where
 * neither works, the Temporal SDK's own download of the dev server is used instead.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { createTemporalClient } from '../temporal/client';
import { isProcessAlive } from './pid-lock';
import { freePort } from '../lib/free-port';
import { openServerLog, serverLogSince } from './server-log';
import { describeExit, exitOf, superviseServer, type ChildServer } from './supervise-server';

export interface DevServerOptions {
  dataDir: string;
  port: number;
  /** The Web UI's port: a number, 0 for a free one, or null for none (a CLI command's short-lived server). */
  uiPort: number | null;
  namespace: string;
  cliPath?: string;
  log: (message: string) => void;
  /** The server stopping unexpectedly, and its restart (src/embedded/supervise-server.ts). Default: log. */
  warn?: (message: string) => void;
}

export interface RunningDevServer {
  address: string;
  /** The Web UI, e.g. http://127.0.0.1:8233; null when it runs without one. */
  uiUrl: string | null;
  stop(): Promise<void>;
}

/**
 * The dev server's SQLite otherwise keeps a rollback journal: three fsyncs per transaction, and a
 * job's every workflow task and activity is several transactions. A write-ahead log takes one,
 * still at every commit (synchronous=full), so what the server acknowledged survives a power cut.
 */
const SQLITE_PRAGMAS = ['journal_mode=wal', 'synchronous=full'];

/**
 * Dynamic config for the single-host dev server:
 * - priority=high needs the matcher that honours task priority, and one partition per task queue,
 *   since priority orders tasks within a partition only. deploy/temporal-dynamicconfig.yaml says
 *   the same for a Temporal cluster.
 * - The dev server has one history shard, and a shard loads its new transfer tasks (every
 *   workflow task and activity to dispatch) at most 20 times a second by default: sized for a
 *   cluster's hundreds of shards, here it holds back each dispatch once its burst is spent, and a
 *   job's every step waits in line (bench/job-extras.ts shows it in a job's time).
 */
const DYNAMIC_CONFIG = [
  'matching.useNewMatcher=true',
  'matching.numTaskqueueReadPartitions=1',
  'matching.numTaskqueueWritePartitions=1',
  'history.transferProcessorMaxPollRPS=1000',
];

const TUNING_ARGS = [
  ...SQLITE_PRAGMAS.flatMap((pragma) => ['--sqlite-pragma', pragma]),
  ...DYNAMIC_CONFIG.flatMap((value) => ['--dynamic-config-value', value]),
];

/**
 * Start-ups tried when the server finds a port taken. Ports picked free (its HTTP port, the UI's,
 * and the internal ones the CLI picks) race with every other process binding one, outgoing
 * connections included; a configured port someone else holds fails every time, and quickly.
 */
const START_ATTEMPTS = 3;

export async function startDevServer(options: DevServerOptions): Promise<RunningDevServer> {
  const root = path.join(options.dataDir, 'temporal');
  fs.mkdirSync(root, { recursive: true });
  const pidFile = path.join(root, 'server.pid');
  const logFile = path.join(root, 'server.log');
  await stopOrphan(pidFile, options.log);

  const cli = await locateCli(options);
  if (!cli) return startWithSdkDownload(options, root, `127.0.0.1:${options.port}`);

  // Chosen once: a restart keeps the address and the Web UI's port.
  const uiPort = options.uiPort === 0 ? await freePort() : options.uiPort;
  const files = { root, pidFile, logFile, uiPort };
  for (let attempt = 1; ; attempt++) {
    const started = await startCliServer(cli, options, files);
    if (started.ok) {
      const { server } = started;
      // A server that dies is started again on the same port and database (its state is all there).
      const supervised = superviseServer(
        server,
        async () => {
          const again = await startCliServer(cli, options, files);
          if (!again.ok) throw new Error(`${again.reason} (its log: ${logFile})`);
          return again.server;
        },
        { name: 'Temporal dev server', warn: options.warn ?? options.log },
      );
      return { address: server.address, uiUrl: server.uiUrl, stop: () => supervised.stop() };
    }
    const failure = `the embedded Temporal server did not start: ${started.reason} (its log: ${logFile})`;
    if (!started.portTaken || attempt === START_ATTEMPTS) throw new Error(failure);
    options.log(`${failure}; trying again`);
    await sleep(500);
  }
}

type CliServer = RunningDevServer & ChildServer;
type CliStart = { ok: true; server: CliServer } | { ok: false; reason: string; portTaken: boolean };

async function startCliServer(
  cli: string,
  options: DevServerOptions,
  { root, pidFile, logFile, uiPort }: { root: string; pidFile: string; logFile: string; uiPort: number | null },
): Promise<CliStart> {
  const address = `127.0.0.1:${options.port}`;
  const uiUrl = uiPort === null ? null : `http://127.0.0.1:${uiPort}`;
  const log = openServerLog(logFile);
  const child = spawn(
    cli,
    [
      'server', 'start-dev',
      ...(uiPort === null ? ['--headless'] : ['--ui-ip', '127.0.0.1', '--ui-port', String(uiPort)]),
      '--db-filename', path.join(root, 'dev.db'),
      '--ip', '127.0.0.1',
      '--port', String(options.port),
      // Its HTTP API would otherwise take port + 1000, which may be someone else's.
      '--http-port', String(await freePort()),
      '--namespace', options.namespace,
      '--log-level', 'warn',
      ...TUNING_ARGS,
    ],
    // Its own process group: a Ctrl-C in the terminal reaches only the service, which drains its
    // workflows and activities first and then stops this server.
    { stdio: ['ignore', log.fd, log.fd], detached: true },
  );
  fs.closeSync(log.fd);
  if (child.pid) {
    fs.writeFileSync(pidFile, String(child.pid));
    fs.writeFileSync(addressFileBeside(pidFile), address);
  }
  const exited = exitOf(child);
  // A process that exits without stopping it (forced exit, failed start-up) still takes it down.
  const stopOnExit = () => child.kill('SIGTERM');
  process.once('exit', stopOnExit);
  void exited.then(() => process.removeListener('exit', stopOnExit));

  try {
    await waitUntilServing(address, exited, 60_000);
  } catch (error) {
    child.kill('SIGKILL');
    await exited;
    removeServerRecord(pidFile);
    const said = lastError(serverLogSince(logFile, log.start));
    return { ok: false, reason: said === null ? (error as Error).message : lastChars(said, 500), portTaken: /address already in use/i.test(said ?? '') };
  }
  options.log(`embedded Temporal dev server on ${address} (state in ${root})${uiUrl ? `; its Web UI at ${uiUrl}` : ''}`);
  return { ok: true, server: { address, uiUrl, exited, stop: () => stopChild(child, exited, pidFile) } };
}

/**
 * What the server said last about its failure: the message of its last ERROR (or FATAL) log
 * line, e.g. "can't set frontend port 7233: listen tcp 127.0.0.1:7233: bind: address already in
 * use", else its last line of output (a panic says it there); null when it wrote nothing.
 */
function lastError(output: string): string | null {
  const lines = output.split('\n').filter((line) => line.trim() !== '');
  const line = lines.filter((candidate) => /\blevel=(ERROR|FATAL)\b/.test(candidate)).at(-1) ?? lines.at(-1);
  if (!line) return null;
  const message = /\bmsg="((?:[^"\\]|\\.)*)"/.exec(line);
  return message ? message[1]!.replace(/\\"/g, '"') : line.trim();
}

/**
 * The end of a long message: the server nests its causes ("could not build arguments for ...:
 * ...: listen tcp 127.0.0.1:7235: bind: address already in use"), and the last is the one to read.
 */
function lastChars(message: string, count: number): string {
  return message.length <= count ? message : `…${message.slice(-count)}`;
}

async function locateCli(options: DevServerOptions): Promise<string | null> {
  const script = path.resolve(__dirname, '../../scripts/ensure-temporal-cli.sh');
  try {
    const stdout = await runCliScript(script, options);
    const cli = stdout.trim().split('\n').pop();
    return cli && fs.existsSync(cli) ? cli : null;
  } catch (error) {
    options.log(`no Temporal CLI available (${(error as Error).message.split('\n')[0]}); using the SDK's download`);
    return null;
  }
}

const CLI_BUILD_TIMEOUT_MS = 20 * 60_000;
const CLI_BUILD_PROGRESS_EVERY_MS = 30_000;

/**
 * Runs ensure-temporal-cli.sh and resolves with its stdout (the CLI's path). The script is
 * silent when it finds a CLI; when it has to build one, its progress lines (stderr) are passed
 * on as they come, with a reminder every 30 s, since a first start would otherwise look hung
 * for minutes. Go's own output goes to a file in DATA_DIR instead of the service's log.
 */
function runCliScript(script: string, options: DevServerOptions): Promise<string> {
  const buildLog = path.join(options.dataDir, 'temporal', 'cli-build.log');
  const child = spawn('bash', [script], {
    env: {
      ...process.env,
      DATA_DIR: options.dataDir,
      TEMPORAL_CLI_BUILD_LOG: buildLog,
      ...(options.cliPath ? { TEMPORAL_CLI_PATH: options.cliPath } : {}),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let pendingErr = '';
  let building: NodeJS.Timeout | null = null;
  const started = Date.now();
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    const lines = (pendingErr + chunk).split('\n');
    pendingErr = lines.pop() ?? '';
    for (const line of lines) if (line.trim()) options.log(line.trim());
    building ??= setInterval(() => {
      options.log(`still building the Temporal CLI (${Math.round((Date.now() - started) / 1000)} s so far)...`);
    }, CLI_BUILD_PROGRESS_EVERY_MS);
  });
  const timeout = setTimeout(() => child.kill('SIGTERM'), CLI_BUILD_TIMEOUT_MS);

  const stopTimers = () => {
    clearTimeout(timeout);
    if (building) clearInterval(building);
  };

  return new Promise((resolve, reject) => {
    child.once('error', (error) => {
      stopTimers();
      reject(error);
    });
    child.once('close', (code, signal) => {
      stopTimers();
      if (pendingErr.trim()) options.log(pendingErr.trim());
      if (code === 0) return resolve(stdout);
      const how = describeExit(code, signal);
      const goOutput = fs.existsSync(buildLog) ? `; Go's output is in ${buildLog}` : '';
      reject(new Error(`ensure-temporal-cli.sh ${how}${goOutput}`));
    });
  });
}

async function startWithSdkDownload(options: DevServerOptions, root: string, address: string): Promise<RunningDevServer> {
  const { TestWorkflowEnvironment } = await import('@temporalio/testing');
  const uiPort = options.uiPort === 0 ? await freePort() : options.uiPort;
  const env = await TestWorkflowEnvironment.createLocal({
    server: {
      executable: { type: 'cached-download' },
      ...(uiPort === null ? {} : { ui: true, uiPort }),
      dbFilename: path.join(root, 'dev.db'),
      ip: '127.0.0.1',
      port: options.port,
      namespace: options.namespace,
      extraArgs: TUNING_ARGS,
    },
  });
  const uiUrl = uiPort === null ? null : `http://127.0.0.1:${uiPort}`;
  options.log(`embedded Temporal dev server (SDK download) on ${address}${uiUrl ? `; its Web UI at ${uiUrl}` : ''}`);
  return { address, uiUrl, stop: () => env.teardown() };
}

/**
 * The address of the embedded server a running (or killed) `npm start` left up on DATA_DIR, or
 * null when there is none: what a command-line tool connects to instead of starting its own.
 */
export function runningDevServerAddress(dataDir: string, port: number): string | null {
  const pidFile = path.join(dataDir, 'temporal', 'server.pid');
  let pid: number;
  try {
    pid = Number.parseInt(fs.readFileSync(pidFile, 'utf8'), 10);
  } catch {
    return null;
  }
  if (!(Number.isInteger(pid) && pid > 0 && isProcessAlive(pid) && isTemporalProcess(pid))) return null;
  // Where that server listens, which the service's TEMPORAL_DEV_PORT chose, not the caller's; a
  // server started by a version that did not record it listens on the port given.
  try {
    return fs.readFileSync(addressFileBeside(pidFile), 'utf8').trim() || `127.0.0.1:${port}`;
  } catch {
    return `127.0.0.1:${port}`;
  }
}

/** The running server's address, written beside its pid file and removed with it. */
function addressFileBeside(pidFile: string): string {
  return path.join(path.dirname(pidFile), 'server.address');
}

function removeServerRecord(pidFile: string): void {
  fs.rmSync(pidFile, { force: true });
  fs.rmSync(addressFileBeside(pidFile), { force: true });
}

/** A server left running by an `npm start` that was killed: stop it before taking its files. */
async function stopOrphan(pidFile: string, log: (m: string) => void): Promise<void> {
  let pid: number;
  try {
    pid = Number.parseInt(fs.readFileSync(pidFile, 'utf8'), 10);
  } catch {
    return;
  }
  if (Number.isInteger(pid) && pid > 0 && isProcessAlive(pid) && isTemporalProcess(pid)) {
    log(`stopping a Temporal dev server left running by a previous start (pid ${pid})`);
    process.kill(pid, 'SIGTERM');
    const deadline = Date.now() + 10_000;
    while (isProcessAlive(pid) && Date.now() < deadline) await sleep(100);
    if (isProcessAlive(pid)) process.kill(pid, 'SIGKILL');
    while (isProcessAlive(pid)) await sleep(50);
  }
  removeServerRecord(pidFile);
}

function isTemporalProcess(pid: number): boolean {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('start-dev');
  } catch {
    // No /proc (macOS): trust the pid file.
    return true;
  }
}

async function waitUntilServing(address: string, exited: Promise<string>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let ended: string | undefined;
  void exited.then((how) => (ended = how));
  for (;;) {
    if (ended !== undefined) throw new Error(ended);
    // The service's own client (lazy, hook-free call contexts: src/temporal/call-context.ts), as the API
    // in this same process would reach the server.
    const probe = createTemporalClient({ address, namespace: 'default', taskQueue: 'readiness', callTimeoutMs: 2_000 });
    try {
      await probe.connection.workflowService.getSystemInfo({}).finally(() => probe.close());
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await sleep(250);
    }
  }
}

async function stopChild(child: ChildProcess, exited: Promise<string>, pidFile: string): Promise<void> {
  if (child.exitCode === null && child.signalCode === null) {
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  }
  removeServerRecord(pidFile);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
