/**
 * What the fake YouTube knows about a video, and the switches that make it misbehave.
 */

export interface FakeCue {
  startMs: number;
  durationMs: number;
  /** Plain text; may hold "\n" between the two lines of a creator caption. */
  text: string;
}

export interface FakeTrack {
  languageCode: string;
  /** Display name as YouTube gives it with hl=en, e.g. "English (auto-generated)". */
  name: string;
  /** 'asr' for YouTube's speech recognition; absent for creator captions. */
  kind?: 'asr';
  isTranslatable: boolean;
  cues: FakeCue[];
}

export type FakePlayabilityStatus = 'OK' | 'ERROR' | 'LOGIN_REQUIRED' | 'UNPLAYABLE' | 'LIVE_STREAM_OFFLINE';

export interface FakePlayability {
  status: FakePlayabilityStatus;
  reason?: string;
  subreason?: string;
  /** Real age-gated responses still carry videoDetails and, on the web, desktopLegacyAgeGateReason. */
  ageGate?: boolean;
  /**
   * How errorScreen presents the refusal: 'message' (default) is playerErrorMessageRenderer;
   * 'sign-in-dialog' is a confirmDialogRenderer whose confirm button leads to sign-in, as
   * YouTube sends for some age-restricted videos, with no reason text outside `reason`.
   */
  errorScreen?: 'message' | 'sign-in-dialog';
}

/**
 * How a client's player response offers captions:
 * - normal: tracks with plain signed URLs that answer;
 * - omitted: no captions section at all;
 * - po-token: URLs carrying exp=xpe, which answer with an empty body (no PO token);
 * - empty: plain URLs that nonetheless answer with an empty body.
 */
export type FakeCaptionDelivery = 'normal' | 'omitted' | 'po-token' | 'empty';

export interface FakeClientView {
  playability?: FakePlayability;
  captions?: FakeCaptionDelivery;
}

export type FakeCommentShape = 'renderer' | 'view-model';

/**
 * A video's comment section, as the watch page and POST /youtubei/v1/next show it. Every field
 * has a default (see fakeCommentSettings in ./comments): an id-derived count and shape, open,
 * twenty threads a page, first page in "Top comments" order.
 */
export interface FakeCommentSettings {
  /** Top-level comments the video has (replies are not served). */
  count: number;
  /**
   * 'renderer': the older commentThreadRenderer.comment.commentRenderer, data inline;
   * 'view-model': the current commentViewModel, its data in frameworkUpdates entity mutations.
   */
  shape: FakeCommentShape;
  /**
   * 'open'; 'off': the watch page's comment section is a "Comments are turned off." message;
   * 'refused': the section is there, but POST /youtubei/v1/next for the video answers 403.
   */
  state: 'open' | 'off' | 'refused';
  /** Threads per page. */
  pageSize: number;
  /** The order of the first page; 'newest' makes a client ask for "Top comments" itself. */
  firstPageSort: 'top' | 'newest';
}

/**
 * Sound for a video's audio-only streams (./audio): speech espeak-ng says, sine tones ([start,
 * duration, hertz] in seconds) or one steady sine (made by ffmpeg alone: cheap for hours of
 * audio), padded with silence to exactly `seconds`.
 */
export type FakeAudioContent =
  | { kind: 'speech'; text: string; seconds: number; wordsPerMinute?: number }
  | { kind: 'tones'; seconds: number; tones: Array<[number, number, number]> }
  | { kind: 'sine'; seconds: number; hertz: number };

/**
 * The audio a playable video offers in streamingData.adaptiveFormats, served at /videoplayback
 * with range requests. `delivery`: 'plain' (default) gives each format a `url`; 'signature' only
 * a `signatureCipher` (deciphering YouTube's player script needed); 'sabr' no URLs at all beside
 * a serverAbrStreamingUrl (a PO token needed).
 */
export interface FakeAudio {
  content: FakeAudioContent;
  delivery?: 'plain' | 'signature' | 'sabr';
}

export interface FakeVideo {
  videoId: string;
  title: string;
  author: string;
  channelId: string;
  lengthSeconds: number;
  description: string;
  /** As microformat gives it, e.g. "2024-03-05T08:00:00-08:00". */
  publishDate: string;
  uploadDate?: string;
  category?: string;
  viewCount?: number;
  keywords?: string[];
  isLive?: boolean;
  isLiveContent?: boolean;
  /** Applies to every client unless `clients` says otherwise. Default OK. */
  playability?: FakePlayability;
  /** Per InnerTube clientName ("WEB", "ANDROID", "IOS", "TVHTML5", ...). */
  clients?: Record<string, FakeClientView>;
  tracks: FakeTrack[];
  /** Index into tracks of the default caption track; default 0 when there are tracks. */
  defaultCaptionTrackIndex?: number;
  /** The watch page shows the cookie-consent interstitial until consent cookies are sent. */
  consentRequired?: boolean;
  /** The comment section; fields left out take their defaults. */
  comments?: Partial<FakeCommentSettings>;
  /** Real audio streams; without it the formats' URLs answer 404. */
  audio?: FakeAudio;
}

/** Ways to answer the next requests for a video instead of answering properly. */
export type FakeFailure =
  | 429
  | 500
  | 502
  | 503
  | 'sorry-redirect'
  | 'captcha-page'
  | 'connection-reset'
  | 'stall';

export type FakeCaptionFormat = 'json3' | 'srv3' | 'vtt';

export interface FakeBehaviour {
  /** Answer the next `count` requests that concern this video (watch, player, next, timedtext) this way. */
  failNext?: { with: FakeFailure; count: number };
  /** Show the cookie-consent interstitial on the watch page until consent cookies are sent. */
  consentRequired?: boolean;
  /** How consent is asked for: the interstitial page itself (default) or a redirect to consent.youtube.com. */
  consentStyle?: 'page' | 'redirect';
  /** Break one caption format: an empty 200 body, or a body that is not that format. */
  formatFaults?: Partial<Record<FakeCaptionFormat, 'empty' | 'garbage'>>;
  /** Per-client overrides layered over the video's own. */
  clients?: Record<string, FakeClientView>;
  /**
   * Refuse requests for this video that come from these client addresses (the TCP peer, the
   * way YouTube sees an IP), as YouTube treats a flagged address. 'bot-check' answers the watch
   * page and player requests with "Sign in to confirm you're not a bot" (and timedtext with
   * 429); a FakeFailure answers every request that way. Requests from other addresses, e.g.
   * through a test proxy that connects out from 127.0.0.2, are served normally.
   */
  refuseFrom?: { addresses: string[]; with: 'bot-check' | FakeFailure };
  /** Comment settings layered over the video's own (a count of 150 for a benchmark, say). */
  comments?: Partial<FakeCommentSettings>;
  /** Answer the next `count` requests for this video's audio (/videoplayback) this way. */
  mediaFailNext?: { with: FakeFailure; count: number };
}
