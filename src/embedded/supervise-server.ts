/**
 * Keeps an embedded server (Postgres, Temporal's dev server) running for as long as the service
 * runs. One that exits without being asked (the OOM killer, a crash) is started again in place,
 * the way a cluster brings a node back: same data, same address, and its clients (the `pg`
 * pools, Temporal's connections) reconnect on their own. Meanwhile requests that need it get 503
 * from their deadlines, and nothing accepted is lost: it is all in the server's data.
 *
 * Starts that fail are tried again, at once and then after 1 s, doubling up to 30 s, for as long
 * as the service runs; each failure is logged with its reason.
 */
import type { ChildProcess } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';

export interface ChildServer {
  /** Settles when the server's process has ended, saying how (describeExit). */
  readonly exited: Promise<string>;
  stop(): Promise<void>;
}

export interface SuperviseOptions {
  /** As log lines name it: "Postgres", "Temporal dev server". */
  name: string;
  warn: (message: string) => void;
  /** Pause before the second start attempt; later ones double it. Default 1 s. */
  firstBackoffMs?: number;
  maxBackoffMs?: number;
}

export interface SupervisedServer {
  /** Stops the server, and any start under way, for good. */
  stop(): Promise<void>;
}

export function superviseServer<T extends ChildServer>(first: T, start: () => Promise<T>, options: SuperviseOptions): SupervisedServer {
  const firstBackoffMs = options.firstBackoffMs ?? 1_000;
  const maxBackoffMs = options.maxBackoffMs ?? 30_000;
  const stopping = new AbortController();
  let current: T | null = first;
  let restarting: Promise<void> = Promise.resolve();

  const watch = (server: T) => {
    void server.exited.then((how) => {
      if (stopping.signal.aborted || current !== server) return;
      current = null;
      options.warn(`the embedded ${options.name} ${how} unexpectedly; starting it again`);
      restarting = startAgain();
    });
  };

  const startAgain = async () => {
    for (let attempt = 1, backoffMs = firstBackoffMs; !stopping.signal.aborted; attempt++) {
      let server: T;
      try {
        server = await start();
      } catch (error) {
        options.warn(`the embedded ${options.name} could not be started again (${reasonOf(error)}); trying again in ${backoffMs / 1000} s`);
        await sleep(backoffMs, undefined, { signal: stopping.signal }).catch(() => {});
        backoffMs = Math.min(backoffMs * 2, maxBackoffMs);
        continue;
      }
      if (stopping.signal.aborted) {
        await server.stop();
        return;
      }
      current = server;
      watch(server);
      options.warn(`the embedded ${options.name} is running again (start attempt ${attempt})`);
      return;
    }
  };

  watch(first);
  return {
    async stop() {
      stopping.abort();
      await restarting;
      await current?.stop();
    },
  };
}

/** How a child process ended, as log lines say it: "exited with 1", "was stopped (SIGKILL)". */
export function describeExit(code: number | null, signal: NodeJS.Signals | null): string {
  return signal ? `was stopped (${signal})` : `exited with ${code}`;
}

/** Settles with how `child` ended, once it has. */
export function exitOf(child: ChildProcess): Promise<string> {
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve(describeExit(code, signal))));
}

function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
