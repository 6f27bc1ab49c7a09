/**
 * Every activity the workers run, built by createActivities(deps) so Postgres, Temporal, YouTube,
 * the summarizer and the mailer are injected; workflows import only the types. Each area keeps
 * its activities in its own module and is merged here.
 */
import { createJobActivities, type JobActivityDeps } from './job-activities';

export type ActivityDeps = JobActivityDeps;

export function createActivities(deps: ActivityDeps) {
  return {
    ...createJobActivities(deps),
  };
}

export type Activities = ReturnType<typeof createActivities>;
/** Workflows name the activities they call through this type. */
export type JobActivities = Activities;
