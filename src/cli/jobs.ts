/**
 * Replay debugging from the command line (contract section 8):
 *
 *   cli jobs history JOB_ID              the job's (or batch's) workflow history, as JSON
 *   cli jobs replay JOB_ID               replays it against the current workflow code
 *   cli jobs replay --file PATH...       replays history files (a directory: its .json files)
 *   cli jobs replay --since 24h          replays every job and batch closed since then
 *
 * Temporal is TEMPORAL_ADDRESS's, or the embedded dev server under DATA_DIR: the one a running
 * `npm start` has up, else one started for the command and stopped after it.
 */
import { parseArgs } from 'node:util';
import { Client, Connection } from '@temporalio/client';
import type { Config } from '../config';
import { loadConfig } from '../config';
import { runningDevServerAddress, startDevServer } from '../infra/temporal-dev-server';
import { createLogger } from '../logger';
import { routeTemporalLogs } from '../runtime/temporal-logging';
import {
  closedJobAndBatchHistories,
  fetchWorkflowHistory,
  historyAsJson,
  readHistoryFiles,
  type NamedHistory,
} from '../temporal/workflow-histories';
import { replayHistories } from '../../workers/replay-histories';

export class JobsUsageError extends Error {}

export const JOBS_USAGE = `  cli jobs history JOB_ID
      prints the job's workflow history as JSON (the format of temporal workflow show --output json);
      a batch id gives the batch's parent workflow
  cli jobs replay JOB_ID | --file PATH [--file PATH ...] | --since DURATION
      replays histories against the current workflow code: one job or batch, history files (a
      directory stands for its .json files), or every job and batch closed in the last DURATION
      (30m, 24h, 7d); prints {"replayed":N,"failed":[{"workflow_id","error"}]}; exit 1 if any failed`;

/** Job ids (job_...), batch ids, and the ids of saved histories: no spaces, quotes or slashes. */
const WORKFLOW_ID = /^[A-Za-z0-9_.-]{1,200}$/;

function workflowIdArgument(value: string | undefined): string {
  if (!value) throw new JobsUsageError('a JOB_ID is required');
  if (!WORKFLOW_ID.test(value)) throw new JobsUsageError(`not a job or batch id: ${JSON.stringify(value)}`);
  return value;
}

const DURATION = /^(\d+)(s|m|h|d)$/;
const UNIT_MS = { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

export function parseSince(value: string, now = Date.now()): Date {
  const match = DURATION.exec(value.trim());
  if (!match || Number(match[1]) <= 0) throw new JobsUsageError(`--since must be a duration such as 30m, 24h or 7d, not ${JSON.stringify(value)}`);
  return new Date(now - Number(match[1]) * UNIT_MS[match[2] as keyof typeof UNIT_MS]);
}

export async function jobsHistory(argv: string[]): Promise<void> {
  const { positionals } = parseArgs({ args: argv, options: {}, allowPositionals: true, strict: true });
  if (positionals.length !== 1) throw new JobsUsageError('jobs history takes one JOB_ID');
  const workflowId = workflowIdArgument(positionals[0]);
  const history = await withTemporal(loadConfig(), (client) => fetchWorkflowHistory(client, workflowId));
  process.stdout.write(`${historyAsJson(history)}\n`);
}

/** Resolves to the process's exit code: 0 when every replay was deterministic, 1 otherwise. */
export async function jobsReplay(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    options: { file: { type: 'string', multiple: true }, since: { type: 'string' } },
    allowPositionals: true,
    strict: true,
  });
  const sources = [positionals.length > 0, values.file !== undefined, values.since !== undefined].filter(Boolean).length;
  if (sources !== 1 || positionals.length > 1) throw new JobsUsageError('jobs replay takes one of: a JOB_ID, --file PATH, --since DURATION');

  // The replayer's own log lines go to stderr: stdout carries the report.
  routeTemporalLogs(createLogger('warn', 'cli', process.stderr));
  let report;
  if (values.file) {
    report = await replayHistories(readHistoryFiles(values.file));
  } else {
    const config = loadConfig();
    report = await withTemporal(config, async (client) => {
      if (values.since !== undefined) return replayHistories(closedJobAndBatchHistories(client, parseSince(values.since)));
      const workflowId = workflowIdArgument(positionals[0]);
      const one: NamedHistory = { workflowId, history: await fetchWorkflowHistory(client, workflowId) };
      return replayHistories([one]);
    });
  }
  process.stdout.write(`${JSON.stringify(report)}\n`);
  return report.failed.length === 0 ? 0 : 1;
}

async function withTemporal<T>(config: Config, run: (client: Client) => Promise<T>): Promise<T> {
  let address = config.TEMPORAL_ADDRESS ?? runningDevServerAddress(config.dataDir, config.TEMPORAL_DEV_PORT);
  let stopServer: (() => Promise<void>) | null = null;
  if (!address) {
    const server = await startDevServer({
      dataDir: config.dataDir,
      port: config.TEMPORAL_DEV_PORT,
      uiPort: null,
      namespace: config.TEMPORAL_NAMESPACE,
      cliPath: config.TEMPORAL_CLI_PATH,
      log: (message) => process.stderr.write(`${message}\n`),
    });
    address = server.address;
    stopServer = server.stop;
  }
  const connection = await Connection.connect({ address, connectTimeout: 10_000 });
  try {
    return await run(new Client({ connection, namespace: config.TEMPORAL_NAMESPACE }));
  } finally {
    await connection.close();
    await stopServer?.();
  }
}
