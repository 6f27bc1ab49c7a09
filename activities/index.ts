/**
 * Every activity the workers run, built by createActivities(deps) so Postgres, Temporal, YouTube,
 * the summarizer and the mailer are injected; workflows import only the types. Each area keeps
 * its activities in its own module and is merged here.
 */
import { createJobActivities, type JobActivityDeps } from './job-activities';
import { createWebhookActivities, type WebhookActivityDeps } from './webhooks';
import { createJobEndActivities, type JobEndActivityDeps } from './finish-job';
import { createBatchActivities, type BatchActivityDeps } from './batches';
import { createInfographicActivities, type InfographicActivityDeps } from './infographics';
import { createSpeechActivities, type SpeechActivityDeps } from './speech-to-text';

export type ActivityDeps = JobActivityDeps &
  WebhookActivityDeps &
  JobEndActivityDeps &
  BatchActivityDeps &
  InfographicActivityDeps &
  SpeechActivityDeps;

export function createActivities(deps: ActivityDeps) {
  return {
    ...createJobActivities(deps),
    ...createWebhookActivities(deps),
    ...createJobEndActivities(deps),
    ...createBatchActivities(deps),
    ...createInfographicActivities(deps),
    ...createSpeechActivities(deps),
  };
}

/** Everything a worker registers; each workflow types what it calls by the factories it uses. */
export type Activities = ReturnType<typeof createActivities>;
