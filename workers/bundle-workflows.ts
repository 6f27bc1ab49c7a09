/**
 * Writes the workflow bundle to the file named by its argument. Run as a child process by
 * scripts/build.js (compiled) and by workers/workflow-bundle.ts (from the sources): webpack needs a
 * lot of memory while it bundles, and that memory should leave with the bundler rather than stay
 * in a long-running worker.
 *
 *   node dist/workers/bundle-workflows.js OUT.js [--tracing]
 *
 * With --tracing the bundle also holds Temporal's OpenTelemetry workflow interceptors. They add
 * no commands to a history, so the same histories replay with or without them.
 */
import fs from 'node:fs';
import { bundleWorkflowCode } from '@temporalio/worker';
import { WORKFLOW_TRACING_INTERCEPTORS } from '../src/tracing/temporal-tracing';

const quiet = { trace() {}, debug() {}, info() {}, warn() {}, error() {}, log() {} };

async function main(out: string, tracing: boolean): Promise<void> {
  const bundle = await bundleWorkflowCode({
    workflowsPath: require.resolve('../workflows'),
    workflowInterceptorModules: tracing ? [WORKFLOW_TRACING_INTERCEPTORS] : [],
    logger: quiet as never,
  });
  fs.writeFileSync(out, bundle.code);
}

main(process.argv[2]!, process.argv.includes('--tracing')).catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
