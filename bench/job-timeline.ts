/**
 * Where a video job's time went, read from its workflow's history: each activity from its
 * scheduling to its completion, and the workflow tasks between them (from an activity's
 * completion to the next one's scheduling). A benchmark that compares two kinds of job learns
 * which steps grow, not just that the job did.
 */
import type { Client } from '@temporalio/client';
import type { temporal } from '@temporalio/proto';

type HistoryEvent = temporal.api.history.v1.IHistoryEvent;

/**
 * The steps of a job that reads captions and writes its summaries, in order. The last is the
 * workflow task that records the job's end, and the infographic's activity before it when asked.
 */
export const TIMELINE_STEPS = [
  'workflow task (start)',
  'fetchVideoMetadata',
  'workflow task (after metadata)',
  'fetchTranscript',
  'workflow task (after transcript)',
  'writeSummaries',
  'after writeSummaries, to the end',
] as const;
export type TimelineStep = (typeof TIMELINE_STEPS)[number];

export interface JobTimeline {
  /** Milliseconds per step; a step the history lacks is absent. */
  steps: Partial<Record<TimelineStep, number>>;
  /** Other activities (fetchComments beside the steps, renderInfographic): scheduled to completed, in ms. */
  sideActivities: Record<string, number>;
  /** Workflow start to completion, in ms. */
  totalMs: number;
}

/** The timeline of one completed job workflow (its id is the job's id). */
export async function readJobTimeline(client: Client, workflowId: string): Promise<JobTimeline> {
  const history = await client.workflow.getHandle(workflowId).fetchHistory();
  const events = history.events ?? [];
  const at = (event: HistoryEvent | undefined): number => {
    if (!event?.eventTime) return Number.NaN;
    return Number(event.eventTime.seconds ?? 0) * 1000 + (event.eventTime.nanos ?? 0) / 1e6;
  };
  const scheduled = new Map<string, HistoryEvent>();
  const completedAt = new Map<string, number>();
  const typeOfScheduled = new Map<number, string>();
  for (const event of events) {
    const attributes = event.activityTaskScheduledEventAttributes;
    if (attributes?.activityType?.name) {
      scheduled.set(attributes.activityType.name, event);
      typeOfScheduled.set(Number(event.eventId), attributes.activityType.name);
    }
    const completed = event.activityTaskCompletedEventAttributes;
    if (completed) completedAt.set(typeOfScheduled.get(Number(completed.scheduledEventId)) ?? '', at(event));
  }

  const start = at(events[0]);
  const end = at(events[events.length - 1]);
  const span = (name: string) => (completedAt.get(name) ?? Number.NaN) - at(scheduled.get(name));
  const gap = (from: string, to: string) => at(scheduled.get(to)) - (completedAt.get(from) ?? Number.NaN);
  const candidates: Record<TimelineStep, number> = {
    'workflow task (start)': at(scheduled.get('fetchVideoMetadata')) - start,
    fetchVideoMetadata: span('fetchVideoMetadata'),
    'workflow task (after metadata)': gap('fetchVideoMetadata', 'fetchTranscript'),
    fetchTranscript: span('fetchTranscript'),
    'workflow task (after transcript)': gap('fetchTranscript', 'writeSummaries'),
    writeSummaries: span('writeSummaries'),
    'after writeSummaries, to the end': end - (completedAt.get('writeSummaries') ?? Number.NaN),
  };
  const steps: JobTimeline['steps'] = {};
  for (const step of TIMELINE_STEPS) if (Number.isFinite(candidates[step])) steps[step] = candidates[step];

  const sideActivities: Record<string, number> = {};
  for (const name of scheduled.keys()) {
    if (!(TIMELINE_STEPS as readonly string[]).includes(name) && Number.isFinite(span(name))) sideActivities[name] = span(name);
  }
  return { steps, sideActivities, totalMs: end - start };
}
