/**
 * Speech-to-text for videos without captions, as a worker runs it: the provider (providers/), and
 * the audio side (download, ffmpeg, chunks on this worker's disk). The activities in
 * activities/speech-to-text.ts drive it; this module builds it from the configuration.
 */
import os from 'node:os';
import path from 'node:path';
import type { Config } from '../config';
import type { ProxyProvider, YouTubeClient } from '../youtube';
import type { AudioChunkerDeps } from './audio-chunks';
import { innertubeAudioDownloader } from './audio-download';
import { checkFfmpeg, ffmpegTools } from './ffmpeg';
import { createSpeechToTextProvider } from './providers';
import type { SpeechToTextProvider } from './types';
import { SpeechWorkspace } from './workspace';
import { ytDlpAudioDownloader } from './ytdlp';

export interface SpeechToText {
  /** STT_PROVIDER; null for none. */
  provider: SpeechToTextProvider | null;
  audio: AudioChunkerDeps;
  /** STT_MAX_AUDIO_SECONDS. */
  maxAudioSeconds: number;
  /** STT_PARALLELISM: chunks of one job transcribed at once (the workflow learns it from the activity that prepares the audio). */
  parallelism: number;
  /** Stops what the provider runs in the worker (the local engine's threads); with the worker. */
  close(): Promise<void>;
}

/** Job work directories untouched this long belong to no live job and are swept away. */
export const STALE_WORK_MS = 24 * 3600 * 1000;

/**
 * Where a worker keeps audio while it is transcribed: under the system's temporary directory
 * (TMPDIR), which is writable in a container, and the right place for files nobody keeps.
 */
export function speechWorkRoot(): string {
  return path.join(os.tmpdir(), 'video-digest-speech');
}

/** `youtubeBaseUrl`: YOUTUBE_BASE_URL, where yt-dlp is sent for the watch page. */
export function createSpeechToText(stt: Config['stt'], youtubeBaseUrl: string, youtube: YouTubeClient, proxies: ProxyProvider | null): SpeechToText {
  const provider = createSpeechToTextProvider(stt);
  return {
    provider,
    audio: {
      workspace: new SpeechWorkspace(speechWorkRoot()),
      downloader: stt.ytdlpPath
        ? ytDlpAudioDownloader({ binary: stt.ytdlpPath, baseUrl: youtubeBaseUrl, proxies })
        : innertubeAudioDownloader(youtube),
      ffmpeg: ffmpegTools(stt.ffmpegPath),
      chunkSeconds: stt.chunkSeconds,
      overlapSeconds: stt.chunkOverlapSeconds,
    },
    maxAudioSeconds: stt.maxAudioSeconds,
    parallelism: stt.parallelism,
    // Only engines that run in the worker hold anything to stop; HTTP providers have no close.
    close: async () => (provider as { close?: () => Promise<void> } | null)?.close?.(),
  };
}

/**
 * A worker with a speech-to-text provider refuses to start without ffmpeg, rather than fail the
 * first captionless video an hour later.
 */
export async function checkSpeechToTextReady(stt: Config['stt']): Promise<void> {
  if (stt.provider === 'none') return;
  await checkFfmpeg(ffmpegTools(stt.ffmpegPath));
}

export type { AudioChunk, ChunkTranscript, HeardSpeech, SpeechToTextProvider } from './types';
export { SpeechProviderError } from './types';
export { stitchChunks } from './stitch';
export { AudioTooLongError, assertWithinCap, ensureChunkFile, prepareAudioChunks } from './audio-chunks';
export { FfmpegMissingError } from './ffmpeg';
