import os from 'node:os';

/** What ends a process from outside and asks for an orderly stop: Ctrl-C, a supervisor's stop, the terminal closing. */
export const STOP_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/**
 * Ends the process at once with the status a shell reports for a death by `signal` (128 + its
 * number), but through the exit hooks, which stop the embedded Postgres and Temporal the process
 * started. Left to Node's default, such a signal ended the process without them, and those
 * servers, in sessions of their own, ran on.
 */
export function exitAsIfBy(signal: NodeJS.Signals): never {
  process.exit(128 + os.constants.signals[signal]);
}
