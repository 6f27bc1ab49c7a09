/**
 * A webhook delivery recorded and its workflow started the way a job or batch workflow's end does
 * (recordWebhookDelivery, then the delivery workflow under the delivery's id), from a client: for
 * tests and benchmarks of delivery alone, without a job around it.
 */
import { WorkflowExecutionAlreadyStartedError } from '@temporalio/client';
import type { TemporalHandle } from '../../src/temporal/client';
import { recordWebhookDelivery, WEBHOOK_DELIVERY_WORKFLOW, type ScheduleWebhookInput, type WebhookDeps } from '../../src/webhooks';

export async function startWebhookDelivery(
  deps: WebhookDeps & { temporal: Pick<TemporalHandle, 'client' | 'taskQueue'> },
  input: ScheduleWebhookInput,
): Promise<{ deliveryId: string }> {
  const recorded = await recordWebhookDelivery(deps, input);
  if (recorded.start) {
    try {
      await deps.temporal.client.workflow.start(WEBHOOK_DELIVERY_WORKFLOW, {
        taskQueue: deps.temporal.taskQueue,
        workflowId: recorded.deliveryId,
        args: [recorded.start],
        workflowIdReusePolicy: 'REJECT_DUPLICATE',
      });
    } catch (error) {
      // The same delivery recorded twice at once: its one workflow runs.
      if (!(error instanceof WorkflowExecutionAlreadyStartedError)) throw error;
    }
  }
  return { deliveryId: recorded.deliveryId };
}
