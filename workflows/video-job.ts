/**
 * One video job: metadata, transcript, the summaries of every mode, then the result is persisted.
 * Deterministic code only: every side effect is an activity. The job's row in Postgres is the
 * system of record; the query below gives finer live progress while the workflow runs.
 */
import { ApplicationFailure, type RetryPolicy, proxyActivities, proxyLocalActivities, setHandler } from '@temporalio/workflow';
import type { JobProgress, JobStep, JobWarning, SummaryRequest } from '../src/domain/job';
import { isJobFailureCode, type JobFailure, type JobFailureCode } from '../src/domain/job-failure';
import type { SummaryMode } from '../src/domain/summary';
import type { createJobActivities, TranscriptFetched } from '../activities/job-activities';
import type { WatchHandover } from '../src/youtube/watch-handover';
import type { createJobEndActivities, JobEnd } from '../activities/finish-job';
import type { createInfographicActivities } from '../activities/infographics';
import type { createSpeechActivities } from '../activities/speech-to-text';
import { FINAL_SOURCE_FAILURES } from '../src/domain/source-failures';
import { jobProgressQuery, type VideoJobInput, type VideoJobOutcome } from '../src/contracts/video-job';
import { startWebhookDelivery } from './start-webhook-delivery';

/** The activities this workflow calls, typed by the factories that build them. */
type JobActivities = ReturnType<typeof createJobActivities>;
type JobEndActivities = JobActivities & ReturnType<typeof createJobEndActivities>;
type InfographicActivities = ReturnType<typeof createInfographicActivities>;
type SpeechActivities = ReturnType<typeof createSpeechActivities>;

/**
 * Progress milestones; speech-to-text chunks share the span between transcript and
 * transcriptionEnd, summaries the span between summariesStart and summariesEnd.
 */
const PROGRESS = {
  started: 5,
  transcript: 20,
  transcriptionEnd: 38,
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
const bookkeeping = proxyLocalActivities<JobEndActivities>({
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
    retry: youTubeRetry(input),
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
    // The metadata step reads the watch page and hands on what the transcript and comments need
    // of it (`watch`), so a job attempt fetches the page once.
    const { watch } = await fetching.fetchVideoMetadata({
      jobId: input.jobId,
      videoId: input.videoId,
      useProxy,
      language: input.language,
      includeComments: input.includeComments ?? false,
      progress: PROGRESS.started,
    });
    // Comments are read beside the transcript and are never fatal: at worst a warning. Nothing
    // waits on them until the summaries, by when they have long been read; their completion
    // brings a workflow task of its own, which overlaps the transcript's fetch.
    const commentsRead = input.includeComments ? readComments(input, useProxy, watch) : Promise.resolve([]);

    advance('fetching_transcript', PROGRESS.transcript);
    const transcript = await readTranscript(input, useProxy, watch, fetching, advance);

    failureCodeForStep = 'SUMMARIZATION_FAILED';
    advance('summarizing', PROGRESS.summariesStart);
    const commentWarnings = await commentsRead;
    const summaryWarnings = await summarizeAll(input.jobId, input.summaryModes, summaryRequestOf(input), summarizing, advance);

    failureCodeForStep = 'INTERNAL_ERROR';
    const infographicWarnings: JobWarning[] = [];
    if (input.generateInfographic) {
      advance('generating_infographic', PROGRESS.infographic);
      infographicWarnings.push(...(await drawInfographic(input.jobId, summaryRequestOf(input))));
    }

    advance('finalizing', PROGRESS.finalizing);
    end = { status: 'completed', warnings: [...transcript.warnings, ...commentWarnings, ...summaryWarnings, ...infographicWarnings] };
  } catch (error) {
    end = { status: 'failed', failure: describeFailure(error, failureCodeForStep) };
  }

  // The end recorded and announced in one local activity; the webhook's delivery is then this
  // workflow's child.
  const ended = await bookkeeping.finishJob({ jobId: input.jobId, end });
  if (ended.webhook) await startWebhookDelivery(ended.webhook);

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
 * The transcript per options.transcript_source: the captions, or speech-to-text from the audio
 * when forced (`speech_to_text`) or when the video has no captions for the job (`auto`).
 */
async function readTranscript(
  input: VideoJobInput,
  useProxy: boolean | null,
  watch: WatchHandover | null,
  fetching: JobActivities,
  advance: (step: JobStep, progress: number) => void,
): Promise<TranscriptFetched> {
  const source = input.transcriptSource ?? 'auto';
  if (source === 'speech_to_text') {
    return transcribeAudio(input, useProxy, 'requested', advance);
  }
  try {
    return await fetching.fetchTranscript({
      jobId: input.jobId,
      videoId: input.videoId,
      language: input.language,
      forceRefresh: input.forceRefresh,
      maxTranscriptLength: input.maxTranscriptLength,
      useProxy,
      watch,
      progress: PROGRESS.transcript,
    });
  } catch (error) {
    if (source === 'auto' && failureType(error) === 'TRANSCRIPT_UNAVAILABLE') {
      return transcribeAudio(input, useProxy, 'no_captions', advance);
    }
    throw error;
  }
}

/**
 * Speech-to-text: the audio prepared on a worker, its chunks transcribed a few at a time (as many
 * as the preparing activity says, STT_PARALLELISM), progress advancing per chunk, the chunks
 * stitched into the transcript. The audio on the workers' disks is removed however this ends.
 */
async function transcribeAudio(
  input: VideoJobInput,
  useProxy: boolean | null,
  reason: 'no_captions' | 'requested',
  advance: (step: JobStep, progress: number) => void,
): Promise<TranscriptFetched> {
  const audio = proxyActivities<SpeechActivities>({
    // A long video's audio: downloaded in parts, heartbeating, then cut by ffmpeg.
    startToCloseTimeout: '30 minutes',
    heartbeatTimeout: '20 seconds',
    retry: youTubeRetry(input),
  });
  const transcribing = proxyActivities<SpeechActivities>({
    // One chunk by one provider call; a local engine on a slow CPU may take a while.
    startToCloseTimeout: '30 minutes',
    heartbeatTimeout: '20 seconds',
    // A provider's 429s and 5xx are retried here, after its Retry-After when it gave one.
    retry: { initialInterval: '2 seconds', backoffCoefficient: 2, maximumInterval: '2 minutes', maximumAttempts: 6 },
  });
  const cleaning = proxyActivities<SpeechActivities>({
    startToCloseTimeout: '1 minute',
    retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumAttempts: 5 },
  });

  advance('transcribing_audio', PROGRESS.transcript);
  const job = { jobId: input.jobId, videoId: input.videoId, language: input.language, useProxy };
  try {
    const prepared = await audio.prepareSpeechAudio({
      ...job,
      forceRefresh: input.forceRefresh,
      maxTranscriptLength: input.maxTranscriptLength,
      reason,
      progress: PROGRESS.transcript,
    });
    if (prepared.kind === 'cached') return prepared.transcript;

    const { chunks } = prepared;
    const span = { from: PROGRESS.transcript, to: PROGRESS.transcriptionEnd };
    let next = 0;
    let done = 0;
    let failure: unknown = null;
    // A few lanes, each taking the next chunk when its last one is done. After a failure no new
    // chunk starts, and the ones under way are awaited before the audio is cleaned away.
    const lane = async () => {
      while (failure === null && next < chunks.length) {
        const chunk = chunks[next++]!;
        try {
          await transcribing.transcribeSpeechChunk({ ...job, chunk, chunkCount: chunks.length, progress: span });
        } catch (error) {
          failure ??= error;
          return;
        }
        done += 1;
        advance('transcribing_audio', span.from + Math.round(((span.to - span.from) * done) / chunks.length));
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, Math.min(prepared.parallelism, chunks.length)) }, lane));
    if (failure !== null) throw failure;

    return await transcribing.finishSpeechTranscript({
      ...job,
      maxTranscriptLength: input.maxTranscriptLength,
      chunkCount: chunks.length,
      progress: PROGRESS.transcriptionEnd,
    });
  } finally {
    try {
      await cleaning.cleanSpeechWork({ jobId: input.jobId });
    } catch {
      // Never the job's outcome: what is left on a disk is swept after a day (src/speech/workspace.ts).
    }
  }
}

/** The type of the activity's own failure, under Temporal's ActivityFailure wrapper. */
function failureType(error: unknown): string | null {
  for (let cause: unknown = error; cause instanceof Error; cause = (cause as { cause?: unknown }).cause) {
    if (cause instanceof ApplicationFailure) return cause.type ?? null;
  }
  return null;
}

/**
 * The video's top comments, saved for the result and the summaries. Their own activity and retry
 * policy: comments turned off are final at once, other failures are retried a few times, and
 * whatever still fails becomes the COMMENTS_UNAVAILABLE warning, never the job's failure.
 */
async function readComments(input: VideoJobInput, useProxy: boolean | null, watch: WatchHandover | null): Promise<JobWarning[]> {
  const reading = proxyActivities<JobActivities>({
    startToCloseTimeout: '2 minutes',
    heartbeatTimeout: '20 seconds',
    retry: youTubeRetry(input, Math.min(3, input.retry.fetchMaxAttempts)),
  });
  try {
    await reading.fetchComments({ jobId: input.jobId, videoId: input.videoId, useProxy, watch });
    return [];
  } catch (error) {
    return [{ code: 'COMMENTS_UNAVAILABLE', field: 'options.include_comments', message: `Comments could not be read: ${failureMessage(error)}` }];
  }
}

/**
 * Retries of the activities that ask YouTube: spaced per the job's configuration, and never on an
 * answer that asking again cannot change.
 */
function youTubeRetry(input: VideoJobInput, maximumAttempts = input.retry.fetchMaxAttempts): RetryPolicy {
  return {
    initialInterval: `${input.retry.fetchInitialIntervalSeconds} seconds`,
    backoffCoefficient: 2,
    maximumAttempts,
    nonRetryableErrorTypes: [...FINAL_SOURCE_FAILURES],
  };
}

/** The infographic is an extra: when it cannot be drawn the job completes without it, with a warning. */
async function drawInfographic(jobId: string, request: Partial<SummaryRequest>): Promise<JobWarning[]> {
  const drawing = proxyActivities<InfographicActivities>({
    startToCloseTimeout: '2 minutes',
    retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumAttempts: 3 },
  });
  try {
    await drawing.renderInfographic({ jobId, request, progress: PROGRESS.infographic });
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

/**
 * What the summaries follow of the request, from the input. custom_instructions is left out when
 * the input lacks it (a workflow started before it was carried), so the activity reads the stored one.
 */
function summaryRequestOf(input: VideoJobInput): Partial<SummaryRequest> {
  return {
    language: input.language,
    forceRefresh: input.forceRefresh,
    ...(input.customInstructions !== undefined ? { customInstructions: input.customInstructions } : {}),
  };
}

async function summarizeAll(
  jobId: string,
  modes: SummaryMode[],
  request: Partial<SummaryRequest>,
  activities: JobActivities,
  advance: (step: 'summarizing', progress: number) => void,
): Promise<JobWarning[]> {
  // One activity loads and analyses the transcript once for every mode, and advances the job row
  // through the span itself.
  const written = await activities.writeSummaries({
    jobId,
    modes,
    request,
    progress: { from: PROGRESS.summariesStart, to: PROGRESS.summariesEnd },
  });
  advance('summarizing', PROGRESS.summariesEnd);
  return written.warnings ?? [];
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
