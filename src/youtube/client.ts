import { DEFAULT_COMMENTS_LIMIT, type VideoComments } from '../domain/comments';
import type { VideoSource } from '../domain/source-url';
import type { Transcript } from '../domain/transcript';
import type { VideoMetadata } from '../domain/video';
import { BaseUrl } from './base-url';
import { chooseCaptionTrack, readCaptionTracks, type CaptionChoice } from './caption-tracks';
import { parseCaptionsInPlace, type CaptionParser } from './captions/caption-parser';
import { fetchComments } from './comments';
import { YouTubeError } from './errors';
import { HttpSession } from './http-session';
import { mapPlayerResponseToMetadata } from './metadata';
import { PlayerSources } from './player-sources';
import { cleanPlatformStrings } from './platform-text';
import type { ProxyProvider } from './proxy-route';
import { routeCall } from './routing';
import { readFeed, readSource, type FeedRef, type FeedVideo, type SourceListing } from './sources';
import { fetchCaptionTrack } from './timedtext';
import { handoverFrom, type HandoverWanted, type WatchHandover } from './watch-handover';

export interface YouTubeClientOptions {
  /** Where YouTube requests go, e.g. 'https://www.youtube.com' or a local stand-in. */
  baseUrl: string;
  /** Deadline per HTTP request, body included. Default 15000. */
  requestTimeoutMs?: number;
  /** Transport of direct requests. Default: global fetch. */
  fetchImpl?: typeof fetch;
  /**
   * The proxy pool (src/proxies). Without one, use_proxy true fails (TRANSIENT) and null
   * never fails over.
   */
  proxies?: ProxyProvider;
  /** How many proxies one call tries before giving up. Default 3. */
  maxProxiesPerCall?: number;
  /**
   * Where caption tracks are parsed: in place by default; parseLargeCaptionsOnThread() keeps long
   * tracks off the event loop. The client closes it.
   */
  captionParser?: CaptionParser;
}

/**
 * How a call may use the proxy pool (see routing.ts):
 * - true: every request of the call goes through a proxy, never direct;
 * - null (default): direct; when YouTube blocks us (SOURCE_BLOCKED) the call is made again
 *   through the proxies;
 * - false: never through a proxy.
 */
export interface RouteOptions {
  useProxy?: boolean | null;
}

/** What an earlier step of the job read on the watch page (src/youtube/watch-handover.ts), or null. */
export interface AfterWatchPage {
  watch?: WatchHandover | null;
}

export interface YouTubeClient {
  getMetadata(videoId: string, options?: RouteOptions): Promise<VideoMetadata>;
  /**
   * The metadata, and what the watch page it came from tells the transcript and comments steps
   * (null when the metadata came from another client).
   */
  readVideo(videoId: string, options: RouteOptions & { handover: HandoverWanted }): Promise<{ metadata: VideoMetadata; watch: WatchHandover | null }>;
  /** language: requested language code, or null/undefined for the video's own. */
  getTranscript(videoId: string, options?: RouteOptions & AfterWatchPage & { language?: string | null }): Promise<Transcript>;
  /**
   * The top comments, at most `limit` (default DEFAULT_COMMENTS_LIMIT), top first. Comments
   * turned off or unreadable: COMMENTS_UNAVAILABLE.
   */
  getComments(videoId: string, options?: RouteOptions & AfterWatchPage & { limit?: number }): Promise<VideoComments>;
  /**
   * A playlist's videos in list order or a channel's uploads newest first, at most `limit`; the
   * channel's id resolved from its page. Missing, private or closed: SOURCE_UNAVAILABLE.
   */
  readSource(source: VideoSource, options: RouteOptions & { limit: number }): Promise<SourceListing>;
  /** The newest entries (15) of a channel's or playlist's Atom feed. No such feed: SOURCE_UNAVAILABLE. */
  readFeed(ref: FeedRef, options?: RouteOptions): Promise<FeedVideo[]>;
  /**
   * Runs `call` on a session routed per use_proxy like the calls above (direct, then through the
   * proxies when YouTube blocks us), for work built on this client elsewhere: the audio download
   * of speech-to-text (src/speech). Every request of one call goes the same way, so a stream
   * URL is fetched from the address it was handed to.
   */
  withSession<T>(options: RouteOptions, call: (session: HttpSession) => Promise<T>): Promise<T>;
  /** Stops the caption parser's threads, once running parses end. */
  close(): Promise<void>;
}

const DEFAULT_TIMEOUT_MS = 15_000;
const DEFAULT_MAX_PROXIES_PER_CALL = 3;
/** Pause before the one in-client retry: long enough to ride out a blip, short enough not to matter. */
const QUICK_RETRY_DELAY_MS = 300;
const VIDEO_ID = /^[A-Za-z0-9_-]{11}$/;

export function createYouTubeClient(options: YouTubeClientOptions): YouTubeClient {
  const base = new BaseUrl(options.baseUrl);
  const requestTimeoutMs = options.requestTimeoutMs ?? DEFAULT_TIMEOUT_MS;
  const captionParser = options.captionParser ?? parseCaptionsInPlace();
  const router = {
    // A fresh session, and so a fresh cookie jar, for every call and every route it takes:
    // YouTube sees the direct attempt and each proxy as separate clients.
    newSession: (fetchImpl: typeof fetch, viaProxy: boolean) =>
      new HttpSession({ base, fetchImpl, requestTimeoutMs, retryDelayMs: QUICK_RETRY_DELAY_MS, viaProxy }),
    directFetch: options.fetchImpl ?? fetch,
    proxies: options.proxies ?? null,
    maxProxiesPerCall: options.maxProxiesPerCall ?? DEFAULT_MAX_PROXIES_PER_CALL,
  };
  // Everything the client returns passes here: uploaders' and commenters' text leaves it cleaned.
  const fetchCleaned = async <T>(useProxy: boolean | null | undefined, call: (session: HttpSession) => Promise<T>): Promise<T> =>
    cleanPlatformStrings(await routeCall(router, useProxy ?? null, call));

  return {
    async getMetadata(videoId, routeOptions) {
      assertVideoId(videoId);
      return (await fetchCleaned(routeOptions?.useProxy, (session) => fetchMetadata(session, videoId, null))).metadata;
    },

    async readVideo(videoId, readOptions) {
      assertVideoId(videoId);
      return fetchCleaned(readOptions.useProxy, (session) => fetchMetadata(session, videoId, readOptions.handover));
    },

    async getTranscript(videoId, transcriptOptions) {
      assertVideoId(videoId);
      const language = transcriptOptions?.language ?? null;
      const transcript = await routeCall(router, transcriptOptions?.useProxy ?? null, (session) =>
        fetchTranscript(session, videoId, language, captionParser, transcriptOptions?.watch ?? null),
      );
      // The segments' text was cleaned cue by cue as it was parsed (captions/caption-text.ts);
      // walking a long transcript's segments again would hold the event loop for nothing.
      return { ...cleanPlatformStrings({ ...transcript, segments: [] }), segments: transcript.segments };
    },

    async getComments(videoId, commentOptions) {
      assertVideoId(videoId);
      const limit = commentOptions?.limit ?? DEFAULT_COMMENTS_LIMIT;
      if (!Number.isSafeInteger(limit) || limit < 1) throw new RangeError('The comments limit must be a positive integer');
      return fetchCleaned(commentOptions?.useProxy, (session) => fetchComments(session, videoId, limit, commentOptions?.watch ?? null));
    },

    readSource(source, sourceOptions) {
      if (!Number.isSafeInteger(sourceOptions.limit) || sourceOptions.limit < 1) throw new RangeError('The source limit must be a positive integer');
      return fetchCleaned(sourceOptions.useProxy, (session) => readSource(session, source, sourceOptions.limit));
    },

    readFeed(ref, routeOptions) {
      return fetchCleaned(routeOptions?.useProxy, (session) => readFeed(session, ref));
    },

    withSession(routeOptions, call) {
      return routeCall(router, routeOptions.useProxy ?? null, call);
    },

    close: () => captionParser.close(),
  };
}

async function fetchMetadata(
  session: HttpSession,
  videoId: string,
  wanted: HandoverWanted | null,
): Promise<{ metadata: VideoMetadata; watch: WatchHandover | null }> {
  const sources = new PlayerSources(session, videoId);
  for await (const { response, page } of sources.playable()) {
    return { metadata: mapPlayerResponseToMetadata(videoId, response), watch: page && wanted ? handoverFrom(page, wanted) : null };
  }
  throw sources.exhaustedError();
}

async function fetchTranscript(
  session: HttpSession,
  videoId: string,
  language: string | null,
  parser: CaptionParser,
  watch: WatchHandover | null,
): Promise<Transcript> {
  let handed = watch;
  if (handed?.caption) {
    const outcome = await fetchCaptionTrack(session, handed.caption, parser);
    if (outcome.kind === 'ok') return transcriptOf(handed.caption, outcome.segments);
    // The handed track failed (a signed caption URL expired, or refused from this route): the
    // watch page is fetched afresh, once, and the usual sequence follows from it.
    handed = null;
  }

  // A handed page without a track for the language was playable: the apps are asked after it.
  const sources = new PlayerSources(session, videoId, handed?.hints);
  let playable = handed !== null;
  let withheld = false;
  for await (const { response } of sources.playable()) {
    playable = true;
    const tracks = readCaptionTracks(response);
    const choice = tracks && chooseCaptionTrack(tracks, language);
    if (!choice) continue;

    const outcome = await fetchCaptionTrack(session, choice, parser);
    if (outcome.kind === 'ok') return transcriptOf(choice, outcome.segments);
    if (outcome.kind === 'withheld') withheld = true;
  }

  if (!playable) throw sources.exhaustedError();
  if (withheld) {
    throw new YouTubeError('SOURCE_BLOCKED', 'YouTube lists captions for this video but withheld them from us');
  }
  throw new YouTubeError('TRANSCRIPT_UNAVAILABLE', 'This video has no captions we can read');
}

function transcriptOf(choice: CaptionChoice, segments: Transcript['segments']): Transcript {
  return {
    language: choice.translateTo ?? choice.track.languageCode,
    source: choice.track.kind === 'asr' ? 'captions_auto' : 'captions_manual',
    translated: choice.translateTo !== null,
    segments,
  };
}

function assertVideoId(videoId: string): void {
  if (!VIDEO_ID.test(videoId)) throw new YouTubeError('VIDEO_UNAVAILABLE', 'Not a valid YouTube video id');
}
