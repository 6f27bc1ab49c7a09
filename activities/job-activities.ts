/** The I/O of one video job: YouTube, the transcript cache, summaries, the job's row. */
import { Context, ApplicationFailure } from '@temporalio/activity';
import type { JobWarning } from '../src/domain/job';
import type { JobFailure } from '../src/domain/job-failure';
import type { Summarizer, SummaryMode } from '../src/domain/summary';
import type { Transcript } from '../src/domain/transcript';
import type { Db } from '../src/storage/database';
import * as jobs from '../src/storage/repositories/jobs';
import * as transcriptCache from '../src/storage/repositories/transcript-cache';
import { YouTubeError, type YouTubeClient } from '../src/youtube';
import { truncateTranscript, countWords } from '../src/domain/transcript-limits';

export interface JobActivityDeps {
  db: Db;
  youtube: YouTubeClient;
  summarizer: Summarizer;
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

  return {
    async fetchVideoMetadata(input: { jobId: string; videoId: string; useProxy?: boolean | null; progress: number }): Promise<{ title: string }> {
      await jobs.recordStep(db, input.jobId, 'fetching_metadata', input.progress);
      const metadata = await withHeartbeat(() =>
        callYouTube(() => deps.youtube.getMetadata(input.videoId, { useProxy: input.useProxy ?? null })),
      );
      await jobs.saveVideoInfo(db, input.jobId, metadata);
      return { title: metadata.title };
    },

    async fetchTranscript(input: {
      jobId: string;
      videoId: string;
      language: string | null;
      forceRefresh: boolean;
      maxTranscriptLength: number;
      useProxy?: boolean | null;
      progress: number;
    }): Promise<TranscriptFetched> {
      await jobs.recordStep(db, input.jobId, 'fetching_transcript', input.progress);
      const full = await withHeartbeat(async () => {
        const cached = input.forceRefresh ? null : await transcriptCache.getCachedTranscript(db, input.videoId, input.language);
        if (cached) return cached;
        const fetched = await callYouTube(() =>
          deps.youtube.getTranscript(input.videoId, { language: input.language, useProxy: input.useProxy ?? null }),
        );
        await transcriptCache.putCachedTranscript(db, input.videoId, input.language, fetched);
        return fetched;
      });
      const kept = truncateTranscript(full, input.maxTranscriptLength);
      const wordCount = countWords(kept.transcript.segments);
      await jobs.saveJobTranscript(db, input.jobId, kept.transcript, { truncated: kept.truncated, wordCount });
      return {
        language: kept.transcript.language,
        source: kept.transcript.source,
        wordCount,
        truncated: kept.truncated,
        warnings: transcriptWarnings(full, input.language, kept.truncated, input.maxTranscriptLength),
      };
    },

    async writeSummary(input: { jobId: string; mode: SummaryMode; progress: number }): Promise<void> {
      await jobs.recordStep(db, input.jobId, 'summarizing', input.progress);
      const [job, stored] = await Promise.all([jobs.findJob(db, input.jobId), jobs.loadJobTranscript(db, input.jobId)]);
      if (!job || !stored) throw ApplicationFailure.nonRetryable('the job or its transcript is missing', 'INTERNAL_ERROR');
      const video = job.video_info;
      let entry;
      try {
        entry = await withHeartbeat(() =>
          deps.summarizer.summarize(
            {
              title: video?.title ?? '',
              channel: video?.channel ?? '',
              language: stored.transcript.language,
              durationSeconds: video?.durationSeconds ?? null,
              chapters: video?.chapters ?? [],
              segments: stored.transcript.segments,
              customInstructions: job.request.customInstructions,
            },
            input.mode,
          ),
        );
      } catch (error) {
        Context.current().log.warn('summary engine failed', { jobId: input.jobId, mode: input.mode, error: String(error) });
        throw ApplicationFailure.retryable(`The ${input.mode} summary could not be written`, 'SUMMARIZATION_FAILED');
      }
      await jobs.saveSummary(db, input.jobId, entry);
    },

    async completeJob(input: { jobId: string; warnings: JobWarning[] }): Promise<void> {
      await jobs.completeJob(db, input.jobId, input.warnings);
    },

    async failJob(input: { jobId: string; failure: JobFailure }): Promise<void> {
      await jobs.failJob(db, input.jobId, input.failure);
    },
  };
}


/** YouTube's verdicts become typed failures the workflow maps to the job's error code. */
async function callYouTube<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!(error instanceof YouTubeError)) throw error;
    switch (error.kind) {
      case 'VIDEO_UNAVAILABLE':
      case 'TRANSCRIPT_UNAVAILABLE':
        throw ApplicationFailure.nonRetryable(error.message, error.kind);
      case 'SOURCE_BLOCKED':
        // Blocks are often temporary (rate limits, a flagged IP): retried, then final.
        throw ApplicationFailure.retryable(error.message, 'SOURCE_BLOCKED');
      case 'TRANSIENT':
        throw ApplicationFailure.retryable(`YouTube could not be reached: ${error.message}`, 'INTERNAL_ERROR');
    }
  }
}

/** Keeps Temporal informed while a long call runs, so a dead worker is noticed within the heartbeat timeout. */
async function withHeartbeat<T>(work: () => Promise<T>): Promise<T> {
  const context = Context.current();
  context.heartbeat();
  const timer = setInterval(() => context.heartbeat(), 2_000);
  try {
    return await work();
  } finally {
    clearInterval(timer);
  }
}

function transcriptWarnings(
  transcript: Transcript,
  requestedLanguage: string | null,
  truncated: boolean,
  maxBytes: number,
): JobWarning[] {
  const warnings: JobWarning[] = [];
  if (truncated) {
    warnings.push({
      code: 'TRANSCRIPT_TRUNCATED',
      field: 'options.max_transcript_length',
      message: `The transcript was cut at a segment boundary to stay within ${maxBytes} bytes`,
    });
  }
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

const sameLanguage = (a: string, b: string) => a.toLowerCase().split('-')[0] === b.toLowerCase().split('-')[0];
