import type { Context } from 'koa';
import { coalesceResponses } from '../../src/http/middleware/coalesce-responses';

const ctx = {} as Context;
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));
const microtasksDrained = async () => {
  for (let i = 0; i < 10; i++) await Promise.resolve();
};

describe('coalesceResponses', () => {
  it('holds answers handled in one turn of the event loop until the turn ends, then lets them all go', async () => {
    const middleware = coalesceResponses();
    const released: string[] = [];
    const first = middleware(ctx, async () => undefined).then(() => released.push('first'));
    const second = middleware(ctx, async () => undefined).then(() => released.push('second'));

    await microtasksDrained();
    expect(released).toEqual([]);

    await nextTurn();
    expect(released).toEqual(['first', 'second']);
    await Promise.all([first, second]);
  });

  it('holds an answer of a later turn until that turn ends, not one turn more', async () => {
    const middleware = coalesceResponses();
    await middleware(ctx, async () => undefined);

    let released = false;
    const later = middleware(ctx, async () => undefined).then(() => {
      released = true;
    });
    await microtasksDrained();
    expect(released).toBe(false);
    await nextTurn();
    expect(released).toBe(true);
    await later;
  });

  it('lets a failure through at once, for the error handling outside it', async () => {
    const middleware = coalesceResponses();
    const failure = new Error('handler failed');
    await expect(
      middleware(ctx, async () => {
        throw failure;
      }),
    ).rejects.toBe(failure);
  });
});
