import type { Config } from '../config';
import type { ActivityDeps } from '../../activities';
import type { Db } from '../storage/database';
import { createYouTubeClient } from '../youtube';
import { createProxyPool } from '../proxies';
import { createSummarizer } from '../summaries';

export function createActivityDeps(config: Config, db: Db): ActivityDeps {
  return {
    db,
    youtube: createYouTubeClient({
      baseUrl: config.YOUTUBE_BASE_URL,
      requestTimeoutMs: config.YOUTUBE_REQUEST_TIMEOUT_MS,
      // use_proxy: the enabled proxies in Postgres (src/proxies, policy in src/youtube/routing.ts).
      proxies: createProxyPool(db),
    }),
    summarizer: createSummarizer({ provider: config.SUMMARY_PROVIDER }),
  };
}
