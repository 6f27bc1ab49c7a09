/**
 * A job's audio as chunks on this worker's disk: downloaded once per job directory, measured,
 * and cut into overlapping 16 kHz mono WAV chunks (chunk-plan.ts). Every step skips what is
 * already there, so preparing again after a crash, or on another worker, redoes only what is
 * missing, and a chunk is always cut where its descriptor says.
 */
import type { AudioDownloader } from './audio-download';
import { planChunks, type ChunkBounds } from './chunk-plan';
import { cutWav, probeDurationSeconds, type FfmpegTools } from './ffmpeg';
import type { AudioChunk } from './types';
import type { SpeechWorkspace } from './workspace';

export interface AudioChunkerDeps {
  workspace: SpeechWorkspace;
  downloader: AudioDownloader;
  ffmpeg: FfmpegTools;
  chunkSeconds: number;
  overlapSeconds: number;
}

export interface JobAudio {
  jobId: string;
  videoId: string;
  useProxy: boolean | null;
  signal?: AbortSignal;
}

/** The audio plays longer than speech-to-text may take on this server. */
export class AudioTooLongError extends Error {
  override readonly name = 'AudioTooLongError';
  constructor(
    readonly seconds: number,
    readonly maxSeconds: number,
  ) {
    super(`The video's audio runs ${formatDuration(seconds)}, longer than the ${formatDuration(maxSeconds)} this server transcribes`);
  }
}

export function assertWithinCap(seconds: number, maxSeconds: number): void {
  if (seconds > maxSeconds) throw new AudioTooLongError(seconds, maxSeconds);
}

/**
 * Downloads the audio (unless it is here), checks its length against `maxSeconds`, and cuts
 * every chunk not listed in `skip` (chunks already transcribed need no audio).
 */
export async function prepareAudioChunks(
  deps: AudioChunkerDeps,
  job: JobAudio,
  options: { maxSeconds: number; skip?: ReadonlySet<number> },
): Promise<{ durationSeconds: number; chunks: AudioChunk[] }> {
  const source = await ensureSource(deps, job);
  const durationSeconds = await probeDurationSeconds(deps.ffmpeg, source, job.signal);
  assertWithinCap(durationSeconds, options.maxSeconds);
  const chunks: AudioChunk[] = [];
  for (const bounds of planChunks(durationSeconds, deps.chunkSeconds, deps.overlapSeconds)) {
    const chunkPath = deps.workspace.chunkPath(job.jobId, bounds.index);
    if (!options.skip?.has(bounds.index) && !(await deps.workspace.exists(chunkPath))) {
      await cutWav(deps.ffmpeg, source, bounds, chunkPath, job.signal);
    }
    chunks.push({ ...bounds, path: chunkPath });
  }
  return { durationSeconds, chunks };
}

/**
 * The chunk's WAV on this worker: the file, or, when it is missing (the worker that prepared it
 * died, or it ran elsewhere), cut again here from the audio, downloaded again if need be.
 */
export async function ensureChunkFile(deps: AudioChunkerDeps, job: JobAudio, bounds: ChunkBounds): Promise<string> {
  const chunkPath = deps.workspace.chunkPath(job.jobId, bounds.index);
  if (await deps.workspace.exists(chunkPath)) return chunkPath;
  const source = await ensureSource(deps, job);
  await cutWav(deps.ffmpeg, source, bounds, chunkPath, job.signal);
  return chunkPath;
}

function ensureSource(deps: AudioChunkerDeps, job: JobAudio): Promise<string> {
  return deps.workspace.ensureSource(job.jobId, (directory) =>
    deps.downloader.download({ videoId: job.videoId, useProxy: job.useProxy, directory, signal: job.signal }),
  );
}

function formatDuration(seconds: number): string {
  const total = Math.round(seconds);
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const rest = total % 60;
  if (hours > 0) return `${hours} h ${String(minutes).padStart(2, '0')} min`;
  if (minutes > 0) return `${minutes} min ${String(rest).padStart(2, '0')} s`;
  return `${rest} s`;
}
