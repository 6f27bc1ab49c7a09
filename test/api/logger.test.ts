import { Writable } from 'node:stream';
import { createLogger } from '../../src/logger';

/** A logger whose lines are collected, parsed. */
function capturingLogger() {
  const lines: any[] = [];
  const destination = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { logger: createLogger('info', 'test', destination), lines };
}

it('logs an error by type, code and message, with its cause, and never its stack', () => {
  const { logger, lines } = capturingLogger();
  const cause = Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' });
  const error = new TypeError('the upstream call failed', { cause });
  logger.error({ err: error, requestId: 'r-1' }, 'request failed');

  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatchObject({
    msg: 'request failed',
    requestId: 'r-1',
    err: { type: 'TypeError', message: 'the upstream call failed', cause: { type: 'Error', message: 'socket hang up', code: 'ECONNRESET' } },
  });
  expect(JSON.stringify(lines[0])).not.toMatch(/stack|logger\.test\.ts|at Object\./);
});

it('logs what was thrown when it is not an Error', () => {
  const { logger, lines } = capturingLogger();
  logger.warn({ err: 'a string' }, 'odd throw');
  expect(lines[0].err).toEqual({ type: 'string', message: 'a string' });
});

it('redacts keys and authorization headers wherever they are logged', () => {
  const { logger, lines } = capturingLogger();
  logger.info({ headers: { authorization: 'Bearer sk_secret' }, request: { api_key: 'sk_other' }, key: 'sk_third' }, 'call');
  const line = JSON.stringify(lines[0]);
  expect(line).not.toContain('sk_');
  expect(lines[0].headers.authorization).toBe('[redacted]');
  expect(lines[0].key).toBe('[redacted]');
});

it('treats the Temporal SDK\'s `error` the same way, and leaves a plain value under that key as it is', () => {
  const { logger, lines } = capturingLogger();
  logger.warn({ error: new RangeError('activity failed') }, 'Activity failed');
  logger.warn({ error: 'Error: described' }, 'summary engine failed');
  expect(lines[0].error).toEqual({ type: 'RangeError', message: 'activity failed' });
  expect(lines[1].error).toBe('Error: described');
});
