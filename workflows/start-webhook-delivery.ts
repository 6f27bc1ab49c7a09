/**
 * A webhook's delivery as a child of the job or batch workflow that announces it, so the
 * orchestration shows in that workflow's history. Abandoned when the parent closes: its retries go
 * on for about a day after the job has ended.
 */
import { WorkflowExecutionAlreadyStartedError } from '@temporalio/common';
import { ParentClosePolicy, startChild, WorkflowIdReusePolicy } from '@temporalio/workflow';
import { WEBHOOK_DELIVERY_WORKFLOW, type WebhookDeliveryInput } from '../src/contracts/webhook-delivery';
import type { webhookDeliveryWorkflow } from './webhook-delivery';

export async function startWebhookDelivery(delivery: WebhookDeliveryInput): Promise<void> {
  try {
    await startChild<typeof webhookDeliveryWorkflow>(WEBHOOK_DELIVERY_WORKFLOW, {
      // The delivery's id: one workflow per delivery, however often its parent's end is retried.
      workflowId: delivery.deliveryId,
      args: [delivery],
      parentClosePolicy: ParentClosePolicy.ABANDON,
      // A closed delivery workflow is never run again under the same id.
      workflowIdReusePolicy: WorkflowIdReusePolicy.REJECT_DUPLICATE,
    });
  } catch (error) {
    // Started already for the same delivery (by an earlier run of a reset parent): it runs.
    if (!(error instanceof WorkflowExecutionAlreadyStartedError)) throw error;
  }
}
