import { arrayAt, at, stringAt, textAt } from '../player-response';

/**
 * The entries of a playlist or channel page, in the shapes YouTube uses for both the first page
 * (ytInitialData) and the browse continuations after it:
 *   playlistVideoRenderer {videoId, title, isPlayable}          a playlist's entry
 *   richItemRenderer.content.videoRenderer {videoId, title, badges}  a channel's upload
 *   richItemRenderer.content.lockupViewModel {contentId, contentType}  the same, newer layout
 *   continuationItemRenderer.continuationEndpoint.continuationCommand.token  the next page
 * Entries YouTube will not play for us (deleted or private videos in a playlist, members-only
 * uploads) are counted rather than listed.
 */

export interface ListedVideo {
  videoId: string;
  title: string | null;
}

export interface EntryPage {
  videos: ListedVideo[];
  /** Entries present but not playable by us. */
  skipped: number;
  /** The next page's continuation token, or null at the end. */
  next: string | null;
  /** False when nothing on the page was a list we know. */
  recognised: boolean;
}

const VIDEO_ID = /^[A-Za-z0-9_-]{11}$/;
const MEMBERS_ONLY_BADGE = 'BADGE_STYLE_TYPE_MEMBERS_ONLY';

/** The entries of a first page: the playlist's list, or the selected tab's grid. */
export function firstPageEntries(initialData: unknown): EntryPage {
  for (const tab of arrayAt(initialData, 'contents', 'twoColumnBrowseResultsRenderer', 'tabs')) {
    const content = at(tab, 'tabRenderer', 'content');
    if (content === undefined) continue;
    const grid = arrayAt(content, 'richGridRenderer', 'contents');
    if (grid.length > 0) return readEntries(grid);
    for (const section of arrayAt(content, 'sectionListRenderer', 'contents')) {
      for (const item of arrayAt(section, 'itemSectionRenderer', 'contents')) {
        const list = at(item, 'playlistVideoListRenderer', 'contents');
        if (Array.isArray(list)) return readEntries(list);
      }
    }
    // An empty tab (a channel with no uploads) still is the tab asked for.
    if (at(content, 'richGridRenderer') !== undefined) return readEntries([]);
  }
  return { videos: [], skipped: 0, next: null, recognised: false };
}

/** The entries of a browse continuation answer (appended, or reloaded in place). */
export function continuationEntries(answer: unknown): EntryPage {
  for (const action of arrayAt(answer, 'onResponseReceivedActions')) {
    const items = at(action, 'appendContinuationItemsAction', 'continuationItems') ?? at(action, 'reloadContinuationItemsCommand', 'continuationItems');
    if (Array.isArray(items)) return readEntries(items);
  }
  return { videos: [], skipped: 0, next: null, recognised: false };
}

function readEntries(items: unknown[]): EntryPage {
  const page: EntryPage = { videos: [], skipped: 0, next: null, recognised: true };
  for (const item of items) {
    const token = stringAt(item, 'continuationItemRenderer', 'continuationEndpoint', 'continuationCommand', 'token');
    if (token !== undefined) {
      page.next = token;
      continue;
    }
    const entry = readEntry(item);
    if (entry === 'skipped') page.skipped++;
    else if (entry !== null) page.videos.push(entry);
  }
  return page;
}

function readEntry(item: unknown): ListedVideo | 'skipped' | null {
  const listed = at(item, 'playlistVideoRenderer');
  if (listed !== undefined) {
    const videoId = stringAt(listed, 'videoId');
    if (videoId === undefined || !VIDEO_ID.test(videoId) || at(listed, 'isPlayable') === false) return 'skipped';
    return { videoId, title: textAt(listed, 'title') ?? null };
  }
  const content = at(item, 'richItemRenderer', 'content');
  const upload = at(content, 'videoRenderer');
  if (upload !== undefined) {
    const videoId = stringAt(upload, 'videoId');
    if (videoId === undefined || !VIDEO_ID.test(videoId) || isMembersOnly(upload)) return 'skipped';
    return { videoId, title: textAt(upload, 'title') ?? null };
  }
  const lockup = at(content, 'lockupViewModel');
  if (lockup !== undefined) {
    const videoId = stringAt(lockup, 'contentId');
    if (videoId === undefined || !VIDEO_ID.test(videoId) || stringAt(lockup, 'contentType') !== 'LOCKUP_CONTENT_TYPE_VIDEO') return 'skipped';
    return { videoId, title: stringAt(lockup, 'metadata', 'lockupMetadataViewModel', 'title', 'content') ?? null };
  }
  return null;
}

function isMembersOnly(renderer: unknown): boolean {
  return arrayAt(renderer, 'badges').some((badge) => stringAt(badge, 'metadataBadgeRenderer', 'style') === MEMBERS_ONLY_BADGE);
}
