/**
 * `cli jobs replay JOB_ID | --file PATH... | --since 24h`: replays workflow histories against the
 * current workflow code; exit 1 on any nondeterminism.
 */
import type { Client } from '@temporalio/client';
import { loadConfig } from '../../config';
import { createLogger } from '../../logger';
import { routeTemporalLogs } from '../../runtime/temporal-logging';
import { closedJobAndBatchHistories, fetchWorkflowHistory, readHistoryFiles, WorkflowNotFoundError } from '../../temporal/workflow-histories';
import { replayHistories, type ReplayReport } from '../../../workers/replay-histories';
import { EXIT } from '../exit-codes';
import { printJsonLine } from '../output';
import { withTemporal } from '../temporal';
import { UsageError } from '../usage-error';
import { workflowIdArgument } from '../workflow-id';

const DURATION = /^(\d+)(s|m|h|d)$/;
const UNIT_MS = { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

function parseSince(value: string, now = Date.now()): Date {
  const match = DURATION.exec(value.trim());
  if (!match || Number(match[1]) <= 0) throw new UsageError(`--since must be a duration such as 30m, 24h or 7d, not ${JSON.stringify(value)}`);
  return new Date(now - Number(match[1]) * UNIT_MS[match[2] as keyof typeof UNIT_MS]);
}

type HistorySource = { files: string[] } | { since: Date } | { workflowId: string };

/** Checked before Temporal is reached (or started): a typo should not cost a dev server's start. */
function historySource(jobId: string | undefined, options: { file?: string[]; since?: string }): HistorySource {
  const files = options.file ?? [];
  const given = [jobId !== undefined, files.length > 0, options.since !== undefined].filter(Boolean).length;
  if (given !== 1) throw new UsageError('jobs replay takes one of: a JOB_ID, --file PATH, --since DURATION');
  if (files.length > 0) return { files };
  if (options.since !== undefined) return { since: parseSince(options.since) };
  return { workflowId: workflowIdArgument(jobId) };
}

/** Exit code 0 when every replay was deterministic, 1 otherwise. */
export async function replay(jobId: string | undefined, options: { file?: string[]; since?: string }): Promise<void> {
  const source = historySource(jobId, options);
  // The replayer's own log lines go to stderr: stdout carries the report.
  routeTemporalLogs(createLogger('warn', 'cli', process.stderr));
  const report =
    'files' in source
      ? await replayHistories(readHistoryFiles(source.files))
      : await withTemporal(loadConfig(), async (client) => {
          if ('since' in source) return replayHistories(closedJobAndBatchHistories(client, source.since));
          return replayOne(client, source.workflowId);
        });
  printJsonLine(report);
  process.exitCode = report.failed.length === 0 ? EXIT.OK : EXIT.FAILED;
}

/**
 * One job's or batch's history, replayed. An id Temporal does not know is a failed replay like any
 * other, reported on the same line (nothing was replayed), so a script reads one shape whatever happened.
 */
async function replayOne(client: Client, workflowId: string): Promise<ReplayReport> {
  let history;
  try {
    history = await fetchWorkflowHistory(client, workflowId);
  } catch (error) {
    if (!(error instanceof WorkflowNotFoundError)) throw error;
    return { replayed: 0, failed: [{ workflow_id: workflowId, error: `${error.name}: ${error.message}` }] };
  }
  return replayHistories([{ workflowId, history }]);
}
