/**
 * src/runtime/own-source-maps.ts, in a process started as the service is (node --require tsx/cjs):
 * Node keeps the source maps of our modules, not those of packages, and a stack trace still
 * points into the TypeScript.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const PROBE = path.join(__dirname, '../fixtures/source-maps/probe.ts');

test('keeps our source maps and not the packages\', and stack traces still map', async () => {
  const { stdout } = await run(process.execPath, ['--require', 'tsx/cjs', PROBE], { cwd: path.join(__dirname, '../..') });
  const probe = JSON.parse(stdout) as { packageMapKept: boolean; ownMapKept: boolean; sourceMapsEnabled: boolean; frame: string };

  expect(probe.packageMapKept).toBe(false);
  expect(probe.ownMapKept).toBe(true);
  expect(probe.sourceMapsEnabled).toBe(true);
  expect(probe.frame).toMatch(/throwFromHere .*thrower\.ts:4:\d+\)$/);
});
