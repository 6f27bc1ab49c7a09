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
  /** http: the links in records; jobs: infographics, batches, reconciling; limits: the plans' quotas; youtube: the fetch retries. */
  config: Pick<Config, 'http' | 'jobs' | 'limits' | 'youtube'>;
}
