/**
 * Writes the workflow bundle to the file named by its argument. Run as a child process by
 * workers/workflow-bundle.ts: webpack needs ~100 MB while it bundles, and that memory should leave
 * with the bundler rather than stay in a long-running worker.
 *
 *   node --require tsx/cjs workers/bundle-workflows.ts OUT.js
 */
import fs from 'node:fs';
import { bundleWorkflowCode } from '@temporalio/worker';

const quiet = { trace() {}, debug() {}, info() {}, warn() {}, error() {}, log() {} };

async function main(out: string): Promise<void> {
  const bundle = await bundleWorkflowCode({ workflowsPath: require.resolve('../workflows'), logger: quiet as never });
  fs.writeFileSync(out, bundle.code);
}

main(process.argv[2]!).catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
