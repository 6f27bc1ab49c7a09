/**
 * Writing a job's summaries from what it stored (video, transcript, comments) as its request asks,
 * on a summary thread. The job's summary step uses it, and so does the infographic for the modes its
 * picture draws from that the job did not ask for.
 */
import { Context, ApplicationFailure } from '@temporalio/activity';
import type { SummaryRequest } from '../src/domain/job';
import type { SummaryMode } from '../src/domain/summary';
import type { SummaryPool, SummaryRun } from '../src/summaries/summary-pool';
import type { SummaryEngineConfig } from '../src/summaries/thread/summary-task';
import type { ModelCallCache } from '../src/summaries/llm/call-cache';
import type { Db } from '../src/storage/database';
import * as jobs from '../src/storage/repositories/jobs';
import * as jobComments from '../src/storage/repositories/job-comments';
import * as modelCalls from '../src/storage/repositories/model-calls';

export interface JobSummarizerDeps {
  db: Db;
  /** Summary threads: the engines' CPU work (analysis, tokenizing) stays off the event loop the API shares. */
  summaries: SummaryPool;
}

/**
 * `request`: from the workflow's input. A field it lacks (work scheduled before the input carried
 * it) is taken from the request stored with the job.
 */
export type JobSummarizer = (jobId: string, modes: SummaryMode[], request: Partial<SummaryRequest> | undefined, engine?: SummaryEngineConfig) => Promise<SummaryRun>;

/** Inside an activity: the job's transcript goes to a summary thread as JSON text, parsed there, never on this event loop. */
export function createJobSummarizer(deps: JobSummarizerDeps): JobSummarizer {
  const { db } = deps;
  return async function summarizeJob(jobId, modes, given, engine) {
    const [job, transcriptJson, comments] = await Promise.all([
      jobs.findJob(db, jobId),
      jobs.loadJobTranscriptJson(db, jobId),
      jobComments.loadJobComments(db, jobId),
    ]);
    if (!job || transcriptJson === null) throw ApplicationFailure.nonRetryable('the job or its transcript is missing', 'INTERNAL_ERROR');
    const request: SummaryRequest = {
      language: given?.language !== undefined ? given.language : job.request.language,
      customInstructions: given?.customInstructions !== undefined ? given.customInstructions : job.request.customInstructions,
      forceRefresh: given?.forceRefresh ?? job.request.forceRefresh,
    };
    const video = job.video_info;
    const context = Context.current();
    try {
      return await withHeartbeat(() =>
        deps.summaries.summarize(
          {
            transcriptJson,
            video: {
              title: video?.title ?? '',
              videoUrl: job.video_url,
              channel: video?.channel ?? '',
              durationSeconds: video?.durationSeconds ?? null,
              chapters: video?.chapters ?? [],
              customInstructions: request.customInstructions,
              comments: comments?.items ?? null,
            },
            modes,
            outputLanguage: request.language,
          },
          {
            signal: context.cancellationSignal,
            engine,
            // force_refresh: model calls made before this job was created are not reused.
            cache: modelCallCache(db, request.forceRefresh ? job.created_at : null, { jobId, model: modelOf(engine ?? deps.summaries.engine) }, (error) =>
              context.log.warn('could not keep a model call in the cache; its usage is recorded', { jobId, error: String(error) }),
            ),
          },
        ),
      );
    } catch (error) {
      if (context.cancellationSignal.aborted) throw error;
      context.log.warn('summary engine failed', { jobId, modes, error: String(error) });
      throw ApplicationFailure.retryable(`The ${modes.join(', ')} summaries could not be written`, 'SUMMARIZATION_FAILED');
    }
  };
}

/**
 * The model call cache in Postgres; `notBefore` ignores calls made earlier (force_refresh). A call
 * is stored once made, and entered then in the ledger of the job it was made for: the ledger first
 * and regardless of the cache, since the provider has charged for the call either way. A cache
 * write that fails costs only a later cache miss, so it is reported and the answer still used.
 */
function modelCallCache(db: Db, notBefore: Date | null, madeFor: modelCalls.CallMadeFor, cacheWriteFailed: (error: unknown) => void): ModelCallCache {
  return {
    get: (key) => modelCalls.findModelCall(db, key, notBefore),
    put: async (key, record) => {
      await modelCalls.recordModelUsage(db, record, madeFor);
      await modelCalls.cacheModelCall(db, key, record).catch(cacheWriteFailed);
    },
  };
}

/** The model an engine calls (LLM_MODEL); the built-in engine calls none. */
function modelOf(engine: SummaryEngineConfig): string {
  return 'settings' in engine ? engine.settings.model : '';
}

/**
 * Keeps Temporal informed while a long call runs, so a dead worker is noticed within the heartbeat
 * timeout. The first beat comes after an interval, not at once: the timeout runs from the start,
 * and a beat at once would cost every short activity (most of them) a write on the server.
 */
export async function withHeartbeat<T>(work: () => Promise<T>): Promise<T> {
  const context = Context.current();
  const timer = setInterval(() => context.heartbeat(), 2_000);
  try {
    return await work();
  } finally {
    clearInterval(timer);
  }
}
