import { exitAsIfBy, STOP_SIGNALS } from '../runtime/signals';

/**
 * Runs `work`, during which a stop signal ends the command through its exit hooks: a command
 * holding an embedded server it started (Postgres, Temporal) leaves none running.
 */
export async function exitingOnSignals<T>(work: () => Promise<T>): Promise<T> {
  const handlers = STOP_SIGNALS.map((signal) => [signal, () => exitAsIfBy(signal)] as const);
  for (const [signal, handler] of handlers) process.on(signal, handler);
  try {
    return await work();
  } finally {
    for (const [signal, handler] of handlers) process.removeListener(signal, handler);
  }
}
