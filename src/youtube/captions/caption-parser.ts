/**
 * Where caption payloads are parsed. A long video's track is megabytes (10 MB of text is the
 * maximum a job takes, a quarter of a million cues): parsing it is a long stretch of CPU and
 * garbage, which on the event loop `npm start` shares with the API would hold every
 * request meanwhile. Tracks above a size go to a thread; the rest, nearly all, are parsed in
 * place, where a thread's hand-over would cost more than it saves.
 */
import path from 'node:path';
import type { TranscriptSegment } from '../../domain/transcript';
import { createCpuThreads } from '../../lib/cpu-threads';
import { CaptionFormatError } from './caption-text';
import { unpackSegments } from '../../transcripts/packed-segments';
import { parseCaptions, type CaptionFormat } from './parse-captions';
import type { CaptionTask, CaptionTaskResult } from './thread/caption-task';

export interface CaptionParser {
  /** Segments of a caption payload; rejects with CaptionFormatError when it is not that format. */
  parse(format: CaptionFormat, payload: string): Promise<TranscriptSegment[]>;
  /** How many payloads were parsed where: the threshold at work. */
  stats(): { inPlace: number; onThread: number };
  /** Waits for running parses, then stops the threads. */
  close(): Promise<void>;
}

/** Everything on the calling thread: tests, the CLI, and whatever never meets a long track. */
export function parseCaptionsInPlace(): CaptionParser {
  let inPlace = 0;
  return {
    async parse(format, payload) {
      inPlace += 1;
      return parseCaptions(format, payload);
    },
    stats: () => ({ inPlace, onThread: 0 }),
    close: async () => {},
  };
}

export interface CaptionThreadOptions {
  /** Payloads of at least this many characters go to the thread. Default 512 Ki: below it, parsing in place is quicker than a hand-over. */
  minThreadedLength?: number;
  /**
   * An idle thread exits after this long. Default 0: a thread lives for one long track, since the
   * heap it grows parsing a long track (many times the track's size) would otherwise sit beside the
   * summary thread's for the job's next step. Long tracks are rare, and a thread's start is small
   * beside the parse it takes over.
   */
  idleTimeoutMs?: number;
}

const THREAD_MODULE = path.join(__dirname, 'thread', 'caption-task');
const DEFAULT_MIN_THREADED_LENGTH = 512 * 1024;

export function parseLargeCaptionsOnThread(options: CaptionThreadOptions = {}): CaptionParser {
  const minThreadedLength = options.minThreadedLength ?? DEFAULT_MIN_THREADED_LENGTH;
  const threads = createCpuThreads<CaptionTask, CaptionTaskResult>({ module: THREAD_MODULE, name: 'parseCaptionTask', idleTimeoutMs: options.idleTimeoutMs ?? 0 });
  const counts = { inPlace: 0, onThread: 0 };
  return {
    async parse(format, payload) {
      if (payload.length < minThreadedLength) {
        counts.inPlace += 1;
        return parseCaptions(format, payload);
      }
      counts.onThread += 1;
      const result = await threads.run({ format, payload });
      if (result.kind === 'not-this-format') throw new CaptionFormatError(format, result.why);
      return unpackSegments(result);
    },
    stats: () => ({ ...counts }),
    close: () => threads.close(),
  };
}
