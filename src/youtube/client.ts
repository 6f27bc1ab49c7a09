import type { Transcript } from '../domain/transcript';
import type { VideoMetadata } from '../domain/video';
import { BaseUrl } from './base-url';
import { chooseCaptionTrack, readCaptionTracks } from './caption-tracks';
import { YouTubeError } from './errors';
import { HttpSession } from './http-session';
import { mapPlayerResponseToMetadata } from './metadata';
import { PlayerSources } from './player-sources';
import { fetchCaptionTrack } from './timedtext';

export interface YouTubeClientOptions {
  /** Where YouTube requests go, e.g. 'https://www.youtube.com' or a local stand-in. */
  baseUrl: string;
  /** Deadline per HTTP request, body included. Default 15000. */
  requestTimeoutMs?: number;
  /** Transport; lets callers route requests through proxies. Default: global fetch. */
  fetchImpl?: typeof fetch;
}

/** How a call may use the proxy pool: true only through it, null direct then through it when blocked, false never. */
export interface RouteOptions {
  useProxy?: boolean | null;
}

export interface YouTubeClient {
  getMetadata(videoId: string, options?: RouteOptions): Promise<VideoMetadata>;
  /** language: requested language code, or null/undefined for the video's own. */
  getTranscript(videoId: string, options?: RouteOptions & { language?: string | null }): Promise<Transcript>;
}

const DEFAULT_TIMEOUT_MS = 15_000;
/** Pause before the one in-client retry: long enough to ride out a blip, short enough not to matter. */
const QUICK_RETRY_DELAY_MS = 300;
const VIDEO_ID = /^[A-Za-z0-9_-]{11}$/;

export function createYouTubeClient(options: YouTubeClientOptions): YouTubeClient {
  const base = new BaseUrl(options.baseUrl);
  const requestTimeoutMs = options.requestTimeoutMs ?? DEFAULT_TIMEOUT_MS;
  const fetchImpl = options.fetchImpl ?? fetch;

  // A fresh session, and so a fresh cookie jar, for every call.
  const newSession = () =>
    new HttpSession({ base, fetchImpl, requestTimeoutMs, retryDelayMs: QUICK_RETRY_DELAY_MS });

  return {
    async getMetadata(videoId) {
      assertVideoId(videoId);
      const sources = new PlayerSources(newSession(), videoId);
      for await (const { response } of sources.playable()) {
        return mapPlayerResponseToMetadata(videoId, response);
      }
      throw sources.exhaustedError();
    },

    async getTranscript(videoId, transcriptOptions) {
      assertVideoId(videoId);
      const session = newSession();
      const sources = new PlayerSources(session, videoId);
      const language = transcriptOptions?.language ?? null;

      let playable = false;
      let withheld = false;
      for await (const { response } of sources.playable()) {
        playable = true;
        const tracks = readCaptionTracks(response);
        const choice = tracks && chooseCaptionTrack(tracks, language);
        if (!choice) continue;

        const outcome = await fetchCaptionTrack(session, choice);
        if (outcome.kind === 'ok') {
          return {
            language: choice.translateTo ?? choice.track.languageCode,
            source: choice.track.kind === 'asr' ? 'captions_auto' : 'captions_manual',
            translated: choice.translateTo !== null,
            segments: outcome.segments,
          };
        }
        if (outcome.kind === 'withheld') withheld = true;
      }

      if (!playable) throw sources.exhaustedError();
      if (withheld) {
        throw new YouTubeError('SOURCE_BLOCKED', 'YouTube lists captions for this video but withheld them from us');
      }
      throw new YouTubeError('TRANSCRIPT_UNAVAILABLE', 'This video has no captions we can read');
    },
  };
}

function assertVideoId(videoId: string): void {
  if (!VIDEO_ID.test(videoId)) throw new YouTubeError('VIDEO_UNAVAILABLE', 'Not a valid YouTube video id');
}
