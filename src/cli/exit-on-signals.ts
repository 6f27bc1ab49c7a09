import os from 'node:os';

/** What ends a command from outside: Ctrl-C, a supervisor's stop, the terminal closing. */
const TERMINATING_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/**
 * Runs `work`, during which a terminating signal ends the command through `process.exit` (status
 * 128 + the signal's number, as a shell reports a death by signal). For a command holding an
 * embedded server it started (Postgres, Temporal): exiting runs the hooks that stop them, while
 * Node's default action ended the process at once and left them running without it.
 */
export async function exitingOnSignals<T>(work: () => Promise<T>): Promise<T> {
  const handlers = TERMINATING_SIGNALS.map((signal) => [signal, () => process.exit(128 + os.constants.signals[signal])] as const);
  for (const [signal, handler] of handlers) process.on(signal, handler);
  try {
    return await work();
  } finally {
    for (const [signal, handler] of handlers) process.removeListener(signal, handler);
  }
}
