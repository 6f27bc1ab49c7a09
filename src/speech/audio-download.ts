/**
 * Fetching a video's audio for speech-to-text, two ways: the built-in InnerTube download (the
 * smallest audio-only stream, in ranged parts) or yt-dlp (YTDLP_PATH). Both write one file into
 * the job's work directory and return its path.
 */
import path from 'node:path';
import type { YouTubeClient } from '../youtube';
import { locateAudioStream } from './audio-stream';
import { downloadInParts } from './ranged-download';

export interface AudioDownloadRequest {
  videoId: string;
  /** use_proxy, as for every other YouTube request of the job. */
  useProxy: boolean | null;
  directory: string;
  signal?: AbortSignal;
}

export interface AudioDownloader {
  /** Which way the audio is fetched, for logs and errors. */
  readonly name: 'innertube' | 'yt-dlp';
  download(request: AudioDownloadRequest): Promise<string>;
}

/**
 * The player response's smallest audio-only stream, fetched through the YouTube client's routing:
 * finding the stream and every part of it go the same way (direct, or one proxy), since a stream
 * URL is only good from the address it was issued to. Parts on disk from an earlier attempt of the
 * same stream are kept and the download resumes after them.
 */
export function innertubeAudioDownloader(youtube: YouTubeClient): AudioDownloader {
  return {
    name: 'innertube',
    download: (request) =>
      youtube.withSession({ useProxy: request.useProxy }, async (session) => {
        const stream = await locateAudioStream(session, request.videoId);
        const destination = path.join(request.directory, `audio-${stream.itag ?? 'stream'}.${stream.extension}`);
        await downloadInParts(session, stream, destination, { signal: request.signal });
        return destination;
      }),
  };
}
