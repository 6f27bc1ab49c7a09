import type { VideoComment } from '../../domain/comments';
import { arrayAt, at, booleanAt, integerAt, stringAt, textAt } from '../player-response';
import { cleanCommentLine, cleanCommentText } from './comment-text';
import { parseCount } from './count-text';

/**
 * Reading InnerTube's comment answers (POST /youtubei/v1/next). Two shapes are in use:
 *
 * - older: commentThreadRenderer.comment.commentRenderer carries everything inline (authorText,
 *   contentText runs, voteCount, replyCount, publishedTimeText, pinnedCommentBadge,
 *   authorIsChannelOwner);
 * - current: commentThreadRenderer.commentViewModel.commentViewModel only names its data by key
 *   (commentKey); the data is a commentEntityPayload among the answer's
 *   frameworkUpdates.entityBatchUpdate.mutations. Pinning is the view model's pinnedText.
 *
 * Reads are defensive like the player response's: a missing field reads as empty, a thread
 * without an id is skipped and counted, never thrown.
 */

/** Where a watch page (ytInitialData) or a POST /next for a videoId says the comments are. */
export type CommentsEntry =
  | { kind: 'continuation'; token: string }
  | { kind: 'turned-off'; message: string }
  | { kind: 'none' };

export interface SortChoice {
  /** The "Top comments" item's token: titled so, or else the menu's first item. */
  topToken: string | null;
  /** The page already is in that order. */
  topSelected: boolean;
}

export interface CommentsPage {
  comments: VideoComment[];
  /** The trailing continuationItemRenderer's token: the next page, or null for the last. */
  next: string | null;
  /** The header's sort menu; only the first page of a sort carries it. */
  sort: SortChoice | null;
  /** A messageRenderer in place of comments ("Comments are turned off."), its text. */
  message: string | null;
  /** Threads that were there but could not be read (no comment id, no entity for the key). */
  unreadable: number;
  /** False when the answer has none of the shapes a comments page has. */
  recognised: boolean;
}

const COMMENT_SECTION_ID = 'comment-item-section';
const COMMENT_TARGET_ID = 'comments-section';
const COMMENTS_PANEL_ID = 'engagement-panel-comments-section';
const PINNED_PRIORITY = 'RENDERING_PRIORITY_PINNED_COMMENT';

/**
 * The comment section of a watch page's ytInitialData, or of a POST /next answer for a videoId
 * (same shape): its continuation, or the message shown instead of comments. The section is the
 * itemSectionRenderer with sectionIdentifier "comment-item-section" (or targetId
 * "comments-section"); the comments engagement panel is read when that section has neither.
 */
export function findCommentsEntry(watchData: unknown): CommentsEntry {
  for (const item of arrayAt(watchData, 'contents', 'twoColumnWatchNextResults', 'results', 'results', 'contents')) {
    const section = at(item, 'itemSectionRenderer');
    if (!isCommentSection(section)) continue;
    const entry = entryOf(arrayAt(section, 'contents'), section);
    if (entry.kind !== 'none') return entry;
  }
  for (const panel of arrayAt(watchData, 'engagementPanels')) {
    const renderer = at(panel, 'engagementPanelSectionListRenderer');
    if (stringAt(renderer, 'panelIdentifier') !== COMMENTS_PANEL_ID && stringAt(renderer, 'targetId') !== COMMENTS_PANEL_ID) continue;
    for (const part of arrayAt(renderer, 'content', 'sectionListRenderer', 'contents')) {
      const section = at(part, 'itemSectionRenderer');
      if (section === undefined) continue;
      const entry = entryOf(arrayAt(section, 'contents'), section);
      if (entry.kind !== 'none') return entry;
    }
  }
  return { kind: 'none' };
}

function isCommentSection(section: unknown): boolean {
  return stringAt(section, 'sectionIdentifier') === COMMENT_SECTION_ID || stringAt(section, 'targetId') === COMMENT_TARGET_ID;
}

function entryOf(contents: unknown[], section: unknown): CommentsEntry {
  for (const item of contents) {
    const token = continuationToken(at(item, 'continuationItemRenderer'));
    if (token) return { kind: 'continuation', token };
    const message = at(item, 'messageRenderer');
    if (message !== undefined) return { kind: 'turned-off', message: messageText(message) };
  }
  // The section's shape before continuationItemRenderer: a nextContinuationData beside the contents.
  const legacy = stringAt(section, 'continuations', 0, 'nextContinuationData', 'continuation');
  return legacy ? { kind: 'continuation', token: legacy } : { kind: 'none' };
}

/** One POST /next answer for a comments continuation, in either shape. */
export function readCommentsPage(response: unknown): CommentsPage {
  const page: CommentsPage = { comments: [], next: null, sort: null, message: null, unreadable: 0, recognised: false };
  const entities = commentEntities(response);

  const lists: unknown[][] = [];
  for (const endpoint of arrayAt(response, 'onResponseReceivedEndpoints')) {
    const action = at(endpoint, 'reloadContinuationItemsCommand') ?? at(endpoint, 'appendContinuationItemsAction');
    if (action === undefined) continue;
    page.recognised = true;
    lists.push(arrayAt(action, 'continuationItems'));
  }
  // The shape before onResponseReceivedEndpoints: itemSectionContinuation with its own continuations.
  const legacy = at(response, 'continuationContents', 'itemSectionContinuation');
  if (legacy !== undefined) {
    page.recognised = true;
    lists.push(arrayAt(legacy, 'contents'));
    page.next = stringAt(legacy, 'continuations', 0, 'nextContinuationData', 'continuation') ?? null;
    const header = at(legacy, 'header', 'commentsHeaderRenderer');
    if (header !== undefined) page.sort = sortChoice(header);
  }

  for (const items of lists) {
    for (const item of items) {
      const thread = at(item, 'commentThreadRenderer');
      if (thread !== undefined) {
        const comment = readThread(thread, entities);
        if (comment) page.comments.push(comment);
        else page.unreadable++;
        continue;
      }
      const header = at(item, 'commentsHeaderRenderer');
      if (header !== undefined) {
        page.sort = sortChoice(header);
        continue;
      }
      const continuation = at(item, 'continuationItemRenderer');
      if (continuation !== undefined) {
        page.next = continuationToken(continuation) ?? page.next;
        continue;
      }
      const message = at(item, 'messageRenderer');
      if (message !== undefined) page.message = messageText(message);
    }
  }
  return page;
}

/** The commentEntityPayloads of an answer, by their key (which is also the mutation's entityKey). */
function commentEntities(response: unknown): Map<string, unknown> {
  const byKey = new Map<string, unknown>();
  for (const mutation of arrayAt(response, 'frameworkUpdates', 'entityBatchUpdate', 'mutations')) {
    const payload = at(mutation, 'payload', 'commentEntityPayload');
    if (typeof payload !== 'object' || payload === null) continue;
    const key = stringAt(payload, 'key');
    const entityKey = stringAt(mutation, 'entityKey');
    if (key) byKey.set(key, payload);
    if (entityKey && !byKey.has(entityKey)) byKey.set(entityKey, payload);
  }
  return byKey;
}

function readThread(thread: unknown, entities: Map<string, unknown>): VideoComment | null {
  const renderer = at(thread, 'comment', 'commentRenderer');
  if (renderer !== undefined) return fromRenderer(renderer);
  const viewModel = at(thread, 'commentViewModel', 'commentViewModel');
  if (viewModel !== undefined) {
    const pinned = stringAt(viewModel, 'pinnedText') !== undefined || stringAt(thread, 'renderingPriority') === PINNED_PRIORITY;
    return fromViewModel(viewModel, entities, pinned);
  }
  return null;
}

function fromRenderer(renderer: unknown): VideoComment | null {
  const id = stringAt(renderer, 'commentId');
  if (!id) return null;
  return {
    comment_id: id,
    author: cleanCommentLine(textAt(renderer, 'authorText') ?? ''),
    text: cleanCommentText(textAt(renderer, 'contentText') ?? ''),
    like_count: parseCount(textAt(renderer, 'voteCount')),
    reply_count: integerAt(renderer, 'replyCount') ?? parseCount(textAt(renderer, 'replyCount')),
    published: cleanCommentLine(textAt(renderer, 'publishedTimeText') ?? ''),
    is_pinned: at(renderer, 'pinnedCommentBadge') !== undefined,
    is_creator: booleanAt(renderer, 'authorIsChannelOwner') === true,
  };
}

function fromViewModel(viewModel: unknown, entities: Map<string, unknown>, pinned: boolean): VideoComment | null {
  const key = stringAt(viewModel, 'commentKey');
  const entity = key === undefined ? undefined : entities.get(key);
  if (entity === undefined) return null;
  const id = stringAt(entity, 'properties', 'commentId') ?? stringAt(viewModel, 'commentId');
  if (!id) return null;
  return {
    comment_id: id,
    author: cleanCommentLine(stringAt(entity, 'author', 'displayName') ?? ''),
    text: cleanCommentText(stringAt(entity, 'properties', 'content', 'content') ?? ''),
    like_count: likesOf(at(entity, 'toolbar')),
    reply_count: parseCount(stringAt(entity, 'toolbar', 'replyCount')),
    published: cleanCommentLine(stringAt(entity, 'properties', 'publishedTime') ?? ''),
    is_pinned: pinned,
    is_creator: booleanAt(entity, 'author', 'isCreator') === true,
  };
}

/**
 * The spoken label ("1,234 likes"; in some languages the exact number) is at least as precise as
 * the shown count ("1.2K"), so it wins when it has a number in it.
 */
function likesOf(toolbar: unknown): number {
  const spoken = stringAt(toolbar, 'likeCountA11y');
  if (spoken !== undefined && /\d/.test(spoken)) return parseCount(spoken);
  return parseCount(stringAt(toolbar, 'likeCountNotliked'));
}

function sortChoice(header: unknown): SortChoice | null {
  const items = arrayAt(header, 'sortMenu', 'sortFilterSubMenuRenderer', 'subMenuItems');
  if (items.length === 0) return null;
  const top = items.find((item) => /^\s*top\b/i.test(stringAt(item, 'title') ?? '')) ?? items[0];
  return {
    topToken:
      stringAt(top, 'serviceEndpoint', 'continuationCommand', 'token') ??
      stringAt(top, 'navigationEndpoint', 'continuationCommand', 'token') ??
      stringAt(top, 'continuation', 'reloadContinuationData', 'continuation') ??
      null,
    topSelected: booleanAt(top, 'selected') === true,
  };
}

/** A continuationItemRenderer's token: its own endpoint, or its "Show more" button's command. */
function continuationToken(renderer: unknown): string | null {
  if (renderer === undefined) return null;
  return (
    stringAt(renderer, 'continuationEndpoint', 'continuationCommand', 'token') ??
    stringAt(renderer, 'button', 'buttonRenderer', 'command', 'continuationCommand', 'token') ??
    null
  );
}

function messageText(message: unknown): string {
  return cleanCommentLine(textAt(message, 'text') ?? textAt(message, 'subtext') ?? '');
}
