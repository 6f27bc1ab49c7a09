/**
 * "Revoked at once, on every API process": a key change is answered only once every API process
 * has dropped its cached copy of the key.
 *
 * The key resolver announces changes on the shared cache's channel, and each process forgets the key
 * when the message arrives. Pub/sub alone is best effort in time: on a busy machine the next
 * request can reach another process before the message does. So every process acknowledges each
 * change it has applied on a second channel, and the announcer waits (boundedly) for as many
 * acknowledgements as the change channel has subscribers.
 *
 * An acknowledgement proves the key was forgotten because the store calls a channel's listeners in
 * the order they subscribed, synchronously: the key resolver subscribes when the API process starts
 * (before the app and these routes are built), so its listener has run by the time this one does.
 */
import type { Logger } from 'pino';
import { KEY_CHANGES_CHANNEL, type KeyResolver } from './key-resolver';
import type { SharedCache } from '../storage/shared-cache';

export const KEY_CHANGE_ACKS_CHANNEL = 'api-keys:changed:ack';

/** Long enough for a loaded process to answer; short enough that a vanished one costs little. */
const DEFAULT_ACK_TIMEOUT_MS = 2_000;

export interface KeyChanges {
  /** Announces that a key changed and resolves once every API process has forgotten it (or the wait ran out). */
  announce(keyId: string): Promise<{ expected: number; acknowledged: number }>;
}

export function createKeyChanges(
  deps: { store: SharedCache; keys: KeyResolver; logger: Logger },
  timeoutMs = DEFAULT_ACK_TIMEOUT_MS,
): KeyChanges {
  const { store, keys, logger } = deps;
  const waiters = new Map<string, Set<() => void>>();

  const subscribed = Promise.all([
    store.subscribe(KEY_CHANGES_CHANNEL, (keyId) => {
      store.publish(KEY_CHANGE_ACKS_CHANNEL, keyId).catch((error: unknown) => {
        logger.warn({ err: error, keyId }, 'could not acknowledge an API key change');
      });
    }),
    store.subscribe(KEY_CHANGE_ACKS_CHANNEL, (keyId) => {
      for (const waiter of waiters.get(keyId) ?? []) waiter();
    }),
  ]).then(
    () => true,
    (error: unknown) => {
      logger.warn({ err: error }, 'could not subscribe to API key change acknowledgements');
      return false;
    },
  );

  /** How many processes will hear the change: one subscriber connection per API process. */
  async function listeners(): Promise<number> {
    if (!store.redis) return 0; // in-process store: publishing runs every listener before it returns
    const reply = (await store.redis.pubsub('NUMSUB', KEY_CHANGES_CHANNEL)) as [string, number | string];
    return Number(reply[1] ?? 0);
  }

  return {
    async announce(keyId) {
      const canWait = await subscribed;
      const expected = canWait ? await listeners().catch(() => 0) : 0;
      let acknowledged = 0;
      let allHeard!: () => void;
      const heard = new Promise<void>((resolve) => (allHeard = resolve));
      const waiter = () => {
        acknowledged += 1;
        if (acknowledged >= expected) allHeard();
      };
      const set = waiters.get(keyId) ?? new Set();
      set.add(waiter);
      waiters.set(keyId, set);
      let timer: NodeJS.Timeout | undefined;
      try {
        await keys.announceChange(keyId);
        if (expected > 0) {
          await Promise.race([heard, new Promise<void>((resolve) => (timer = setTimeout(resolve, timeoutMs)))]);
          if (acknowledged < expected) {
            logger.warn(
              { keyId, expected, acknowledged },
              'not every API process acknowledged an API key change in time; the rest drop it within a minute',
            );
          }
        }
      } finally {
        clearTimeout(timer);
        set.delete(waiter);
        if (set.size === 0) waiters.delete(keyId);
      }
      return { expected, acknowledged };
    },
  };
}
