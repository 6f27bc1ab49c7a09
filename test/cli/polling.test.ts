/**
 * How the CLI waits: the pace of its polls (the key's budget included), which failures it waits
 * out and for how long, and how Ctrl-C ends a wait at once.
 */
import { ServiceUnreachableError, UnexpectedResponseError, VideoDigestApiError, type ApiErrorCode } from '../../client';
import { PollPacer } from '../../src/cli/wait/pacing';
import { MAX_UNREACHABLE_ATTEMPTS, pause, readPolitely, retryDelaySeconds, WaitInterrupted } from '../../src/cli/wait/retry';

const refusal = (status: number, code: ApiErrorCode, retryAfter: number | null) =>
  new VideoDigestApiError(status, { success: false, error: { code, message: 'refused' }, request_id: 'req_1' }, retryAfter);

describe('the pace of polls', () => {
  it('slows while nothing changes, up to a bound, and is brisk again after a change', () => {
    const pacer = new PollPacer({ minSeconds: 1, maxSeconds: 5, growth: 2 });
    expect([false, false, false, false].map((changed) => pacer.next(changed))).toEqual([2, 4, 5, 5]);
    expect(pacer.next(true)).toBe(1);
  });

  it("never spends the key's requests faster than its window refills them", () => {
    const pacer = new PollPacer({ minSeconds: 1, maxSeconds: 5, growth: 2 });
    pacer.observe(new Headers({ 'RateLimit-Limit': '10', 'RateLimit-Remaining': '4', 'RateLimit-Reset': '40' }));
    expect(pacer.next(true)).toBe(10);
    pacer.observe(new Headers({ 'RateLimit-Limit': '10', 'RateLimit-Remaining': '0', 'RateLimit-Reset': '7' }));
    expect(pacer.next(true)).toBe(7);
    // A plan without a throttle sends no such headers: the last reading stands until a new one comes.
    pacer.observe(new Headers({ 'RateLimit-Limit': '1200', 'RateLimit-Remaining': '1199', 'RateLimit-Reset': '60' }));
    pacer.observe(new Headers());
    expect(pacer.next(true)).toBe(1);
  });
});

describe('failures worth waiting out', () => {
  it("waits as long as the throttle's and a dependency's Retry-After say", () => {
    expect(retryDelaySeconds(refusal(429, 'RATE_LIMITED', 37), 1)).toBe(37);
    expect(retryDelaySeconds(refusal(503, 'SERVICE_UNAVAILABLE', 5), 1)).toBe(5);
    expect(retryDelaySeconds(refusal(503, 'SERVICE_UNAVAILABLE', null), 3)).toBe(4);
  });

  it('retries a gateway and a lost connection with a growing pause, the connection a bounded number of times', () => {
    expect(retryDelaySeconds(new UnexpectedResponseError(502, '<html>Bad Gateway</html>', null), 1)).toBe(1);
    expect(retryDelaySeconds(new UnexpectedResponseError(504, '', 12), 1)).toBe(12);
    const lost = new ServiceUnreachableError('http://localhost:8080', new Error('fetch failed'));
    expect([1, 2, 3, 4, 5, 6, 7].map((failures) => retryDelaySeconds(lost, failures))).toEqual([1, 2, 4, 8, 16, 30, 30]);
    expect(retryDelaySeconds(lost, MAX_UNREACHABLE_ATTEMPTS)).toBeNull();
  });

  it("gives up at once on what waiting cannot mend", () => {
    for (const [status, code] of [[401, 'INVALID_API_KEY'], [404, 'NOT_FOUND'], [429, 'QUOTA_EXCEEDED'], [500, 'INTERNAL_ERROR']] as const) {
      expect(retryDelaySeconds(refusal(status, code, 60), 1)).toBeNull();
    }
    expect(retryDelaySeconds(new UnexpectedResponseError(404, 'Not Found', null), 1)).toBeNull();
  });

  it('reads again after a pause it was told to take, saying why', async () => {
    const answers: Array<() => string> = [
      () => {
        throw refusal(429, 'RATE_LIMITED', 0);
      },
      () => 'the status',
    ];
    const retries: Array<[string, number]> = [];
    const read = async () => answers.shift()!();
    const value = await readPolitely(read, { signal: new AbortController().signal, onRetry: (reason, seconds) => retries.push([reason, seconds]) });
    expect(value).toBe('the status');
    expect(retries).toEqual([['RATE_LIMITED: refused', 0]]);
  });
});

describe('Ctrl-C', () => {
  it('ends a pause at once', async () => {
    const controller = new AbortController();
    const started = Date.now();
    const paused = pause(60, controller.signal);
    controller.abort();
    await expect(paused).rejects.toBeInstanceOf(WaitInterrupted);
    expect(Date.now() - started).toBeLessThan(1_000);
  });
});
