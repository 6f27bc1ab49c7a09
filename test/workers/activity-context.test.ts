import { AsyncLocalStorage } from 'node:async_hooks';
import type { Context } from '@temporalio/activity';
import { releaseActivityContextBetweenActivities } from '../../workers/activity-context';

/** A stand-in for an activity's context: only identity matters here. */
const contextNamed = (name: string) => ({ name }) as unknown as Context;
const tick = () => new Promise<void>((resolve) => setImmediate(resolve));
/** Work an activity leaves behind, reading the context after the activity has settled. */
const readLater = (storage: AsyncLocalStorage<Context>) => new Promise<void>((resolve) => setTimeout(resolve, 20)).then(() => storage.getStore());

describe('releaseActivityContextBetweenActivities', () => {
  it('keeps each running activity its context across awaits, while others start and end', async () => {
    const storage = new AsyncLocalStorage<Context>();
    releaseActivityContextBetweenActivities(storage);
    const first = contextNamed('first');
    const second = contextNamed('second');
    let releaseFirst!: () => void;
    const firstMayEnd = new Promise<void>((resolve) => (releaseFirst = resolve));

    const firstRun = storage.run(first, async () => {
      await firstMayEnd;
      await tick();
      return storage.getStore();
    });
    const secondRun = storage.run(second, async () => {
      await tick();
      return storage.getStore();
    });
    // The second ends while the first still runs: the first keeps its context.
    await expect(secondRun).resolves.toBe(second);
    releaseFirst();
    await expect(firstRun).resolves.toBe(first);
  });

  it('disables the storage once the last activity has settled, so nothing carries a context afterwards', async () => {
    const storage = new AsyncLocalStorage<Context>();
    releaseActivityContextBetweenActivities(storage);
    let later!: Promise<Context | undefined>;
    await storage.run(contextNamed('done'), async () => {
      await tick();
      later = readLater(storage);
    });
    // An enabled storage would still hand the activity's context to that work.
    await expect(later).resolves.toBeUndefined();
  });

  it('counts an activity that throws synchronously as settled', async () => {
    const storage = new AsyncLocalStorage<Context>();
    releaseActivityContextBetweenActivities(storage);
    expect(() =>
      storage.run(contextNamed('throws'), () => {
        throw new Error('refused');
      }),
    ).toThrow('refused');
    let later!: Promise<Context | undefined>;
    await storage.run(contextNamed('next'), async () => {
      later = readLater(storage);
    });
    await expect(later).resolves.toBeUndefined();
  });
});
