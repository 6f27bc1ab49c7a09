/**
 * Migrations are listed here rather than read from disk, so they work the same under tsx, jest
 * and a bundled build. Append only: never edit one that has shipped.
 */
import type { Migration, MigrationProvider } from 'kysely';
import * as m0001 from './0001_initial';
import * as m0002 from './0002_access';
import * as m0003 from './0003_usage';
import * as m0004 from './0004_proxies';
import * as m0005 from './0005_notifications';
import * as m0006 from './0006_webhooks';
import * as m0007 from './0007_batches';
import * as m0008 from './0008_transcripts_as_json';
import * as m0009 from './0009_model_summaries';
import * as m0010 from './0010_artifacts_and_comments';
import * as m0011 from './0011_webhook_attempt_outcomes';
import * as m0012 from './0012_speech_to_text';
import * as m0013 from './0013_request_log_per_second';
import * as m0014 from './0014_billed_summary_tokens';
import * as m0015 from './0015_model_usage_ledger';
import * as m0016 from './0016_transcript_cache_outline';
import * as m0017 from './0017_drop_summary_tokens';
import * as m0019 from './0019_subscriptions';

const MIGRATIONS: Record<string, Migration> = {
  '0001_initial': m0001,
  '0002_access': m0002,
  '0003_usage': m0003,
  '0004_proxies': m0004,
  '0005_notifications': m0005,
  '0006_webhooks': m0006,
  '0007_batches': m0007,
  '0008_transcripts_as_json': m0008,
  '0009_model_summaries': m0009,
  '0010_artifacts_and_comments': m0010,
  '0011_webhook_attempt_outcomes': m0011,
  '0012_speech_to_text': m0012,
  '0013_request_log_per_second': m0013,
  '0014_billed_summary_tokens': m0014,
  '0015_model_usage_ledger': m0015,
  '0016_transcript_cache_outline': m0016,
  '0017_drop_summary_tokens': m0017,
  '0019_subscriptions': m0019,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => MIGRATIONS,
};
