import { CHANNEL_ID, type VideoSource } from '../../domain/source-url';
import { looksLikeCaptchaPage } from '../captcha';
import { YouTubeError } from '../errors';
import type { HttpSession } from '../http-session';
import { stringAt } from '../player-response';
import { postWebInnerTube } from '../web-innertube';
import type { WebClientHints } from '../watch-page';
import { continuationEntries, firstPageEntries, type EntryPage, type ListedVideo } from './list-entries';
import { loadSourcePage } from './source-page';

/** A playlist's videos in list order, or a channel's uploads newest first, as far as asked. */
export interface SourceListing {
  /** The channel's id (handles and names resolved), or null for a playlist. */
  channelId: string | null;
  title: string | null;
  videos: ListedVideo[];
  /** Entries passed over: members-only, private, deleted or otherwise unplayable. */
  skipped: number;
}

/**
 * Continuation pages one reading may ask for beyond the first: a playlist page holds 100
 * entries and a channel page 30, so this leaves room for many unplayable entries and small pages
 * while a continuation that never ends still cannot keep us asking.
 */
export const MAX_CONTINUATION_PAGES = 20;

/**
 * Reads the source's page, then POST /youtubei/v1/browse {continuation} for each next page, until
 * `limit` videos are in hand or the list ends. A repeated token, an unrecognised page or the page
 * cap ends the reading with what we have; a later page that fails fails the reading, which the
 * caller's retry policy asks again.
 */
export async function readSource(session: HttpSession, source: VideoSource, limit: number): Promise<SourceListing> {
  const { initialData, hints } = await loadSourcePage(session, source);
  let page = firstPageEntries(initialData);
  if (!page.recognised) throw new YouTubeError('TRANSIENT', 'YouTube answered a page without the list we asked for');

  const listing: SourceListing = { channelId: channelIdOf(initialData), title: titleOf(initialData), videos: [], skipped: 0 };
  const seenVideos = new Set<string>();
  const askedTokens = new Set<string>();
  const collect = (entries: EntryPage) => {
    listing.skipped += entries.skipped;
    for (const video of entries.videos) {
      if (listing.videos.length >= limit) return;
      // A continuation that overlaps the page before it repeats entries; each video counts once.
      if (seenVideos.has(video.videoId)) continue;
      seenVideos.add(video.videoId);
      listing.videos.push(video);
    }
  };
  collect(page);
  while (listing.videos.length < limit && page.next !== null && !askedTokens.has(page.next) && askedTokens.size < MAX_CONTINUATION_PAGES) {
    askedTokens.add(page.next);
    page = continuationEntries(await requestBrowse(session, hints, page.next));
    if (!page.recognised) break;
    collect(page);
  }
  if (source.kind === 'playlist') listing.channelId = null;
  return listing;
}

/** The page's channel id (metadata.channelMetadataRenderer.externalId), or null. */
export function channelIdOf(initialData: unknown): string | null {
  const id = stringAt(initialData, 'metadata', 'channelMetadataRenderer', 'externalId');
  return id !== undefined && CHANNEL_ID.test(id) ? id : null;
}

function titleOf(initialData: unknown): string | null {
  return (
    stringAt(initialData, 'metadata', 'playlistMetadataRenderer', 'title') ??
    stringAt(initialData, 'metadata', 'channelMetadataRenderer', 'title') ??
    null
  );
}

/** One continuation page. Throws SOURCE_BLOCKED on refusals and captchas, TRANSIENT otherwise. */
async function requestBrowse(session: HttpSession, hints: WebClientHints, continuation: string): Promise<unknown> {
  const response = await postWebInnerTube(session, hints, 'browse', { continuation }, 'the list continuation');
  if (response.consentRedirect) throw new YouTubeError('SOURCE_BLOCKED', 'YouTube sent the list continuation to its cookie-consent page');
  if (response.status === 403) throw new YouTubeError('SOURCE_BLOCKED', 'YouTube refused the list continuation (HTTP 403)');
  if (response.status !== 200) throw new YouTubeError('TRANSIENT', `YouTube answered HTTP ${response.status} on the list continuation`);
  try {
    return JSON.parse(response.text) as unknown;
  } catch {
    if (looksLikeCaptchaPage(response.text)) throw new YouTubeError('SOURCE_BLOCKED', 'YouTube answered the list continuation with a captcha');
    throw new YouTubeError('TRANSIENT', 'YouTube did not answer the list continuation with JSON');
  }
}
