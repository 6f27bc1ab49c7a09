/**
 * One video job: metadata, transcript, the summaries of every mode, then the result is persisted.
 * Deterministic code only: every side effect is an activity. The job's row in Postgres is the
 * system of record; the query below gives finer live progress while the workflow runs.
 */
import { ApplicationFailure, patched, proxyActivities, proxyLocalActivities, setHandler } from '@temporalio/workflow';
import type { JobProgress, JobWarning } from '../src/domain/job';
import { isJobFailureCode, type JobFailure, type JobFailureCode } from '../src/domain/job-failure';
import type { SummaryMode } from '../src/domain/summary';
import type { JobActivities } from '../activities';
import type { JobEnd } from '../activities/notifications';
import { jobProgressQuery, type VideoJobInput, type VideoJobOutcome } from './definitions';

/** Progress milestones; summaries share the span between SUMMARIES_START and SUMMARIES_END. */
const PROGRESS = {
  started: 5,
  transcript: 20,
  summariesStart: 40,
  summariesEnd: 90,
  infographic: 92,
  finalizing: 95,
} as const;

/**
 * The end of a job: its row's terminal state in Postgres, and its announcements (the
 * job.completed / job.failed webhook, the job_failed notice). Short, so local activities; retried
 * until they succeed, since a job must always reach its end and its events must go out.
 */
const bookkeeping = proxyLocalActivities<JobActivities>({
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '30 seconds' },
});

export async function videoJobWorkflow(input: VideoJobInput): Promise<VideoJobOutcome> {
  const state: JobProgress = { status: 'queued', step: 'queued', progress: 0 };
  setHandler(jobProgressQuery, () => ({ ...state }));
  const advance = (step: JobProgress['step'], progress: number) => {
    state.status = 'processing';
    state.step = step;
    state.progress = Math.max(state.progress, progress);
  };

  const fetching = proxyActivities<JobActivities>({
    startToCloseTimeout: '2 minutes',
    heartbeatTimeout: '20 seconds',
    retry: {
      initialInterval: `${input.retry.fetchInitialIntervalSeconds} seconds`,
      backoffCoefficient: 2,
      maximumAttempts: input.retry.fetchMaxAttempts,
      nonRetryableErrorTypes: ['VIDEO_UNAVAILABLE', 'TRANSCRIPT_UNAVAILABLE'],
    },
  });
  const summarizing = proxyActivities<JobActivities>({
    startToCloseTimeout: '10 minutes',
    heartbeatTimeout: '20 seconds',
    // A model provider's 429s and 5xx are retried here (the activity asks for the provider's
    // Retry-After); the last attempt falls back or fails per SUMMARY_FALLBACK.
    retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '1 minute', maximumAttempts: 4 },
  });

  let failureCodeForStep: JobFailureCode = 'INTERNAL_ERROR';
  let end: JobEnd;
  try {
    advance('fetching_metadata', PROGRESS.started);
    const useProxy = input.useProxy ?? null;
    // Workflows started before comments and infographics existed never read nor draw them.
    const extras = patched('comments-and-infographic');
    // Comments are read beside the metadata and the transcript and are never fatal: at worst a
    // warning. Started first, their completion is handled while the metadata is still being
    // fetched, so it adds no workflow task to the job's path.
    const commentsRead = extras && input.includeComments ? readComments(input, useProxy) : Promise.resolve([]);
    await fetching.fetchVideoMetadata({ jobId: input.jobId, videoId: input.videoId, useProxy, progress: PROGRESS.started });

    advance('fetching_transcript', PROGRESS.transcript);
    const transcript = await fetching.fetchTranscript({
      jobId: input.jobId,
      videoId: input.videoId,
      language: input.language,
      forceRefresh: input.forceRefresh,
      maxTranscriptLength: input.maxTranscriptLength,
      useProxy,
      progress: PROGRESS.transcript,
    });

    failureCodeForStep = 'SUMMARIZATION_FAILED';
    advance('summarizing', PROGRESS.summariesStart);
    const commentWarnings = await commentsRead;
    const summaryWarnings = await summarizeAll(input.jobId, input.summaryModes, summarizing, advance);

    failureCodeForStep = 'INTERNAL_ERROR';
    const infographicWarnings: JobWarning[] = [];
    if (extras && input.generateInfographic) {
      advance('generating_infographic', PROGRESS.infographic);
      infographicWarnings.push(...(await drawInfographic(input.jobId)));
    }

    advance('finalizing', PROGRESS.finalizing);
    end = { status: 'completed', warnings: [...transcript.warnings, ...commentWarnings, ...summaryWarnings, ...infographicWarnings] };
  } catch (error) {
    end = { status: 'failed', failure: describeFailure(error, failureCodeForStep) };
  }

  if (patched('job-end-in-one-activity')) {
    // One local activity records the end and announces it, after the patch marker. Before, a
    // patch marker followed the first local activity: a query answered while that activity ran
    // can split its workflow task in two, and core, replaying, then looks for the marker one task
    // early and calls the history nondeterministic (12 of 100 jobs under 20 status pollers).
    await bookkeeping.finishJob({ jobId: input.jobId, end });
  } else {
    if (end.status === 'completed') await bookkeeping.completeJob({ jobId: input.jobId, warnings: end.warnings });
    else await bookkeeping.failJob({ jobId: input.jobId, failure: end.failure });
    // Workflows from before job-end announcements ended here.
    if (patched('job-end-announcements')) await bookkeeping.announceJobEnded({ jobId: input.jobId });
  }

  if (end.status === 'completed') {
    state.status = 'completed';
    state.step = 'completed';
    state.progress = 100;
    return { status: 'completed' };
  }
  state.status = 'failed';
  state.step = 'failed';
  return { status: 'failed', ...end.failure };
}

/**
 * The video's top comments, saved for the result and the summaries. Their own activity and retry
 * policy: comments turned off are final at once, other failures are retried a few times, and
 * whatever still fails becomes the COMMENTS_UNAVAILABLE warning, never the job's failure.
 */
async function readComments(input: VideoJobInput, useProxy: boolean | null): Promise<JobWarning[]> {
  const reading = proxyActivities<JobActivities>({
    startToCloseTimeout: '2 minutes',
    heartbeatTimeout: '20 seconds',
    retry: {
      initialInterval: `${input.retry.fetchInitialIntervalSeconds} seconds`,
      backoffCoefficient: 2,
      maximumAttempts: Math.min(3, input.retry.fetchMaxAttempts),
      nonRetryableErrorTypes: ['COMMENTS_UNAVAILABLE', 'VIDEO_UNAVAILABLE'],
    },
  });
  try {
    await reading.fetchComments({ jobId: input.jobId, videoId: input.videoId, useProxy });
    return [];
  } catch (error) {
    return [{ code: 'COMMENTS_UNAVAILABLE', field: 'options.include_comments', message: `Comments could not be read: ${failureMessage(error)}` }];
  }
}

/** The infographic is an extra: when it cannot be drawn the job completes without it, with a warning. */
async function drawInfographic(jobId: string): Promise<JobWarning[]> {
  const drawing = proxyActivities<JobActivities>({
    startToCloseTimeout: '2 minutes',
    retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumAttempts: 3 },
  });
  try {
    await drawing.renderInfographic({ jobId, progress: PROGRESS.infographic });
    return [];
  } catch (error) {
    return [{ code: 'INFOGRAPHIC_FAILED', field: 'options.generate_infographic', message: `The infographic could not be drawn: ${failureMessage(error)}; infographic_url is null` }];
  }
}

/** The message of the activity's own failure, under Temporal's ActivityFailure wrapper. */
function failureMessage(error: unknown): string {
  for (let cause: unknown = error; cause instanceof Error; cause = (cause as { cause?: unknown }).cause) {
    if (cause instanceof ApplicationFailure) return cause.message;
  }
  return 'unexpected error';
}

async function summarizeAll(
  jobId: string,
  modes: SummaryMode[],
  activities: JobActivities,
  advance: (step: 'summarizing', progress: number) => void,
): Promise<JobWarning[]> {
  // One activity loads and analyses the transcript once for every mode (it advances the job row
  // through the span itself); workflows started before this ran one activity per mode.
  if (patched('summaries-analysed-once')) {
    const written = await activities.writeSummaries({
      jobId,
      modes,
      progress: { from: PROGRESS.summariesStart, to: PROGRESS.summariesEnd },
    });
    advance('summarizing', PROGRESS.summariesEnd);
    return written.warnings ?? [];
  }
  const span = PROGRESS.summariesEnd - PROGRESS.summariesStart;
  let done = 0;
  await Promise.all(
    modes.map(async (mode) => {
      await activities.writeSummary({ jobId, mode, progress: PROGRESS.summariesStart });
      done += 1;
      advance('summarizing', PROGRESS.summariesStart + Math.round((span * done) / modes.length));
    }),
  );
  return [];
}

/** The job's failure code: the typed one an activity raised, else the step's default. */
function describeFailure(error: unknown, fallback: JobFailureCode): JobFailure {
  for (let cause: unknown = error; cause instanceof Error; cause = (cause as { cause?: unknown }).cause) {
    if (cause instanceof ApplicationFailure && isJobFailureCode(cause.type)) {
      return { code: cause.type, message: cause.message };
    }
  }
  const message =
    fallback === 'SUMMARIZATION_FAILED' ? 'The summaries could not be written' : 'The job failed unexpectedly';
  return { code: fallback, message };
}
