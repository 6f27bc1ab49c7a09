/** The baseline the job pipeline is compared with: one workflow, one activity, nothing else. */
import { proxyActivities } from '@temporalio/workflow';

const { touch } = proxyActivities<{ touch(n: number): Promise<number> }>({ startToCloseTimeout: '30 seconds' });

export async function bareWorkflow(n: number): Promise<number> {
  return touch(n);
}
