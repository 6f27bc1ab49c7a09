/** A service process started with npm, as an operator's supervisor starts it. */
import { spawn, type ChildProcess } from 'node:child_process';
import { waitFor } from '../test/support/processes';

export interface NpmRun {
  child: ChildProcess;
  output(): string;
  stop(): Promise<void>;
}

/** `npm run <script>` in `cwd`, in a process group of its own (stopped as a terminal's Ctrl-C would). */
export function npmRun(script: string, env: Record<string, string>, cwd: string): NpmRun {
  const child = spawn('npm', ['run', '--silent', script], {
    cwd,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    child,
    output: () => output,
    async stop() {
      try {
        process.kill(-child.pid!, 'SIGTERM');
      } catch {
        return;
      }
      await exited;
      // npm may leave before the service it started has drained.
      await waitFor('the process group to exit', async () => !groupAlive(child.pid!), 120_000);
    },
  };
}

function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
