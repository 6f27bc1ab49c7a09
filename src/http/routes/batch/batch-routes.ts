/** The batch routes (docs/api-behaviour.md#batches): Pro and Admin plans only. */
import type { AnyRoute } from '../../route';
import { listBatchesRoute } from './list';
import { processBatchRoute, type BatchRouteServices } from './process';
import { batchResultsRoute } from './results';
import { batchStatusRoute } from './status';

export function batchRoutes(services: BatchRouteServices): AnyRoute[] {
  return [processBatchRoute(services), batchStatusRoute(services), batchResultsRoute(services), listBatchesRoute(services)];
}
