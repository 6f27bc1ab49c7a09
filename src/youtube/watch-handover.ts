import { chooseCaptionTrack, readCaptionTracks, type CaptionChoice } from './caption-tracks';
import { findCommentsEntry, type CommentsEntry } from './comments/comment-page';
import type { WatchPage, WebClientHints } from './watch-page';

/**
 * What one read of the watch page tells the later steps of a job, so that a job attempt fetches
 * the page once: the metadata step reads it and returns this, and the workflow passes it on to
 * the transcript and comments steps. A few hundred bytes to a few KB (a signed caption URL, a
 * continuation token, the ytcfg hints), never the page: it travels in Temporal payloads.
 *
 * Made only from a page whose own player response was playable, so a later step may take its
 * verdicts as the web client's.
 */
export interface WatchHandover {
  /** The ytcfg values the web client presents again in InnerTube requests. */
  hints: WebClientHints;
  /**
   * The caption track the page's player response offers for the job's language, or null when it
   * offers none (the transcript step then asks the apps, as it would after the page).
   */
  caption: CaptionChoice | null;
  /** Where the page's comment section starts; absent when the job does not read comments. */
  comments?: CommentsEntry;
}

/** What the job's later steps will ask of the page. */
export interface HandoverWanted {
  /** options.language: the caption track chosen for it. */
  language: string | null;
  /** options.include_comments. */
  comments: boolean;
}

export function handoverFrom(page: WatchPage, wanted: HandoverWanted): WatchHandover {
  const tracks = readCaptionTracks(page.playerResponse);
  const handover: WatchHandover = {
    hints: { apiKey: page.apiKey, clientVersion: page.clientVersion, visitorData: page.visitorData },
    caption: tracks && chooseCaptionTrack(tracks, wanted.language),
  };
  if (wanted.comments) handover.comments = findCommentsEntry(page.initialData());
  return handover;
}
