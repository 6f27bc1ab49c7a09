/** Polls something until it has finished, telling the view about every change. */
import type { PollPacer } from './pacing';
import { pause, readPolitely } from './retry';

export interface WatchOptions<T> {
  read(signal: AbortSignal): Promise<T>;
  /** What counts as a change: two snapshots with the same fingerprint are the same to the person watching. */
  fingerprint(snapshot: T): string;
  isFinished(snapshot: T): boolean;
  onChange(snapshot: T): void;
  onRetry(reason: string, delaySeconds: number): void;
  pacer: PollPacer;
  signal: AbortSignal;
}

/** Resolves with the finished snapshot; throws WaitInterrupted when the signal fires first. */
export async function watchUntilFinished<T>(options: WatchOptions<T>): Promise<T> {
  let seen: string | undefined;
  for (;;) {
    const snapshot = await readPolitely(options.read, options);
    const print = options.fingerprint(snapshot);
    const changed = print !== seen;
    if (changed) {
      seen = print;
      options.onChange(snapshot);
    }
    if (options.isFinished(snapshot)) return snapshot;
    await pause(options.pacer.next(changed), options.signal);
  }
}
