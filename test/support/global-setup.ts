/**
 * Once per test run: the compiled build (`node scripts/build.js --if-stale`, a moment when dist/
 * is current) whose entries the tests that spawn the service run and whose workflow bundle every
 * test's worker loads, and a real Temporal dev server (the same start-up code `npm start` uses, on
 * a throwaway DATA_DIR and a free port).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './ports';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { startDevServer } from '../../src/embedded/temporal-dev-server';

export default async function globalSetup(globalConfig?: { testPathPatterns?: { patterns?: readonly string[] } }): Promise<void> {
  // The documentation checks alone (npx jest test/docs) only read files: no server, no bundle.
  if (onlyDocumentationChecks(globalConfig?.testPathPatterns?.patterns)) return;
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'vd-test-'));
  process.env.TEST_RUN_DIR = root;
  const built = build();

  if (!process.env.TEST_TEMPORAL_ADDRESS) {
    const server = await startDevServer({
      dataDir: path.join(root, 'temporal-data'),
      port: await freePort(),
      uiPort: null,
      namespace: 'default',
      log: () => {},
    });
    process.env.TEST_TEMPORAL_ADDRESS = server.address;
    (globalThis as { __temporalDevServer?: { stop(): Promise<void> } }).__temporalDevServer = server;
  }

  await built;
  process.env.TEST_WORKFLOW_BUNDLE = path.join(ROOT, 'dist', 'workflow-bundles', 'workflows.js');
}

const ROOT = path.resolve(__dirname, '../..');

/** The build, meanwhile the Temporal server starts; its own lines (stderr) are shown only when it fails. */
async function build(): Promise<void> {
  try {
    await promisify(execFile)(process.execPath, [path.join(ROOT, 'scripts', 'build.js'), '--if-stale'], { cwd: ROOT, maxBuffer: 10 * 1024 * 1024 });
  } catch (error) {
    throw new Error(`the build failed: ${(error as { stderr?: string }).stderr ?? String(error)}`);
  }
}

/** Whether every test path the run was given lies under test/docs. */
function onlyDocumentationChecks(patterns: readonly string[] | undefined): boolean {
  return patterns !== undefined && patterns.length > 0 && patterns.every((pattern) => /(^|[\\/])test[\\/]docs([\\/]|$)/.test(pattern));
}
