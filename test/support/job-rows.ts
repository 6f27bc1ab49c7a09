/**
 * A job's row as the service stores one, for tests and benchmarks that need jobs in Postgres
 * without running them (usage reports, transcript storage). Written through the jobs repository.
 */
import { issueApiKey } from '../../src/auth/api-key-format';
import { defaultPermissionsFor } from '../../src/domain/access';
import { newJobId } from '../../src/jobs/job-id';
import { createUserWithKey } from '../../src/storage/repositories/users';
import type { Db } from '../../src/storage/database';
import { insertJob } from '../../src/storage/repositories/jobs';
import type { JobRow, NewJobRow } from '../../src/storage/schema';

export interface JobRowSeed {
  /** Default dQw4w9WgXcQ. */
  videoId?: string;
  /** Default ['tldr']. */
  summaryModes?: string[];
  /** Columns to set beyond the defaults: a queued job whose workflow has started. */
  row?: Partial<NewJobRow>;
}

/** A Pro user (with a key) to own such jobs; resolves with the user's id. */
export async function insertJobOwner(db: Db, email: string): Promise<string> {
  const { user } = await createUserWithKey(db, {
    email,
    plan: 'pro',
    key: issueApiKey(),
    keyName: 'test',
    permissions: defaultPermissionsFor('pro'),
  });
  return user.id;
}

export async function insertJobRow(db: Db, userId: string, seed: JobRowSeed = {}): Promise<JobRow> {
  const videoId = seed.videoId ?? 'dQw4w9WgXcQ';
  return insertJob(db, {
    id: newJobId(),
    user_id: userId,
    api_key_id: null,
    batch_id: null,
    video_id: videoId,
    video_url: `https://www.youtube.com/watch?v=${videoId}`,
    request: JSON.stringify({
      url: videoId,
      videoId,
      summaryModes: seed.summaryModes ?? ['tldr'],
      language: null,
      maxTranscriptLength: 10485760,
      includeComments: false,
      generateInfographic: false,
      forceRefresh: false,
      useProxy: null,
      priority: 'normal',
      webhookUrl: null,
      customInstructions: null,
    }),
    status: 'queued',
    current_step: 'queued',
    progress_percentage: 0,
    workflow_started: true,
    error_code: null,
    error_message: null,
    warnings: '[]',
    processing_time: null,
    ...seed.row,
  });
}
