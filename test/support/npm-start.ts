/**
 * `npm start` as a new user runs it (README): a real child process on the embedded defaults,
 * with no DATABASE_URL, REDIS_URL or TEMPORAL_ADDRESS, driven from outside over HTTP and the CLI.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { groupAlive, waitFor } from './processes';

const ROOT = path.resolve(__dirname, '../..');

const INFRASTRUCTURE_VARIABLES = ['DATABASE_URL', 'REDIS_URL', 'TEMPORAL_ADDRESS'];

export interface NpmStart {
  url: string;
  /** npm's pid, the root of the process tree (the service, its Postgres and Temporal servers). */
  pid: number;
  output(): string;
  /** npm and everything in its process group (the service itself) have exited. */
  exited: Promise<void>;
  /**
   * Signals the whole `npm start` process group (npm and the service), as a terminal's Ctrl-C
   * does; or npm alone, as a supervisor does that knows only the pid it started (`docker stop`
   * with `npm start` as the container's command), which npm must pass on to the service.
   */
  signal(signal: NodeJS.Signals, to?: 'group' | 'npm'): void;
  waitHealthy(timeoutMs?: number): Promise<void>;
}

export interface NpmStartOptions {
  /**
   * Runs it in a pseudo-terminal of its own (util-linux `script`), as in a terminal window. `pid`,
   * `exited` and `signal` are then the terminal's: killing it closes the terminal, and the kernel
   * sends SIGHUP to `npm start` and the service, as when a user closes the window.
   */
  inTerminal?: boolean;
}

export function npmStart(port: number, env: Record<string, string>, options: NpmStartOptions = {}): NpmStart {
  for (const name of INFRASTRUCTURE_VARIABLES) {
    if (env[name]) throw new Error(`npmStart runs the embedded defaults: ${name} must not be set`);
  }
  const [command, args] = options.inTerminal
    ? ['script', ['--quiet', '--flush', '--return', '--command', 'npm start', '/dev/null']]
    : ['npm', ['start']];
  const child = spawn(command, args, {
    cwd: ROOT,
    // METRICS_PORT: test files run side by side, and none may hold the default port unless asked to.
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', PORT: String(port), METRICS_PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group, so a kill reaches npm and the service alike, as a terminal's would.
    detached: true,
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  // npm may exit on a signal before the service it started has finished draining.
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve())).then(() =>
    waitFor('the service process group to exit', async () => !groupAlive(child.pid!), 120_000).then(() => undefined),
  );
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    pid: child.pid!,
    output: () => output,
    exited,
    signal(signal, to = 'group') {
      if (child.exitCode !== null || child.signalCode !== null) return;
      try {
        process.kill(to === 'group' ? -child.pid! : child.pid!, signal);
      } catch {
        // already gone
      }
    },
    async waitHealthy(timeoutMs = 180_000) {
      // A start-up that failed is reported at once, not after the wait for a healthy one.
      const failed = new Promise<never>((_, reject) => {
        const report = () => reject(new Error(`npm start exited with ${child.exitCode}:\n${output.slice(-3000)}`));
        if (child.exitCode !== null || child.signalCode !== null) report();
        else child.once('exit', report);
      });
      const healthy = waitFor(
        'npm start to answer /health with 200',
        async () => (await fetch(`${url}/health`, { signal: AbortSignal.timeout(5_000) })).status === 200,
        timeoutMs,
      );
      await Promise.race([healthy, failed]);
    },
  };
}

/** `npm run --silent cli -- ...` against the same DATA_DIR; stdout's last line is its JSON. */
export async function npmCli(env: Record<string, string>, args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn('npm', ['run', '--silent', 'cli', '--', ...args], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk) => (stdout += chunk));
  child.stderr!.on('data', (chunk) => (stderr += chunk));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { code, stdout, stderr };
}
