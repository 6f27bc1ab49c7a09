/**
 * Where a transcript is turned into its stored form. For a long video that is megabytes of JSON
 * and a walk over every word (at the 10 MB maximum, a quarter of a million segments): a stretch of
 * CPU and garbage that, on the event loop `npm start` shares with the API, would hold every
 * request meanwhile. Transcripts above a size go to a thread; the rest, nearly all,
 * are encoded in place, where the hand-over would cost more than it saves.
 */
import path from 'node:path';
import type { Transcript } from '../domain/transcript';
import { createCpuThreads } from '../lib/cpu-threads';
import { packSegments } from './packed-segments';
import { encodeTranscript, type EncodedTranscript } from './encoded-transcript';
import type { EncodeTask } from './thread/encode-task';

export interface TranscriptEncoder {
  encode(transcript: Transcript): Promise<EncodedTranscript>;
  /** How many transcripts were encoded where: the threshold at work. */
  stats(): { inPlace: number; onThread: number };
  /** Waits for running encodings, then stops the threads. */
  close(): Promise<void>;
}

export interface TranscriptThreadOptions {
  /** Transcripts of at least this many segments go to the thread. Default 10,000 (about 400 KB of text). */
  minThreadedSegments?: number;
}

const THREAD_MODULE = path.join(__dirname, 'thread', 'encode-task');
const DEFAULT_MIN_THREADED_SEGMENTS = 10_000;

/**
 * A thread lives for one long transcript, as the caption parser's does: long transcripts are
 * rare, and its heap would otherwise sit beside the summary thread's.
 */
export function encodeLongTranscriptsOnThread(options: TranscriptThreadOptions = {}): TranscriptEncoder {
  const minThreadedSegments = options.minThreadedSegments ?? DEFAULT_MIN_THREADED_SEGMENTS;
  const threads = createCpuThreads<EncodeTask, EncodedTranscript>({ module: THREAD_MODULE, name: 'encodeTranscriptTask', idleTimeoutMs: 0 });
  const counts = { inPlace: 0, onThread: 0 };
  return {
    async encode(transcript) {
      if (transcript.segments.length < minThreadedSegments) {
        counts.inPlace += 1;
        return encodeTranscript(transcript);
      }
      counts.onThread += 1;
      const { segments, ...about } = transcript;
      return threads.run({ about, segments: packSegments(segments) });
    },
    stats: () => ({ ...counts }),
    close: () => threads.close(),
  };
}
