import type { Config } from '../config';
import type { ActivityDeps } from '../../activities';
import type { Db } from '../storage/database';
import { createYouTubeClient } from '../youtube';
import { createProxyPool } from '../proxies';
import { createSummaryPool } from '../summaries/summary-pool';
import { summaryEngineFrom } from '../summaries/engine-config';
import type { TemporalHandle } from '../temporal/client';
import { createWebhookHttpClient } from '../webhooks';
import { createArtifactStore } from '../artifacts/artifact-store';
import { createInfographicRenderer } from '../infographic/infographic-pool';
import type { ServiceMetrics } from '../metrics/service-metrics';
import { measureModelUsage } from '../metrics/model-usage';

/**
 * `temporal`: a client for activities that start workflows (webhook deliveries). The summary
 * and infographic threads start on first use; whoever stops the worker closes them with the
 * artifact store (`summaries.close()`, `infographics.close()`, `artifacts.close()`).
 */
export function createActivityDeps(
  config: Config,
  db: Db,
  temporal: Pick<TemporalHandle, 'client' | 'taskQueue'>,
  metrics: ServiceMetrics,
): ActivityDeps {
  return {
    db,
    metrics,
    youtube: createYouTubeClient({
      baseUrl: config.YOUTUBE_BASE_URL,
      requestTimeoutMs: config.YOUTUBE_REQUEST_TIMEOUT_MS,
      // use_proxy: the enabled proxies in Postgres (src/proxies, policy in src/youtube/routing.ts).
      proxies: createProxyPool(db),
    }),
    summaries: measureModelUsage(createSummaryPool({ provider: summaryEngineFrom(config) }), metrics),
    summaryFallback: config.SUMMARY_FALLBACK,
    commentsLimit: config.COMMENTS_LIMIT,
    artifacts: createArtifactStore(config),
    infographics: createInfographicRenderer(),
    temporal,
    webhooks: {
      http: createWebhookHttpClient({ timeoutMs: config.WEBHOOK_TIMEOUT_MS, allowPrivate: config.ALLOW_PRIVATE_WEBHOOKS }),
      retrySchedule: config.WEBHOOK_RETRY_SCHEDULE,
      attemptTimeoutMs: config.WEBHOOK_TIMEOUT_MS,
      deliveriesPerHour: config.WEBHOOK_DELIVERIES_PER_HOUR,
    },
    publicBaseUrl: config.publicBaseUrl,
  };
}
