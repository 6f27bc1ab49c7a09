import { UsageError } from './usage-error';

/** Job ids (job_...), batch ids, and the ids of saved histories: no spaces, quotes or slashes. */
const WORKFLOW_ID = /^[A-Za-z0-9_.-]{1,200}$/;

export function workflowIdArgument(value: string | undefined): string {
  if (!value) throw new UsageError('a JOB_ID is required');
  if (!WORKFLOW_ID.test(value)) throw new UsageError(`not a job or batch id: ${JSON.stringify(value)}`);
  return value;
}
