/**
 * Workflow histories for replay debugging: a job's or batch's history from Temporal, every job and
 * batch closed since a time, and history files. The JSON is the format `temporal workflow show
 * --output json` writes (proto3 JSON), which Temporal's replayers, the Web UI's download and the
 * saved histories in test/workflows/histories all use.
 */
import fs from 'node:fs';
import path from 'node:path';
import { isGrpcServiceError, type Client } from '@temporalio/client';
import type { HistoryAndWorkflowId } from '@temporalio/common';
import { historyFromJSON, historyToJSON } from '@temporalio/common/lib/proto-utils';

export type WorkflowHistory = ReturnType<typeof historyFromJSON>;

/** A history and the workflow id it is replayed under, as Temporal's replayer takes them. */
export type NamedHistory = HistoryAndWorkflowId;

/** The workflows a job or a batch runs as, by type name (workflows/index.ts). */
export const JOB_AND_BATCH_WORKFLOW_TYPES = ['videoJobWorkflow', 'batchWorkflow'] as const;

export class WorkflowNotFoundError extends Error {
  override readonly name = 'WorkflowNotFoundError';
}

/** gRPC's status code NOT_FOUND, which the history call answers for an unknown workflow id. */
const GRPC_NOT_FOUND = 5;

/** A job's or a batch's history: their ids are their workflows' ids. */
export async function fetchWorkflowHistory(client: Client, workflowId: string): Promise<WorkflowHistory> {
  try {
    return await client.workflow.getHandle(workflowId).fetchHistory();
  } catch (error) {
    if ((error as Error).name === 'WorkflowNotFoundError' || (isGrpcServiceError(error) && error.code === GRPC_NOT_FOUND)) throw new WorkflowNotFoundError(`no workflow with id ${workflowId}`);
    throw error;
  }
}

/** Every job and batch workflow that closed at or after `since`, with its history, as Temporal lists them. */
export function closedJobAndBatchHistories(client: Client, since: Date): AsyncIterable<NamedHistory> {
  const types = JOB_AND_BATCH_WORKFLOW_TYPES.map((type) => `'${type}'`).join(', ');
  const query = `WorkflowType IN (${types}) AND ExecutionStatus != 'Running' AND CloseTime >= '${since.toISOString()}'`;
  return client.workflow.list({ query }).intoHistories();
}

export function historyAsJson(history: WorkflowHistory): string {
  return historyToJSON(history);
}

/**
 * History files, each named for its workflow by its file name; a directory stands for the
 * `.json` files in it. Throws for a file that is not a history.
 */
export function readHistoryFiles(paths: readonly string[]): NamedHistory[] {
  const files = paths.flatMap((given) =>
    fs.statSync(given).isDirectory()
      ? fs
          .readdirSync(given)
          .filter((name) => name.endsWith('.json'))
          .sort()
          .map((name) => path.join(given, name))
      : [given],
  );
  return files.map((file) => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(fs.readFileSync(file, 'utf8'));
    } catch (error) {
      throw new Error(`${file} is not JSON: ${(error as Error).message}`);
    }
    const events = (parsed as { events?: unknown } | null)?.events;
    if (!Array.isArray(events)) throw new Error(`${file} is not a workflow history (no "events")`);
    // A history begins with the workflow's start; the replayer reads that first event unchecked.
    if (events.length === 0) throw new Error(`${file} is not a workflow history (its "events" are empty)`);
    return { workflowId: path.basename(file).replace(/\.json$/, ''), history: historyFromJSON(parsed) };
  });
}
