/** The I/O of one video job: YouTube, the transcript cache, summaries, the job's row. */
import { Context, ApplicationFailure } from '@temporalio/activity';
import type { JobWarning, SummaryRequest } from '../src/domain/job';
import type { SummaryEntry, SummaryMode } from '../src/domain/summary';
import type { ModeFailure } from '../src/summaries/thread/summary-task';
import type { Transcript } from '../src/domain/transcript';
import * as jobs from '../src/storage/repositories/jobs';
import * as jobComments from '../src/storage/repositories/job-comments';
import * as transcriptCache from '../src/storage/repositories/transcript-cache';
import { YouTubeError, type WatchHandover, type YouTubeClient } from '../src/youtube';
import { truncateTranscript, countWords, measureTranscript, outlineTranscript } from '../src/domain/transcript-limits';
import type { TranscriptEncoder } from '../src/transcripts/transcript-encoder';
import { createJobSummarizer, withHeartbeat, type JobSummarizerDeps } from './summarize-job';
import type { JobEndDeps } from './end-job-row';

export interface JobActivityDeps extends JobSummarizerDeps, JobEndDeps {
  youtube: YouTubeClient;
  /** A transcript's JSON and measures for the cache; a long one's off the event loop. */
  transcriptEncoder: TranscriptEncoder;
  /** SUMMARY_FALLBACK: what happens to a mode the model still cannot write after the retries. */
  summaryFallback: 'extractive' | 'fail';
  /** COMMENTS_LIMIT: top comments read per job. */
  commentsLimit: number;
}

export interface SummariesWritten {
  /** Whole-transcript analyses made: one per job for the extractive engine. */
  analyses: number;
  analysisMs: number;
  /** SUMMARY_FALLBACK warnings for the job (absent in results recorded before model engines). */
  warnings?: JobWarning[];
}

export interface VideoRead {
  title: string;
  /** What the watch page tells the later steps; null when the metadata came from another client. */
  watch: WatchHandover | null;
}

export interface TranscriptFetched {
  language: string;
  source: Transcript['source'];
  wordCount: number;
  truncated: boolean;
  warnings: JobWarning[];
}

export function createJobActivities(deps: JobActivityDeps) {
  const { db } = deps;

  const summarizeJob = createJobSummarizer(deps);

  return {
    /**
     * The video's metadata, and what its watch page tells the transcript and comments steps
     * (`watch`, a few KB at most): the workflow passes it on, so a job attempt reads the page once.
     */
    async fetchVideoMetadata(input: {
      jobId: string;
      videoId: string;
      useProxy?: boolean | null;
      language: string | null;
      includeComments: boolean;
      progress: number;
    }): Promise<VideoRead> {
      await jobs.recordStep(db, input.jobId, 'fetching_metadata', input.progress);
      const { metadata, watch } = await withHeartbeat(() =>
        callYouTube(() =>
          deps.youtube.readVideo(input.videoId, {
            useProxy: input.useProxy ?? null,
            handover: { language: input.language, comments: input.includeComments },
          }),
        ),
      );
      await jobs.saveVideoInfo(db, input.jobId, metadata);
      return { title: metadata.title, watch };
    },

    async fetchTranscript(input: {
      jobId: string;
      videoId: string;
      language: string | null;
      forceRefresh: boolean;
      maxTranscriptLength: number;
      useProxy?: boolean | null;
      /** From fetchVideoMetadata: the watch page is not read again. */
      watch?: WatchHandover | null;
      progress: number;
    }): Promise<TranscriptFetched> {
      await jobs.recordStep(db, input.jobId, 'fetching_transcript', input.progress);
      const outcome = (
        taken: Pick<Transcript, 'language' | 'source' | 'translated'>,
        wordCount: number,
        truncated: boolean,
      ): TranscriptFetched => ({
        language: taken.language,
        source: taken.source,
        wordCount,
        truncated,
        warnings: transcriptWarnings(taken, input.language, truncated, input.maxTranscriptLength),
      });

      // A cached transcript that fits the job's limit is copied inside Postgres with the measures
      // the cache keeps: its segments never come here. A 10 MB one is a quarter of a million of
      // them, and loading them would hold the event loop the API shares under `npm start`.
      const whole = input.forceRefresh ? null : await transcriptCache.getCachedTranscriptOutline(db, input.videoId, input.language);
      if (
        whole &&
        whole.outline.textBytes <= input.maxTranscriptLength &&
        (await jobs.copyCachedTranscript(db, input.jobId, whole.version, whole.outline.wordCount))
      ) {
        return outcome(whole.outline, whole.outline.wordCount, false);
      }

      // Otherwise the segments come here: fetched now (and cached, with the outline), or read from an
      // entry too long for this job's limit, or from one written before the cache kept outlines.
      const { transcript: full, version, measures, outlined } = await withHeartbeat(async () => {
        const cached = input.forceRefresh ? null : await transcriptCache.getCachedTranscript(db, input.videoId, input.language);
        if (cached) {
          // The outline read above is this very version's, unless the entry was written again since.
          const known = whole?.version.rowVersion === cached.version.rowVersion ? whole.outline : null;
          return { ...cached, measures: known ?? measureTranscript(cached.transcript.segments), outlined: known !== null };
        }
        const fetched = await callYouTube(() =>
          deps.youtube.getTranscript(input.videoId, { language: input.language, useProxy: input.useProxy ?? null, watch: input.watch ?? null }),
        );
        const encoded = await deps.transcriptEncoder.encode(fetched);
        const written = await transcriptCache.putCachedTranscript(db, input.videoId, input.language, fetched, encoded);
        return { transcript: fetched, version: written, measures: encoded.measures, outlined: true };
      });
      const kept = measures.textBytes <= input.maxTranscriptLength ? { transcript: full, truncated: false } : truncateTranscript(full, input.maxTranscriptLength);
      const wordCount = kept.truncated ? countWords(kept.transcript.segments) : measures.wordCount;
      await jobs.saveJobTranscript(db, input.jobId, kept.transcript, { truncated: kept.truncated, wordCount }, version);
      // So that the next job takes the entry whole.
      if (!outlined) await transcriptCache.recordCachedTranscriptOutline(db, version, outlineTranscript(full, measures));
      return outcome(full, wordCount, kept.truncated);
    },

    /** The video's top comments (include_comments), saved for the result and the summaries. */
    async fetchComments(input: { jobId: string; videoId: string; useProxy: boolean | null; watch?: WatchHandover | null }): Promise<{ fetched: number }> {
      const comments = await withHeartbeat(() =>
        callYouTube(() => deps.youtube.getComments(input.videoId, { useProxy: input.useProxy, limit: deps.commentsLimit, watch: input.watch ?? null })),
      );
      await jobComments.saveJobComments(db, input.jobId, comments);
      return { fetched: comments.fetched };
    },

    /**
     * Every mode of a job from one load and one analysis of its transcript. Progress moves
     * through `progress.from`..`progress.to` as each mode is saved.
     */
    async writeSummaries(input: {
      jobId: string;
      modes: SummaryMode[];
      /** Absent in work scheduled before the workflow handed it on. */
      request?: Partial<SummaryRequest>;
      progress: { from: number; to: number };
    }): Promise<SummariesWritten> {
      const { from, to } = input.progress;
      await jobs.recordStep(db, input.jobId, 'summarizing', from);
      const run = await summarizeJob(input.jobId, input.modes, input.request);
      const saveAll = async (entries: SummaryEntry[]) => {
        for (const entry of entries) {
          await jobs.saveSummary(db, input.jobId, entry);
          saved += 1;
          await jobs.recordStep(db, input.jobId, 'summarizing', from + Math.round(((to - from) * saved) / input.modes.length));
        }
      };
      let saved = 0;
      await saveAll(run.entries);
      const warnings: JobWarning[] = [];
      if (run.failures.length > 0) {
        const fallback = await settleModelFailures(run.failures, deps.summaryFallback);
        const rescued = await summarizeJob(input.jobId, fallback.modes, input.request, { provider: 'extractive' });
        await saveAll(rescued.entries);
        warnings.push(fallback.warning);
      }
      return { analyses: run.analyses, analysisMs: Math.round(run.analysisMs), warnings };
    },
  };
}


/**
 * Modes the model could not write. While Temporal has attempts left and a retry can help, the
 * activity fails retryably, after the provider's Retry-After when it gave one (finished calls are
 * in the cache, so the retry pays only for the rest). Otherwise the modes go to the built-in
 * engine with a SUMMARY_FALLBACK warning, or the job fails SUMMARIZATION_FAILED.
 */
async function settleModelFailures(failures: ModeFailure[], policy: 'extractive' | 'fail'): Promise<{ modes: SummaryMode[]; warning: JobWarning }> {
  const { info } = Context.current();
  const maximumAttempts = info.retryPolicy?.maximumAttempts ?? 1;
  const attemptsLeft = maximumAttempts === 0 || info.attempt < maximumAttempts;
  const retryable = failures.filter((failure) => failure.kind === 'retryable');
  const modes = failures.map((failure) => failure.mode);
  const reasons = [...new Set(failures.map((failure) => failure.message))].join('; ');
  if (retryable.length > 0 && attemptsLeft) {
    const waitMs = Math.max(0, ...retryable.map((failure) => failure.retryAfterMs ?? 0));
    throw ApplicationFailure.create({
      type: 'MODEL_UNAVAILABLE',
      message: `The model could not write ${modes.join(', ')}: ${reasons}`,
      nonRetryable: false,
      nextRetryDelay: waitMs > 0 ? waitMs : undefined,
    });
  }
  if (policy === 'fail') {
    throw ApplicationFailure.nonRetryable(`The model could not write ${modes.join(', ')}: ${reasons}`, 'SUMMARIZATION_FAILED');
  }
  return {
    modes,
    warning: {
      code: 'SUMMARY_FALLBACK',
      field: 'summary_modes',
      message: `The language model could not write ${modes.join(', ')} (${reasons}); the built-in extractive engine wrote ${modes.length === 1 ? 'it' : 'them'}`,
    },
  };
}

/** YouTube's verdicts become typed failures the workflow maps to the job's error code. */
export async function callYouTube<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!(error instanceof YouTubeError)) throw error;
    if (error.final) throw ApplicationFailure.nonRetryable(error.message, error.kind);
    // Blocks are often temporary (rate limits, a flagged IP): retried, then final.
    if (error.kind === 'SOURCE_BLOCKED') throw ApplicationFailure.retryable(error.message, 'SOURCE_BLOCKED');
    // TRANSIENT. Only "no answer at all" is SOURCE_UNREACHABLE (docs/api-behaviour.md#job-failure-codes:
    // DNS, connection, TLS, timeouts); YouTube answering badly (5xx, unusable answers) was reached,
    // so it stays INTERNAL_ERROR. Retried either way: the last attempt's type becomes the job's code.
    if (error.unreachable) {
      throw ApplicationFailure.retryable(`YouTube could not be reached: ${error.message}`, 'SOURCE_UNREACHABLE');
    }
    throw ApplicationFailure.retryable(`YouTube did not give a usable answer: ${error.message}`, 'INTERNAL_ERROR');
  }
}

function transcriptWarnings(
  transcript: Pick<Transcript, 'language' | 'translated'>,
  requestedLanguage: string | null,
  truncated: boolean,
  maxBytes: number,
): JobWarning[] {
  const warnings: JobWarning[] = [];
  if (truncated) warnings.push(truncationWarning(maxBytes));
  if (transcript.translated) {
    warnings.push({
      code: 'TRANSCRIPT_TRANSLATED',
      field: 'options.language',
      message: `No captions in "${requestedLanguage}"; YouTube's machine translation was used`,
    });
  } else if (requestedLanguage && !sameLanguage(requestedLanguage, transcript.language)) {
    warnings.push({
      code: 'LANGUAGE_FALLBACK',
      field: 'options.language',
      message: `No captions in "${requestedLanguage}"; the video's own "${transcript.language}" captions were used`,
    });
  }
  return warnings;
}

export function truncationWarning(maxBytes: number): JobWarning {
  return {
    code: 'TRANSCRIPT_TRUNCATED',
    field: 'options.max_transcript_length',
    message: `The transcript was cut at a segment boundary to stay within ${maxBytes} bytes`,
  };
}

const sameLanguage = (a: string, b: string) => a.toLowerCase().split('-')[0] === b.toLowerCase().split('-')[0];
