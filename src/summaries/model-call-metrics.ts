/**
 * Model calls and the tokens they cost, seen from the summary pool. The calls themselves run on
 * summary threads; every answer crosses back through the model call cache on this thread, and a
 * call the provider answered is stored exactly once, with the tokens it was charged. So a hit
 * counts a cached call, and a store counts a paid call and its tokens. (A call that fails after
 * spending tokens, such as structured output invalid twice, is not stored and not counted.)
 */
import type { ModelCallCache } from './llm/call-cache';
import type { SummaryPool } from './summary-pool';
import type { ServiceMetrics } from '../metrics/service-metrics';

export function measureModelUsage(pool: SummaryPool, metrics: ServiceMetrics): SummaryPool {
  return {
    engine: pool.engine,
    stats: () => pool.stats(),
    close: () => pool.close(),
    summarize(job, options = {}) {
      const engine = options.engine ?? pool.engine;
      if (engine.provider === 'extractive' || !options.cache) return pool.summarize(job, options);
      const labels = { provider: engine.provider, model: engine.settings.model };
      const cache: ModelCallCache = options.cache;
      return pool.summarize(job, {
        ...options,
        cache: {
          async get(key) {
            const record = await cache.get(key);
            if (record) metrics.modelCall(labels, 'cache');
            return record;
          },
          async put(key, record) {
            // Paid for whether or not the cache keeps it.
            metrics.modelCall(labels, 'provider');
            metrics.modelTokens(labels, record.inputTokens, record.outputTokens);
            await cache.put(key, record);
          },
        },
      });
    },
  };
}
