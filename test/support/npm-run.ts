/**
 * A service process started as an operator's supervisor starts it: `npm run --silent <script>`
 * (`start:api`, `start:worker`), with exactly the environment given, in a process group of its
 * own. npm execs the service under it, so a signal sent to the group reaches npm and the service
 * alike, as `docker stop` or a terminal's Ctrl-C does; a SIGKILL to the group is a crashed host.
 * The cluster fault suite (test/cluster) and the scale-out benchmark (bench/scale-out.ts) run the
 * service this way.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { groupAlive } from './processes';

const ROOT = path.resolve(__dirname, '../..');

export interface NpmProcess {
  /** npm itself: its pid is the process group's. */
  npm: ChildProcess;
  /** What npm and the service wrote so far, stdout and stderr together. */
  output(): string;
  /** Settles once every process of the group has exited, with npm's exit code (null after a signal). */
  exited: Promise<number | null>;
  /** Sends a signal to the whole group; nothing when it has already gone. */
  signal(signal: NodeJS.Signals): void;
  /** SIGTERM to the group, then waits until all of it has exited. */
  stop(): Promise<void>;
}

export interface NpmRunOptions {
  /** Also appends the output to this file, for reading after a failed run. */
  logFile?: string;
  /** The checkout to run it in (default: this one), e.g. an older commit measured beside this one. */
  cwd?: string;
}

export function npmRun(script: string, env: Record<string, string>, options: NpmRunOptions = {}): NpmProcess {
  const npm = spawn('npm', ['run', '--silent', script], {
    cwd: options.cwd ?? ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  const log = options.logFile ? fs.createWriteStream(options.logFile, { flags: 'a' }) : null;
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
    log?.write(chunk);
  };
  npm.stdout!.on('data', collect);
  npm.stderr!.on('data', collect);
  const npmExit = new Promise<number | null>((resolve) => npm.once('exit', (code) => resolve(code)));
  // npm may end before the service it started has finished draining (or, killed alone, without it).
  const exited = npmExit.then(async (code) => {
    while (groupAlive(npm.pid!)) await new Promise((resolve) => setTimeout(resolve, 50));
    log?.end();
    return code;
  });
  const signal = (name: NodeJS.Signals) => {
    try {
      process.kill(-npm.pid!, name);
    } catch {
      // already gone
    }
  };
  return {
    npm,
    output: () => output,
    exited,
    signal,
    async stop() {
      signal('SIGTERM');
      await exited;
    },
  };
}
