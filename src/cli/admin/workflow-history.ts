/** `cli jobs history JOB_ID`: a job's (or batch's) workflow history, as `temporal workflow show --output json` writes it. */
import { loadConfig } from '../../config';
import { fetchWorkflowHistory, historyAsJson } from '../../temporal/workflow-histories';
import { withTemporal } from '../temporal';
import { workflowIdArgument } from '../workflow-id';

export async function printHistory(jobId: string): Promise<void> {
  const workflowId = workflowIdArgument(jobId);
  const history = await withTemporal(loadConfig(), (client) => fetchWorkflowHistory(client, workflowId));
  process.stdout.write(`${historyAsJson(history)}\n`);
}

