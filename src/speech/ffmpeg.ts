/**
 * The system's ffmpeg, for speech-to-text audio: how long a file plays, and one stretch of it as
 * 16 kHz mono 16-bit WAV, which every provider accepts. Debian's ffmpeg is current; the npm
 * builds either download at install time or are years old, so none is bundled.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface FfmpegTools {
  ffmpeg: string;
  ffprobe: string;
}

/** FFMPEG_PATH, with ffprobe beside it; unset, both from PATH. */
export function ffmpegTools(ffmpegPath: string | undefined): FfmpegTools {
  if (!ffmpegPath) return { ffmpeg: 'ffmpeg', ffprobe: 'ffprobe' };
  return { ffmpeg: ffmpegPath, ffprobe: path.join(path.dirname(ffmpegPath), 'ffprobe') };
}

export class FfmpegMissingError extends Error {
  override readonly name = 'FfmpegMissingError';
}

/** Fails with a message an operator can act on when either tool cannot be run. */
export async function checkFfmpeg(tools: FfmpegTools): Promise<void> {
  for (const binary of [tools.ffmpeg, tools.ffprobe]) {
    try {
      await run(binary, ['-version'], { timeout: 10_000 });
    } catch (error) {
      const missing = (error as NodeJS.ErrnoException).code === 'ENOENT';
      throw new FfmpegMissingError(
        `Speech-to-text needs ffmpeg and ffprobe, and ${binary} ${missing ? 'was not found' : 'could not be run'}. ` +
          'Install them (Debian/Ubuntu: apt-get install ffmpeg) or point FFMPEG_PATH at an ffmpeg with ffprobe beside it; ' +
          'or set STT_PROVIDER=none.',
      );
    }
  }
}

/** Seconds of audio in the file, as its container reports them. */
export async function probeDurationSeconds(tools: FfmpegTools, file: string, signal?: AbortSignal): Promise<number> {
  const { stdout } = await run(tools.ffprobe, ['-v', 'error', '-show_entries', 'format=duration', '-of', 'json', file], {
    signal,
    timeout: 60_000,
  });
  const seconds = Number((JSON.parse(stdout) as { format?: { duration?: string } }).format?.duration);
  if (!Number.isFinite(seconds) || seconds <= 0) throw new Error('ffprobe could not tell how long the audio plays');
  return seconds;
}

/**
 * Decodes [startSeconds, startSeconds + durationSeconds) of `source` into `destination` as 16 kHz
 * mono pcm_s16le WAV. Seeking before the input is exact when decoding, and costs only the
 * stretch itself. Written beside the destination and renamed, so a file that exists is whole.
 */
export async function cutWav(
  tools: FfmpegTools,
  source: string,
  stretch: { startSeconds: number; durationSeconds: number },
  destination: string,
  signal?: AbortSignal,
): Promise<void> {
  const partial = `${destination}.${process.pid}.partial.wav`;
  try {
    await run(
      tools.ffmpeg,
      [
        '-nostdin', '-v', 'error', '-y',
        '-ss', stretch.startSeconds.toFixed(3),
        '-t', stretch.durationSeconds.toFixed(3),
        '-i', source,
        '-vn', '-ac', '1', '-ar', '16000', '-c:a', 'pcm_s16le', '-f', 'wav',
        partial,
      ],
      { signal, timeout: 30 * 60_000, maxBuffer: 4 * 1024 * 1024 },
    );
    await fs.rename(partial, destination);
  } catch (error) {
    await fs.rm(partial, { force: true });
    throw error;
  }
}
