import type { Config } from '../config';
import type { ActivityDeps } from '../../activities';
import type { Db } from '../storage/database';
import { createYouTubeClient } from '../youtube';
import { createProxyPool } from '../proxies';
import { createSummaryPool } from '../summaries/summary-pool';
import { summaryEngineFrom } from '../summaries/engine-config';
import type { TemporalHandle } from '../temporal/client';
import { createWebhookHttpClient } from '../webhooks';

/**
 * `temporal`: a client for activities that start workflows (webhook deliveries). The summary
 * threads start on first use; whoever stops the worker closes them (`summaries.close()`).
 */
export function createActivityDeps(config: Config, db: Db, temporal: Pick<TemporalHandle, 'client' | 'taskQueue'>): ActivityDeps {
  return {
    db,
    youtube: createYouTubeClient({
      baseUrl: config.YOUTUBE_BASE_URL,
      requestTimeoutMs: config.YOUTUBE_REQUEST_TIMEOUT_MS,
      // use_proxy: the enabled proxies in Postgres (src/proxies, policy in src/youtube/routing.ts).
      proxies: createProxyPool(db),
    }),
    summaries: createSummaryPool({ provider: summaryEngineFrom(config) }),
    summaryFallback: config.SUMMARY_FALLBACK,
    temporal,
    webhooks: {
      http: createWebhookHttpClient({ timeoutMs: config.WEBHOOK_TIMEOUT_MS, allowPrivate: config.ALLOW_PRIVATE_WEBHOOKS }),
      retrySchedule: config.WEBHOOK_RETRY_SCHEDULE,
      attemptTimeoutMs: config.WEBHOOK_TIMEOUT_MS,
    },
    publicBaseUrl: config.publicBaseUrl,
  };
}
