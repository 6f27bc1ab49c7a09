/**
 * Once per test run: a real Temporal dev server (the same start-up code `npm start` uses, on a
 * throwaway DATA_DIR and a free port) and the workflow bundle, built once for every test file.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './ports';
import { bundleWorkflowCode } from '@temporalio/worker';
import { startDevServer } from '../../src/infra/temporal-dev-server';

export default async function globalSetup(globalConfig?: { testPathPatterns?: { patterns?: readonly string[] } }): Promise<void> {
  // The documentation checks alone (npx jest test/docs) only read files: no server, no bundle.
  if (onlyDocumentationChecks(globalConfig?.testPathPatterns?.patterns)) return;
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'vd-test-'));
  process.env.TEST_RUN_DIR = root;

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

  const bundle = await bundleWorkflowCode({
    workflowsPath: require.resolve('../../workflows'),
    logger: { trace() {}, debug() {}, info() {}, warn() {}, error() {}, log() {} } as never,
  });
  const bundlePath = path.join(root, 'workflow-bundle.js');
  fs.writeFileSync(bundlePath, bundle.code);
  process.env.TEST_WORKFLOW_BUNDLE = bundlePath;
}

/** Whether every test path the run was given lies under test/docs. */
function onlyDocumentationChecks(patterns: readonly string[] | undefined): boolean {
  return patterns !== undefined && patterns.length > 0 && patterns.every((pattern) => /(^|[\\/])test[\\/]docs([\\/]|$)/.test(pattern));
}
