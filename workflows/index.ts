/** Entry point the worker bundles: every workflow the service runs. */
export { videoJobWorkflow } from './video-job';
export { webhookDeliveryWorkflow } from './webhook-delivery';
export { batchWorkflow } from './batch';
