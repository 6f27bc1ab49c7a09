/**
 * Speech-to-text for a job (the `transcribing_audio` step): the audio is prepared on the worker's
 * disk, each chunk is transcribed by an activity of its own and saved in Postgres as it finishes,
 * then the chunks are stitched into the job's transcript. Only small descriptors pass through
 * Temporal: never audio, never transcript text, so the history stays small however long the
 * video. A chunk redone (a crash, a provider error) costs one chunk; a chunk already saved is
 * never sent again.
 */
import { ApplicationFailure, Context } from '@temporalio/activity';
import type { JobWarning } from '../src/domain/job';
import type { Transcript } from '../src/domain/transcript';
import { countWords, truncateTranscript } from '../src/domain/transcript-limits';
import {
  AudioTooLongError,
  assertWithinCap,
  ensureChunkFile,
  prepareAudioChunks,
  SpeechProviderError,
  STALE_WORK_MS,
  stitchChunks,
  type AudioChunk,
  type SpeechToText,
} from '../src/speech';
import type { Db } from '../src/storage/database';
import * as jobs from '../src/storage/repositories/jobs';
import * as speechChunks from '../src/storage/repositories/speech-chunks';
import * as transcriptCache from '../src/storage/repositories/transcript-cache';
import { callYouTube, truncationWarning, type TranscriptFetched } from './job-activities';
import { withHeartbeat } from './summarize-job';
import type { TranscriptEncoder } from '../src/transcripts/transcript-encoder';

export interface SpeechActivityDeps {
  db: Db;
  speech: SpeechToText;
  /** A transcript's JSON and measures for the cache; a long one's off the event loop. */
  transcriptEncoder: TranscriptEncoder;
}

/** Why speech-to-text runs: the video has no captions for the job, or the request asked for it. */
export type SpeechReason = 'no_captions' | 'requested';

export type SpeechAudioPrepared =
  /** The transcript cache had this video's speech-to-text transcript: it is the job's already. */
  | { kind: 'cached'; transcript: TranscriptFetched }
  | { kind: 'chunks'; chunks: AudioChunk[]; parallelism: number };

export interface SpeechJobInput {
  jobId: string;
  videoId: string;
  language: string | null;
  useProxy: boolean | null;
}

export function createSpeechActivities(deps: SpeechActivityDeps) {
  const { db, speech } = deps;

  return {
    /**
     * Downloads the audio and cuts it into chunks on this worker (chunks already transcribed for
     * the job are not cut again). Returns the chunk descriptors and how many to transcribe at once.
     */
    async prepareSpeechAudio(
      input: SpeechJobInput & { forceRefresh: boolean; maxTranscriptLength: number; reason: SpeechReason; progress: number },
    ): Promise<SpeechAudioPrepared> {
      await jobs.recordStep(db, input.jobId, 'transcribing_audio', input.progress);
      if (!speech.provider) throw unavailable(noProviderMessage(input.reason));

      if (!input.forceRefresh) {
        const cached = await transcriptCache.getCachedTranscript(db, input.videoId, input.language, 'speech_to_text');
        if (cached) return { kind: 'cached', transcript: await keepTranscript(db, input.jobId, cached.transcript, input.maxTranscriptLength, cached.version) };
      }

      const job = await jobs.findJob(db, input.jobId);
      // A stream still live has no whole recording to download: not until it has ended.
      if (job?.video_info?.isLive) throw unavailable('The video is a live stream still in progress: its audio can be transcribed once the stream has ended');
      const listedSeconds = job?.video_info?.durationSeconds;
      const signal = Context.current().cancellationSignal;
      const prepared = await withHeartbeat(() =>
        speechWork(async () => {
          // The page's duration is enough to refuse a long video before downloading anything.
          if (listedSeconds) assertWithinCap(listedSeconds, speech.maxAudioSeconds);
          await speech.audio.workspace.sweepStale(STALE_WORK_MS);
          const skip = await speechChunks.transcribedChunkIndexes(db, input.jobId);
          return prepareAudioChunks(speech.audio, { ...input, signal }, { maxSeconds: speech.maxAudioSeconds, skip });
        }),
      );
      if (prepared.chunks.length === 0) throw unavailable('The video has no audio to transcribe');
      return { kind: 'chunks', chunks: prepared.chunks, parallelism: speech.parallelism };
    },

    /**
     * Transcribes one chunk and saves what was heard. A chunk saved before (an earlier attempt, or
     * a run cut short by a crash) is not sent again; a chunk whose file is not on this worker is
     * cut again here first.
     */
    async transcribeSpeechChunk(
      input: SpeechJobInput & { chunk: AudioChunk; chunkCount: number; progress: { from: number; to: number } },
    ): Promise<{ index: number; segments: number; quality: 'normal' | 'low' }> {
      const { chunk } = input;
      const saved = await speechChunks.findSpeechChunk(db, input.jobId, chunk.index);
      if (saved) return { index: chunk.index, ...saved };
      if (!speech.provider) throw unavailable(noProviderMessage('requested'));
      const provider = speech.provider;

      const signal = Context.current().cancellationSignal;
      const heard = await withHeartbeat(() =>
        speechWork(async () => {
          const file = await ensureChunkFile(speech.audio, { ...input, signal }, chunk);
          return provider.transcribe({ path: file, language: input.language ?? undefined, signal });
        }),
      );
      await speechChunks.saveSpeechChunk(db, input.jobId, {
        index: chunk.index,
        startSeconds: chunk.startSeconds,
        durationSeconds: chunk.durationSeconds,
        overlapSeconds: chunk.overlapSeconds,
        ...heard,
      });
      // Its audio is not needed again: the disk holds only chunks still to be heard.
      await speech.audio.workspace.removeFile(speech.audio.workspace.chunkPath(input.jobId, chunk.index));

      const done = (await speechChunks.transcribedChunkIndexes(db, input.jobId)).size;
      const { from, to } = input.progress;
      await jobs.recordStep(db, input.jobId, 'transcribing_audio', from + Math.round(((to - from) * Math.min(done, input.chunkCount)) / input.chunkCount));
      return { index: chunk.index, segments: heard.segments.length, quality: heard.quality };
    },

    /** Stitches the saved chunks into the job's transcript, and caches it for later jobs. */
    async finishSpeechTranscript(
      input: SpeechJobInput & { maxTranscriptLength: number; chunkCount: number; progress: number },
    ): Promise<TranscriptFetched> {
      const chunks = await speechChunks.loadSpeechChunks(db, input.jobId);
      if (chunks.length !== input.chunkCount) {
        throw ApplicationFailure.retryable(`Only ${chunks.length} of ${input.chunkCount} audio chunks are transcribed`, 'INTERNAL_ERROR');
      }
      const segments = stitchChunks(chunks);
      if (segments.length === 0) throw unavailable('No speech was recognised in the video\u2019s audio');
      const transcript: Transcript = {
        language: detectedLanguage(chunks.map((chunk) => chunk.language)) ?? input.language ?? 'und',
        source: 'speech_to_text',
        translated: false,
        segments,
        ...(chunks.some((chunk) => chunk.quality === 'low') ? { quality: 'low' as const } : {}),
      };
      const version = await transcriptCache.putCachedTranscript(db, input.videoId, input.language, transcript, await deps.transcriptEncoder.encode(transcript));
      const kept = await keepTranscript(db, input.jobId, transcript, input.maxTranscriptLength, version);
      await jobs.recordStep(db, input.jobId, 'transcribing_audio', input.progress);
      return kept;
    },

    /** Removes the job's audio from this worker and its chunk transcripts; run however the step ended. */
    async cleanSpeechWork(input: { jobId: string }): Promise<void> {
      await speech.audio.workspace.remove(input.jobId);
      await speechChunks.deleteSpeechChunks(db, input.jobId);
    },
  };
}

/** The transcript, cut to max_transcript_length, becomes the job's; `cached`: the cache entry it is. */
async function keepTranscript(
  db: Db,
  jobId: string,
  transcript: Transcript,
  maxBytes: number,
  cached: transcriptCache.CachedTranscriptVersion,
): Promise<TranscriptFetched> {
  const kept = truncateTranscript(transcript, maxBytes);
  const wordCount = countWords(kept.transcript.segments);
  await jobs.saveJobTranscript(db, jobId, kept.transcript, { truncated: kept.truncated, wordCount }, cached);
  const warnings: JobWarning[] = [];
  if (kept.truncated) warnings.push(truncationWarning(maxBytes));
  if (transcript.quality === 'low') {
    warnings.push({
      code: 'LOW_QUALITY_TRANSCRIPT',
      message: 'The transcript was written by an offline speech-to-text engine of low accuracy; expect wrong words, and summaries that follow them',
    });
  }
  return { language: kept.transcript.language, source: kept.transcript.source, wordCount, truncated: kept.truncated, warnings };
}

/**
 * Failures of the audio work as the workflow needs them: YouTube's as for captions, a video over
 * the cap as final, a provider's refusal final or retried per its kind (after its Retry-After).
 * Anything else (ffmpeg, the disk) is retried and in the end fails the job INTERNAL_ERROR.
 */
async function speechWork<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await callYouTube(work);
  } catch (error) {
    if (error instanceof AudioTooLongError) throw unavailable(error.message);
    if (error instanceof SpeechProviderError) {
      if (error.kind === 'final') throw unavailable(`Speech-to-text failed: ${error.message}`);
      throw ApplicationFailure.create({
        type: 'TRANSCRIPT_UNAVAILABLE',
        message: `Speech-to-text failed: ${error.message}`,
        nonRetryable: false,
        nextRetryDelay: error.retryAfterSeconds ? error.retryAfterSeconds * 1000 : undefined,
      });
    }
    throw error;
  }
}

function unavailable(message: string): ApplicationFailure {
  return ApplicationFailure.nonRetryable(message, 'TRANSCRIPT_UNAVAILABLE');
}

function noProviderMessage(reason: SpeechReason): string {
  return reason === 'requested'
    ? 'transcript_source speech_to_text was asked for, but this server has no speech-to-text provider configured (STT_PROVIDER=none)'
    : 'This video has no captions we can read, and this server has no speech-to-text provider configured (STT_PROVIDER=none)';
}

/** The language most chunks report; null when none reports one. */
function detectedLanguage(languages: Array<string | null>): string | null {
  const counts = new Map<string, number>();
  for (const language of languages) if (language) counts.set(language, (counts.get(language) ?? 0) + 1);
  let best: string | null = null;
  for (const [language, count] of counts) if (best === null || count > counts.get(best)!) best = language;
  return best;
}
