/**
 * Replays workflow histories against the current workflow code, as a worker would run them: a
 * change that would break workflows already running (a reordered or removed step, new
 * non-determinism) shows up here before it is deployed. The CLI's `jobs replay` and the replay
 * test both use it.
 */
import { Worker, type WorkflowBundleWithSourceMap } from '@temporalio/worker';
import type { NamedHistory } from '../src/temporal/workflow-histories';
import { buildWorkflowBundle } from './workflow-bundle';
import type { Tracing } from '../src/tracing/tracing';
import { tracingWorkerOptions } from '../src/tracing/temporal-tracing';

export interface ReplayReport {
  replayed: number;
  failed: Array<{ workflow_id: string; error: string }>;
}

/** Replays every history (one bundle for all); a history that fails is reported, not thrown. */
export async function replayHistories(
  histories: Iterable<NamedHistory> | AsyncIterable<NamedHistory>,
  workflowBundle?: WorkflowBundleWithSourceMap,
  /** Replays as a tracing worker runs them; a prebuilt bundle must then have been built with tracing. */
  tracing?: Tracing,
): Promise<ReplayReport> {
  const report: ReplayReport = { replayed: 0, failed: [] };
  const bundle = workflowBundle ?? (await buildWorkflowBundle({ tracing: Boolean(tracing) }));
  const sinks = tracing ? tracingWorkerOptions(tracing).sinks : undefined;
  const results = Worker.runReplayHistories({ workflowBundle: bundle, sinks, replayName: 'video-digest-replay' }, histories);
  for await (const result of results) {
    report.replayed += 1;
    if (result.error) report.failed.push({ workflow_id: result.workflowId, error: `${result.error.name}: ${result.error.message}` });
  }
  return report;
}
