import { createHash } from 'node:crypto';
import type { FakeCommentSettings, FakeVideo } from './model';
import { seededRandom, type Random } from './seeded-random';
import { timestamp } from './talk-video';

/**
 * Comments for the fake's videos, in the shapes YouTube's web client receives them:
 *   - the watch page's ytInitialData (and POST /youtubei/v1/next {videoId}) carry the comment
 *     section, an itemSectionRenderer "comment-item-section" holding a continuationItemRenderer,
 *     or a messageRenderer "Comments are turned off.";
 *   - POST /youtubei/v1/next {continuation} answers the first page of a sort (a header with the
 *     sort menu, then threads) and the pages after it (threads appended), each ending with a
 *     continuationItemRenderer while more remain.
 * Threads come in the older inline shape (commentRenderer) or the current one (commentViewModel,
 * data in frameworkUpdates.entityBatchUpdate.mutations), per video. Every comment follows from
 * the video id and its position, so any page can be built on its own and is always the same.
 */

export interface FakeComment {
  id: string;
  /** "@handle", as YouTube shows authors. */
  author: string;
  channelId: string;
  /** As served: may hold line breaks, emoji, and (FAKE_MESSY_COMMENT_INDEX) a NUL and a lone surrogate. */
  text: string;
  likes: number;
  /** How YouTube shows the likes: "1.2K", "532", "" for none. */
  likesShown: string;
  /** The number likesShown stands for (1200 for "1.2K"), which is all a client can know. */
  likesCounted: number;
  replies: number;
  /** "3 weeks ago", "2 years ago (edited)". */
  published: string;
  pinned: boolean;
  /** Written by the video's channel. */
  creator: boolean;
}

/** Position (top order) of the comment whose text carries a NUL and an unpaired surrogate. */
export const FAKE_MESSY_COMMENT_INDEX = 6;
/** Position of the channel's own comment that is not pinned (the pinned one is at 0). */
export const FAKE_CREATOR_COMMENT_INDEX = 4;

type Sort = FakeCommentSettings['firstPageSort'];

interface CommentsToken {
  videoId: string;
  /** section: the watch page's; sort: a sort menu item's; page: a following page's. */
  kind: 'section' | 'sort' | 'page';
  sort: Sort;
  offset: number;
}

/** The video's settings: its own over id-derived defaults, then `override` (a test's behaviour). */
export function fakeCommentSettings(video: FakeVideo, override?: Partial<FakeCommentSettings>): FakeCommentSettings {
  const random = seededRandom(`comments:${video.videoId}`);
  const defaults: FakeCommentSettings = {
    count: random.int(24, 180),
    shape: random.chance(0.5) ? 'view-model' : 'renderer',
    state: 'open',
    pageSize: 20,
    firstPageSort: 'top',
  };
  return { ...defaults, ...defined(video.comments), ...defined(override) };
}

/** Every comment of the video in "Top comments" order, as a client should read them. */
export function fakeComments(video: FakeVideo, override?: Partial<FakeCommentSettings>): FakeComment[] {
  const settings = fakeCommentSettings(video, override);
  return Array.from({ length: settings.count }, (_, i) => fakeComment(video, i));
}

// ---------------------------------------------------------------- the watch page's section

/** The items of twoColumnWatchNextResults.results.results.contents; `settings` null: no comment section. */
export function watchNextContents(video: FakeVideo, settings: FakeCommentSettings | null): unknown[] {
  const contents: unknown[] = [
    {
      videoPrimaryInfoRenderer: {
        title: { runs: [{ text: video.title }] },
        viewCount: { videoViewCountRenderer: { viewCount: { simpleText: `${(video.viewCount ?? 0).toLocaleString('en-US')} views` } } },
        trackingParams: tracking(video.videoId, 'primary'),
      },
    },
    {
      videoSecondaryInfoRenderer: {
        owner: { videoOwnerRenderer: { title: { runs: [{ text: video.author }] }, trackingParams: tracking(video.videoId, 'owner') } },
        trackingParams: tracking(video.videoId, 'secondary'),
      },
    },
  ];
  if (settings) contents.push(commentSection(video, settings));
  return contents;
}

/** POST /youtubei/v1/next for a videoId: the watch data ytInitialData also carries. */
export function watchNextResponse(video: FakeVideo | undefined, videoId: string, settings: FakeCommentSettings | null, visitorData: string): unknown {
  return {
    responseContext: { visitorData, serviceTrackingParams: [{ service: 'CSI', params: [{ key: 'c', value: 'WEB' }] }] },
    contents: {
      twoColumnWatchNextResults: {
        results: { results: { contents: video ? watchNextContents(video, settings) : [], trackingParams: tracking(videoId, 'results') } },
      },
    },
    currentVideoEndpoint: { watchEndpoint: { videoId } },
    trackingParams: tracking(videoId, 'next'),
  };
}

function commentSection(video: FakeVideo, settings: FakeCommentSettings): unknown {
  const item =
    settings.state === 'off'
      ? {
          messageRenderer: {
            text: {
              runs: [
                { text: 'Comments are turned off. ' },
                {
                  text: 'Learn more',
                  navigationEndpoint: { urlEndpoint: { url: 'https://support.google.com/youtube/answer/9706180?hl=en' } },
                },
              ],
            },
            trackingParams: tracking(video.videoId, 'comments-off'),
          },
        }
      : {
          continuationItemRenderer: {
            trigger: 'CONTINUATION_TRIGGER_ON_ITEM_SHOWN',
            continuationEndpoint: continuationEndpoint(video.videoId, {
              videoId: video.videoId,
              kind: 'section',
              sort: settings.firstPageSort,
              offset: 0,
            }),
          },
        };
  return {
    itemSectionRenderer: {
      contents: [item],
      trackingParams: tracking(video.videoId, 'comment-section'),
      sectionIdentifier: 'comment-item-section',
      targetId: 'comments-section',
    },
  };
}

// ---------------------------------------------------------------- continuation pages

/** The video a comments continuation token belongs to, or undefined for a token that is not ours. */
export function commentsTokenVideo(token: string): string | undefined {
  return decodeToken(token)?.videoId;
}

/** POST /youtubei/v1/next {continuation}; null when the token is not a comments token of this video. */
export function commentsPageResponse(
  video: FakeVideo,
  settings: FakeCommentSettings,
  continuation: string,
  visitorData: string,
): unknown | null {
  const token = decodeToken(continuation);
  if (!token || token.videoId !== video.videoId) return null;
  const start = token.kind === 'page' ? token.offset : 0;
  const end = Math.min(settings.count, start + settings.pageSize);

  const threads: unknown[] = [];
  const mutations: unknown[] = [];
  for (let position = start; position < end; position++) {
    const comment = fakeComment(video, orderedIndex(token.sort, position, settings.count));
    threads.push(settings.shape === 'renderer' ? rendererThread(video, comment) : viewModelThread(video, comment, mutations));
  }
  if (end < settings.count) {
    threads.push({
      continuationItemRenderer: {
        trigger: 'CONTINUATION_TRIGGER_ON_ITEM_SHOWN',
        continuationEndpoint: continuationEndpoint(video.videoId, { videoId: video.videoId, kind: 'page', sort: token.sort, offset: end }),
      },
    });
  }

  const endpoints =
    token.kind === 'page'
      ? [
          {
            clickTrackingParams: tracking(continuation, 'append'),
            appendContinuationItemsAction: { continuationItems: threads, targetId: 'comments-section' },
          },
        ]
      : [
          {
            clickTrackingParams: tracking(continuation, 'header'),
            reloadContinuationItemsCommand: {
              targetId: 'comments-section',
              continuationItems: [commentsHeader(video, settings, token.sort)],
              slot: 'RELOAD_CONTINUATION_SLOT_HEADER',
            },
          },
          {
            clickTrackingParams: tracking(continuation, 'body'),
            reloadContinuationItemsCommand: {
              targetId: 'comments-section',
              continuationItems: threads,
              slot: 'RELOAD_CONTINUATION_SLOT_BODY',
            },
          },
        ];

  return {
    responseContext: { visitorData, serviceTrackingParams: [{ service: 'CSI', params: [{ key: 'c', value: 'WEB' }] }] },
    trackingParams: tracking(continuation, 'page'),
    onResponseReceivedEndpoints: endpoints,
    // Real answers list the entities in no particular order; so does this one (newest first).
    ...(mutations.length > 0
      ? { frameworkUpdates: { entityBatchUpdate: { mutations: mutations.reverse(), timestamp: { seconds: '1767225600', nanos: 0 } } } }
      : {}),
  };
}

function commentsHeader(video: FakeVideo, settings: FakeCommentSettings, selected: Sort): unknown {
  const count = settings.count.toLocaleString('en-US');
  const item = (title: string, sort: Sort) => ({
    title,
    selected: sort === selected,
    serviceEndpoint: continuationEndpoint(video.videoId, { videoId: video.videoId, kind: 'sort', sort, offset: 0 }),
    trackingParams: tracking(video.videoId, `sort-${sort}`),
  });
  return {
    commentsHeaderRenderer: {
      countText: { runs: [{ text: count }, { text: ' Comments' }] },
      sortMenu: {
        sortFilterSubMenuRenderer: {
          subMenuItems: [item('Top comments', 'top'), item('Newest first', 'newest')],
          icon: { iconType: 'SORT' },
          accessibility: { accessibilityData: { label: 'Sort comments' } },
          trackingParams: tracking(video.videoId, 'sort-menu'),
        },
      },
      titleText: { runs: [{ text: 'Comments' }] },
      commentsCount: { runs: [{ text: count }] },
      showSeparator: true,
      trackingParams: tracking(video.videoId, 'header'),
    },
  };
}

/** The older inline shape. */
function rendererThread(video: FakeVideo, comment: FakeComment): unknown {
  const renderer: Record<string, unknown> = {
    authorText: { simpleText: comment.author },
    authorThumbnail: { thumbnails: avatar(comment.channelId) },
    authorEndpoint: { browseEndpoint: { browseId: comment.channelId, canonicalBaseUrl: `/${comment.author}` } },
    contentText: { runs: textRuns(video.videoId, comment.text) },
    publishedTimeText: {
      runs: [{ text: comment.published, navigationEndpoint: { watchEndpoint: { videoId: video.videoId, params: 'COgC' } } }],
    },
    isLiked: false,
    commentId: comment.id,
    authorIsChannelOwner: comment.creator,
    voteStatus: 'INDIFFERENT',
    trackingParams: tracking(comment.id, 'comment'),
    ...(comment.likesShown
      ? { voteCount: { accessibility: { accessibilityData: { label: `${comment.likesShown} likes` } }, simpleText: comment.likesShown } }
      : {}),
    ...(comment.replies > 0 ? { replyCount: comment.replies } : {}),
    ...(comment.pinned
      ? {
          pinnedCommentBadge: {
            pinnedCommentBadgeRenderer: {
              icon: { iconType: 'KEEP' },
              label: { runs: [{ text: 'Pinned by ' }, { text: creatorHandle(video) }] },
              color: { basicColorPaletteData: { foregroundTitleColor: 4278190080 } },
            },
          },
        }
      : {}),
  };
  return {
    commentThreadRenderer: {
      comment: { commentRenderer: renderer },
      ...replies(comment),
      trackingParams: tracking(comment.id, 'thread'),
      renderingPriority: comment.pinned ? 'RENDERING_PRIORITY_PINNED_COMMENT' : 'RENDERING_PRIORITY_UNKNOWN',
      isModeratedElqComment: false,
    },
  };
}

/** The current shape: the thread names its data by key; the data goes into `mutations`. */
function viewModelThread(video: FakeVideo, comment: FakeComment, mutations: unknown[]): unknown {
  const keys = {
    comment: entityKey(comment.id, 1),
    toolbarState: entityKey(comment.id, 2),
    toolbarSurface: entityKey(comment.id, 3),
    commentSurface: entityKey(comment.id, 4),
    shared: entityKey(video.videoId, 5),
  };
  const liked = shownCount(comment.likes + 1).text;
  mutations.push(
    {
      entityKey: keys.comment,
      type: 'ENTITY_MUTATION_TYPE_REPLACE',
      payload: {
        commentEntityPayload: {
          key: keys.comment,
          properties: {
            commentId: comment.id,
            content: attributedText(video.videoId, comment.text),
            publishedTime: comment.published,
            replyLevel: 0,
            authorButtonA11y: comment.author,
            toolbarStateKey: keys.toolbarState,
          },
          author: {
            channelId: comment.channelId,
            displayName: comment.author,
            avatarThumbnailUrl: avatar(comment.channelId)[0]!.url,
            isVerified: comment.creator,
            isCurrentUser: false,
            isCreator: comment.creator,
            isArtist: false,
            channelCommand: { innertubeCommand: { browseEndpoint: { browseId: comment.channelId, canonicalBaseUrl: `/${comment.author}` } } },
          },
          toolbar: {
            likeCountLiked: liked,
            likeCountNotliked: comment.likesShown,
            likeCountA11y: `${comment.likesShown || '0'} likes`,
            replyCount: comment.replies > 0 ? String(comment.replies) : '',
            replyCountA11y: comment.replies === 1 ? '1 reply' : `${comment.replies} replies`,
            creatorThumbnailUrl: avatar(video.channelId)[0]!.url,
            likeInactiveTooltip: 'Like',
            likeActiveTooltip: 'Unlike',
            heartActiveTooltip: `\u2764 by ${creatorHandle(video)}`,
          },
          avatar: { image: { sources: avatar(comment.channelId) } },
        },
      },
    },
    {
      entityKey: keys.toolbarState,
      type: 'ENTITY_MUTATION_TYPE_REPLACE',
      payload: {
        engagementToolbarStateEntityPayload: {
          key: keys.toolbarState,
          heartState: comment.pinned ? 'TOOLBAR_HEART_STATE_HEARTED' : 'TOOLBAR_HEART_STATE_UNHEARTED',
          likeState: 'TOOLBAR_LIKE_STATE_INDIFFERENT',
        },
      },
    },
    {
      entityKey: keys.commentSurface,
      type: 'ENTITY_MUTATION_TYPE_REPLACE',
      payload: { commentSurfaceEntityPayload: { key: keys.commentSurface, publishedTimeCommand: { innertubeCommand: { watchEndpoint: { videoId: video.videoId } } } } },
    },
  );
  return {
    commentThreadRenderer: {
      ...replies(comment),
      trackingParams: tracking(comment.id, 'thread'),
      renderingPriority: comment.pinned ? 'RENDERING_PRIORITY_PINNED_COMMENT' : 'RENDERING_PRIORITY_UNKNOWN',
      isModeratedElqComment: false,
      commentViewModel: {
        commentViewModel: {
          ...(comment.pinned ? { pinnedText: `Pinned by ${creatorHandle(video)}` } : {}),
          commentKey: keys.comment,
          sharedKey: keys.shared,
          toolbarStateKey: keys.toolbarState,
          toolbarSurfaceKey: keys.toolbarSurface,
          commentId: comment.id,
          commentSurfaceKey: keys.commentSurface,
          rendererContext: { loggingContext: { loggingDirectives: { trackingParams: tracking(comment.id, 'view-model') } } },
        },
      },
    },
  };
}

/** Replies are not served, but a thread with some points at them the way YouTube does. */
function replies(comment: FakeComment): Record<string, unknown> {
  if (comment.replies === 0) return {};
  const label = comment.replies === 1 ? '1 reply' : `${comment.replies} replies`;
  return {
    replies: {
      commentRepliesRenderer: {
        contents: [
          {
            continuationItemRenderer: {
              trigger: 'CONTINUATION_TRIGGER_ON_ITEM_SHOWN',
              continuationEndpoint: {
                commandMetadata: { webCommandMetadata: { sendPost: true, apiUrl: '/youtubei/v1/next' } },
                continuationCommand: { token: `replies-${comment.id}`, request: 'CONTINUATION_REQUEST_TYPE_WATCH_NEXT' },
              },
            },
          },
        ],
        viewReplies: { buttonRenderer: { text: { runs: [{ text: label }] }, trackingParams: tracking(comment.id, 'replies') } },
        targetId: `comment-replies-item-${comment.id}`,
      },
    },
  };
}

function continuationEndpoint(videoId: string, token: CommentsToken): unknown {
  return {
    clickTrackingParams: tracking(videoId, `${token.kind}-${token.sort}-${token.offset}`),
    commandMetadata: { webCommandMetadata: { sendPost: true, apiUrl: '/youtubei/v1/next' } },
    continuationCommand: { token: encodeToken(token), request: 'CONTINUATION_REQUEST_TYPE_WATCH_NEXT' },
  };
}

// ---------------------------------------------------------------- one comment

const FIRST_NAMES = ['maria', 'jon', 'aiko', 'priya', 'lukas', 'fatima', 'diego', 'sam', 'olu', 'chen', 'ines', 'tom', 'zara', 'mateo', 'noor', 'kai'];
const LAST_PARTS = ['bakes', 'runs', 'makes', 'fixes', 'grows', 'reads', 'codes', 'learns', 'cooks', 'builds', 'draws', 'rides'];
const UNITS = ['day', 'week', 'month', 'year'] as const;

const TEMPLATES = [
  'This is the clearest explanation of {k} I have found. Thank you!',
  'The part at {t} finally made it click for me.',
  'I have been trying to get {k} right for months and this helped more than anything else.',
  'Could you do a follow-up on {k2}? Would love more detail.',
  'Watched this twice, took notes the second time 📝',
  '{t} is the key moment, everything before it is setup.',
  'Honestly underrated channel. How is this not everywhere?',
  'I disagree a little about {k}, in my experience it depends a lot on the situation.\nStill a great video though.',
  'Tried it this weekend & it worked first time. "Trust the process" indeed!',
  'Great video 👍',
  'My notes:\n1. {k}\n2. {k2}\n3. be patient',
  'The editing on this is so clean.',
  'Came here from a recommendation and stayed for the whole thing.',
  'Is there a written version of this somewhere? I would love to print it.',
  'This deserves way more views 🔥🔥🔥',
  'Thank you for not padding the video, straight to the point.',
  'Saving this for later. {k} is something I keep coming back to.',
  'Anyone else pause at {t} to take a screenshot?',
  'Can confirm, {k} changed everything for me <3',
  'Whoever explained {k} to me before did it wrong. This is the way.',
];

/** The comment at `index` in "Top comments" order. */
export function fakeComment(video: FakeVideo, index: number): FakeComment {
  const random = seededRandom(`comment:${video.videoId}:${index}`);
  const topLikes = seededRandom(`comments-top:${video.videoId}`).int(300, 250_000);
  const pinned = index === 0;
  const creator = pinned || index === FAKE_CREATOR_COMMENT_INDEX;

  let text: string;
  if (pinned) text = fill(random, video, 'Thanks for watching! The most asked question about {k} is answered at {t}. Tell me what you would like to see next.');
  else if (index === FAKE_CREATOR_COMMENT_INDEX) text = fill(random, video, 'Glad it helped so many of you. More on {k2} is coming soon.');
  else if (index === FAKE_MESSY_COMMENT_INDEX) text = fill(random, video, 'Bookmarking this\u0000 for {k} later \uD83D');
  else text = fill(random, video, random.pick(TEMPLATES));

  const likes = pinned ? Math.floor(topLikes * 0.4) : Math.floor((topLikes / Math.pow(index + 1, 1.5)) * (0.85 + random.next() * 0.3));
  const shown = shownCount(likes);
  const name = `${random.pick(FIRST_NAMES)}${random.pick(LAST_PARTS)}${random.chance(0.5) ? random.int(1, 9999) : ''}`;
  const unit = random.pick(UNITS);
  const amount = random.int(1, unit === 'day' ? 6 : unit === 'week' ? 4 : unit === 'month' ? 11 : 5);
  return {
    id: commentId(video.videoId, index),
    author: creator ? creatorHandle(video) : `@${name}`,
    channelId: creator ? video.channelId : 'UC' + digest(`channel:${name}`).slice(0, 22),
    text,
    likes,
    likesShown: shown.text,
    likesCounted: shown.value,
    replies: random.chance(index < 10 ? 0.7 : 0.3) ? random.int(1, index < 10 ? 240 : 12) : 0,
    published: `${amount} ${unit}${amount === 1 ? '' : 's'} ago${random.chance(0.1) ? ' (edited)' : ''}`,
    pinned,
    creator,
  };
}

/**
 * Likes as YouTube's English pages show them, and the number that text stands for: exact below
 * a thousand, then "1.2K" (cut, not rounded), "12K", "1.2M"; nothing at all for zero.
 */
export function shownCount(n: number): { text: string; value: number } {
  if (n <= 0) return { text: '', value: 0 };
  if (n < 1000) return { text: String(n), value: n };
  if (n < 1_000_000) {
    const k = n < 10_000 ? Math.floor(n / 100) / 10 : Math.floor(n / 1000);
    return { text: `${k}K`, value: Math.round(k * 1000) };
  }
  const m = n < 10_000_000 ? Math.floor(n / 100_000) / 10 : Math.floor(n / 1_000_000);
  return { text: `${m}M`, value: Math.round(m * 1_000_000) };
}

function fill(random: Random, video: FakeVideo, template: string): string {
  const words = video.keywords?.length ? video.keywords : video.title.split(/\s+/).filter((w) => w.length > 4);
  const k = words.length ? random.pick(words) : 'this';
  const k2 = words.length ? random.pick(words) : 'the next step';
  const t = timestamp(random.int(0, Math.max(0, video.lengthSeconds - 1)));
  return template.replace(/\{k\}/g, k).replace(/\{k2\}/g, k2).replace(/\{t\}/g, t);
}

/** "@CrumbCrust" for "Crumb & Crust". */
function creatorHandle(video: FakeVideo): string {
  return `@${video.author.replace(/[^A-Za-z0-9]/g, '') || 'channel'}`;
}

/** Shaped like YouTube's: "Ugx" + 19 characters + "4AaABAg". */
function commentId(videoId: string, index: number): string {
  return `Ugx${digest(`comment:${videoId}:${index}`).slice(0, 19)}4AaABAg`;
}

/** Top order is the positions themselves; newest first keeps the pinned comment on top and turns the rest around. */
function orderedIndex(sort: Sort, position: number, count: number): number {
  if (sort === 'top' || position === 0) return position;
  return count - position;
}

/** Old shape: a timestamp in the text is a run of its own that seeks the video. */
function textRuns(videoId: string, text: string): unknown[] {
  return text
    .split(/(\b\d{1,2}:\d{2}\b)/)
    .filter((part) => part !== '')
    .map((part) =>
      /^\d{1,2}:\d{2}$/.test(part)
        ? { text: part, navigationEndpoint: { watchEndpoint: { videoId, startTimeSeconds: seconds(part) } } }
        : { text: part },
    );
}

/** Current shape: the text whole, timestamps as command runs over it. */
function attributedText(videoId: string, text: string): unknown {
  const commandRuns = [...text.matchAll(/\b\d{1,2}:\d{2}\b/g)].map((match) => ({
    startIndex: match.index,
    length: match[0].length,
    onTap: { innertubeCommand: { watchEndpoint: { videoId, startTimeSeconds: seconds(match[0]) } } },
  }));
  return { content: text, ...(commandRuns.length ? { commandRuns } : {}), styleRuns: [] };
}

function seconds(stamp: string): number {
  const [m, s] = stamp.split(':').map(Number);
  return m! * 60 + s!;
}

function avatar(channelId: string): Array<{ url: string; width: number; height: number }> {
  const base = `https://yt3.ggpht.com/ytc/${digest(channelId).slice(0, 32)}`;
  return [48, 88, 176].map((size) => ({ url: `${base}=s${size}-c-k-c0x00ffffff-no-rj`, width: size, height: size }));
}

function entityKey(id: string, kind: number): string {
  return encodeURIComponent(Buffer.from(`\u0012\u001a${id} ${String.fromCharCode(40 + kind)}\u0001`, 'latin1').toString('base64'));
}

/** Tokens look like YouTube's (percent-encoded base64) and carry what the fake needs to answer them. */
function encodeToken(token: CommentsToken): string {
  const raw = `comments|${token.videoId}|${token.kind}|${token.sort}|${token.offset}`;
  return encodeURIComponent(Buffer.from(raw, 'utf8').toString('base64'));
}

function decodeToken(token: string): CommentsToken | undefined {
  let raw: string;
  try {
    raw = Buffer.from(decodeURIComponent(token), 'base64').toString('utf8');
  } catch {
    return undefined;
  }
  const [tag, videoId, kind, sort, offset] = raw.split('|');
  if (tag !== 'comments' || !videoId || !Number.isSafeInteger(Number(offset)) || Number(offset) < 0) return undefined;
  if (kind !== 'section' && kind !== 'sort' && kind !== 'page') return undefined;
  if (sort !== 'top' && sort !== 'newest') return undefined;
  return { videoId, kind, sort, offset: Number(offset) };
}

function tracking(seed: string, what: string): string {
  return `CA${digest(`${seed}:${what}`).slice(0, 22)}`;
}

function digest(text: string): string {
  return createHash('sha1').update(text).digest('base64url');
}

function defined<T extends object>(value: Partial<T> | undefined): Partial<T> {
  if (!value) return {};
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
