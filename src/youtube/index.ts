/**
 * YouTube access for the service: video metadata, caption transcripts and top comments through InnerTube,
 * every request sent to the configured base URL (docs/api-behaviour.md#outbound-requests).
 */
export { createYouTubeClient, type AfterWatchPage, type RouteOptions, type YouTubeClient, type YouTubeClientOptions } from './client';
export type { HandoverWanted, WatchHandover } from './watch-handover';
export { feedRefOf, type FeedRef, type FeedVideo, type ListedVideo, type SourceListing } from './sources';
export { YouTubeError, type YouTubeFailureKind } from './errors';
export { ProxyFailure, type ProxyProvider, type ProxyRoute } from './proxy-route';
export { probeYouTube, PROBE_VIDEO_ID, type ProbeOutcome, type ProbeResult } from './probe';
export type { HttpSession, HttpBytesResponse } from './http-session';
export { PlayerSources, type PlayableResponse } from './player-sources';
export { userAgentOf } from './innertube-clients';
export { arrayAt, at, integerAt, stringAt } from './player-response';

// Pure parsers, exported so they can be used and tested on their own.
export { parseJson3Captions } from './captions/json3';
export { parseSrv3Captions } from './captions/srv3';
export { parseWebVttCaptions } from './captions/webvtt';
export { cleanCaptionText, CaptionFormatError } from './captions/caption-text';
export { parseCaptionsInPlace, parseLargeCaptionsOnThread, type CaptionParser } from './captions/caption-parser';
export { CAPTION_FORMATS, parseCaptions, type CaptionFormat } from './captions/parse-captions';
export { parseDescriptionChapters } from './chapters';
export { mapPlayerResponseToMetadata } from './metadata';
export {
  chooseCaptionTrack,
  readCaptionTracks,
  type CaptionChoice,
  type CaptionTrack,
  type CaptionTrackList,
} from './caption-tracks';
export { judgePlayability, type PlayabilityVerdict } from './playability';
export {
  cleanCommentText,
  findCommentsEntry,
  parseCount,
  readCommentsPage,
  type CommentsEntry,
  type CommentsPage,
} from './comments';
