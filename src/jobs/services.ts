import type { Logger } from 'pino';
import type { Config } from '../config';
import type { Db } from '../storage/database';
import type { SharedCache } from '../storage/shared-cache';
import type { TemporalHandle } from '../temporal/client';
import type { JobLookup } from './job-lookup';
import type { ServiceMetrics } from '../metrics/service-metrics';

/** What the job use-cases need; passed in, never imported, so tests hand in real instances. */
export interface JobServices {
  db: Db;
  store: SharedCache;
  temporal: TemporalHandle;
  jobs: JobLookup;
  logger: Logger;
  /** The process's metrics; absent, nothing is measured (the app built alone, e.g. to describe the API). */
  metrics?: ServiceMetrics;
  config: Pick<
    Config,
    'publicBaseUrl' | 'PLAN_LIMITS' | 'FETCH_MAX_ATTEMPTS' | 'FETCH_INITIAL_RETRY_SECONDS' | 'STATUS_QUERY_TIMEOUT_MS' | 'RECONCILE_AFTER_SECONDS' | 'BATCH_CONCURRENCY' | 'INFOGRAPHICS_ENABLED'
  >;
}
