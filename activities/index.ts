/**
 * Every activity the workers run, built by createActivities(deps) so Postgres, Temporal, YouTube,
 * the summarizer and the mailer are injected; workflows import only the types. Each area keeps
 * its activities in its own module and is merged here.
 */
import { createJobActivities, type JobActivityDeps } from './job-activities';
import { createWebhookActivities, type WebhookActivityDeps } from './webhooks';
import { createNotificationActivities, type NotificationActivityDeps } from './notifications';
import { createBatchActivities, type BatchActivityDeps } from './batches';
import { createInfographicActivities, type InfographicActivityDeps } from './infographics';

export type ActivityDeps = JobActivityDeps & WebhookActivityDeps & NotificationActivityDeps & BatchActivityDeps & InfographicActivityDeps;

export function createActivities(deps: ActivityDeps) {
  return {
    ...createJobActivities(deps),
    ...createWebhookActivities(deps),
    ...createNotificationActivities(deps),
    ...createBatchActivities(deps),
    ...createInfographicActivities(deps),
  };
}

export type Activities = ReturnType<typeof createActivities>;
/** Workflows name the activities they call through this type. */
export type JobActivities = Activities;
