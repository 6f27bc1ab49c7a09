/** Service entry points run as real child processes, for crash and restart tests. */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');

export interface ServiceProcess {
  child: ChildProcess;
  output(): string;
  exited: Promise<number | null>;
  kill(signal: NodeJS.Signals): Promise<void>;
}

/**
 * How to run an entry: the service's own (under src/ or workers/) compiled from dist/, as the npm
 * scripts run them (global setup builds dist/); a test's own scripts (test/...) through tsx.
 */
export function entryCommand(entry: string): string[] {
  const relative = path.relative(ROOT, path.resolve(ROOT, entry));
  if (/^(src|workers)[\\/].*\.ts$/.test(relative)) return ['--enable-source-maps', path.join(ROOT, 'dist', relative.replace(/\.ts$/, '.js'))];
  return ['--require', 'tsx/cjs', entry];
}

/** Runs an entry (entryCommand) with exactly the env given (and no metrics listener unless it sets METRICS_PORT). */
export function spawnEntry(entry: string, env: Record<string, string>, args: string[] = []): ServiceProcess {
  const child = spawn(process.execPath, [...entryCommand(entry), ...args], {
    cwd: ROOT,
    // Test files run side by side: no process takes the default metrics port unless asked to.
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', METRICS_PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    child,
    output: () => output,
    exited,
    async kill(signal) {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}

/** Runs an entry to completion and returns its exit code and output. */
export async function runEntry(entry: string, env: Record<string, string>, args: string[]) {
  const proc = spawnEntry(entry, env, args);
  const code = await proc.exited;
  return { code, output: proc.output() };
}

export async function waitFor<T>(what: string, probe: () => Promise<T | null | undefined | false>, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  for (;;) {
    try {
      const value = await probe();
      if (value) return value;
    } catch (error) {
      lastError = error;
    }
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}${lastError ? `: ${String(lastError)}` : ''}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Whether any process of the group `pgid` is still alive (one we may not signal counts). */
export function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
