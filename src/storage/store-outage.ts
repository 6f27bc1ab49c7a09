/**
 * Tells operators when Redis goes and comes back (docs/api-behaviour.md#redis-down): one warning
 * when the connection is lost, one line when it is ready again, whatever the number of requests in
 * between, and the shared_store_up gauge. The service keeps serving meanwhile: throttling counts
 * per process and shared-cache reads miss.
 */
import type { Logger } from 'pino';
import type { ServiceMetrics } from '../metrics/service-metrics';
import type { SharedCache } from './shared-cache';

export function watchStoreOutages(store: SharedCache, logger: Logger, metrics: Pick<ServiceMetrics, 'sharedStoreUp'>): void {
  const redis = store.redis;
  if (!redis) {
    // The in-process store (no REDIS_URL) always answers.
    metrics.sharedStoreUp(true);
    return;
  }
  // Unknown until the first connection settles; a Redis down at start is an outage like any other.
  let up: boolean | null = null;
  metrics.sharedStoreUp(redis.status === 'ready');
  redis.on('ready', () => {
    metrics.sharedStoreUp(true);
    if (up === false) logger.info('Redis answers again: throttling is shared across processes again');
    up = true;
  });
  // 'reconnecting' comes after a lost connection and after each failed attempt to connect again
  // (not after the service closes it); only the first of an outage is told.
  redis.on('reconnecting', () => {
    metrics.sharedStoreUp(false);
    if (up !== false) {
      logger.warn('Redis is unreachable: throttling counts per process and shared-cache reads miss until it is back');
    }
    up = false;
  });
}
