import type { Config } from '../src/config';
import type { ActivityDeps } from '../activities';
import type { Db } from '../src/storage/database';
import { createYouTubeClient, parseLargeCaptionsOnThread } from '../src/youtube';
import { encodeLongTranscriptsOnThread } from '../src/transcripts/transcript-encoder';
import { createProxyPool } from '../src/proxies';
import { createSpeechToText } from '../src/speech';
import { createSummaryPool } from '../src/summaries/summary-pool';
import { summaryEngineFrom } from '../src/summaries/engine-config';
import { createWebhookHttpClient } from '../src/webhooks';
import { createArtifactStore } from '../src/artifacts/open-artifact-store';
import { createInfographicRenderer } from '../src/infographic/infographic-pool';
import type { ServiceMetrics } from '../src/metrics/service-metrics';
import { measureModelUsage } from '../src/summaries/model-call-metrics';

/**
 * The summary, infographic, caption and transcript threads start on first use; whoever stops the
 * worker closes them with the artifact store (`summaries.close()`, `infographics.close()`, `youtube.close()`,
 * `transcriptEncoder.close()`, `artifacts.close()`).
 */
export function createActivityDeps(
  config: Config,
  db: Db,
  metrics: ServiceMetrics,
): ActivityDeps {
  // use_proxy: the enabled proxies in Postgres (src/proxies, policy in src/youtube/routing.ts).
  const proxies = createProxyPool(db);
  const youtube = createYouTubeClient({
    baseUrl: config.YOUTUBE_BASE_URL,
    requestTimeoutMs: config.YOUTUBE_REQUEST_TIMEOUT_MS,
    proxies,
    captionParser: parseLargeCaptionsOnThread(),
  });
  return {
    db,
    metrics,
    youtube,
    transcriptEncoder: encodeLongTranscriptsOnThread(),
    speech: createSpeechToText(config, youtube, proxies),
    summaries: measureModelUsage(createSummaryPool({ provider: summaryEngineFrom(config) }), metrics),
    summaryFallback: config.SUMMARY_FALLBACK,
    commentsLimit: config.COMMENTS_LIMIT,
    artifacts: createArtifactStore(config),
    infographics: createInfographicRenderer(),
    webhooks: {
      http: createWebhookHttpClient({ timeoutMs: config.WEBHOOK_TIMEOUT_MS, allowPrivate: config.ALLOW_PRIVATE_WEBHOOKS }),
      retrySchedule: config.WEBHOOK_RETRY_SCHEDULE,
      attemptTimeoutMs: config.WEBHOOK_TIMEOUT_MS,
      deliveriesPerHour: config.WEBHOOK_DELIVERIES_PER_HOUR,
    },
    publicBaseUrl: config.publicBaseUrl,
  };
}
