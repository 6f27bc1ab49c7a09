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
    baseUrl: config.youtube.baseUrl,
    requestTimeoutMs: config.youtube.requestTimeoutMs,
    proxies,
    captionParser: parseLargeCaptionsOnThread(),
  });
  return {
    db,
    metrics,
    youtube,
    transcriptEncoder: encodeLongTranscriptsOnThread(),
    speech: createSpeechToText(config.stt, config.youtube.baseUrl, youtube, proxies),
    summaries: measureModelUsage(createSummaryPool({ provider: summaryEngineFrom(config.llm) }), metrics),
    summaryFallback: config.llm.fallback,
    commentsLimit: config.youtube.commentsLimit,
    artifacts: createArtifactStore(config.artifacts, config.process.dataDir),
    infographics: createInfographicRenderer(),
    webhooks: {
      http: createWebhookHttpClient({ timeoutMs: config.webhooks.timeoutMs, allowPrivate: config.webhooks.allowPrivate }),
      retrySchedule: config.webhooks.retrySchedule,
      attemptTimeoutMs: config.webhooks.timeoutMs,
      deliveriesPerHour: config.webhooks.deliveriesPerHour,
    },
    publicBaseUrl: config.http.publicBaseUrl,
  };
}
