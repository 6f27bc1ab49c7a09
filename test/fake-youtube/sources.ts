/**
 * Playlists and channels of the fake YouTube, in the shapes the real site answers with:
 *   GET  /playlist?list=ID                      page whose ytInitialData holds playlistVideoRenderer
 *                                               entries and a continuationItemRenderer
 *   GET  /@handle, /channel/UC…, /c/…, /user/…  (optionally /videos) the uploads tab: a richGridRenderer of
 *                                               richItemRenderer.content.videoRenderer, newest first
 *   POST /youtubei/v1/browse {continuation}     the next page in onResponseReceivedActions
 *   GET  /feeds/videos.xml?channel_id=|playlist_id=  the Atom feed of the newest 15
 * A private or deleted playlist answers its page with an ERROR alert (HTTP 200), as YouTube does;
 * an unknown channel answers 404. Continuation tokens are opaque to the client; here they name
 * the list and the offset.
 */

import { generatedVideoId } from './generated-videos';

/** An entry the web client lists but will not play: a deleted or private video in a playlist, a members-only upload. */
export interface FakeUnplayableEntry {
  videoId: string;
  unplayable: 'private' | 'deleted' | 'members-only';
}

export type FakeListEntry = string | FakeUnplayableEntry;

export interface FakePlaylist {
  playlistId: string;
  title: string;
  entries: FakeListEntry[];
  /** Shown instead of the list. */
  state?: 'private' | 'deleted';
  /** Entries per page; YouTube's is 100. */
  pageSize?: number;
}

export interface FakeChannel {
  channelId: string;
  title: string;
  /** Without the "@". */
  handle?: string;
  customName?: string;
  userName?: string;
  /** Newest first. */
  uploads: FakeListEntry[];
  /** Entries per page; YouTube's is 30. */
  pageSize?: number;
  terminated?: boolean;
}

/**
 * `count` synthesised videos from the `from`-th generated id, with `unplayable` entries inserted at
 * index `at`: a list for addPlaylist or addChannel.
 */
export function fakeListEntries(from: number, count: number, unplayable: { at: number; entries: FakeUnplayableEntry[] } = { at: 0, entries: [] }): FakeListEntry[] {
  const entries: FakeListEntry[] = Array.from({ length: count }, (_, i) => generatedVideoId(from + i));
  entries.splice(unplayable.at, 0, ...unplayable.entries);
  return entries;
}

export type FakeListRef = { kind: 'playlist'; id: string } | { kind: 'channel'; id: string };

const FEED_SIZE = 15;
/** A fixed hour the uploads count back from, an hour apart, so feeds read the same every time. */
const FEED_EPOCH_MS = Date.UTC(2026, 10, 1, 12, 0, 0);

export function continuationToken(ref: FakeListRef, offset: number): string {
  return Buffer.from(JSON.stringify({ k: ref.kind, i: ref.id, o: offset })).toString('base64url');
}

export function readContinuationToken(token: string): (FakeListRef & { offset: number }) | null {
  try {
    const parsed = JSON.parse(Buffer.from(token, 'base64url').toString('utf8')) as { k?: unknown; i?: unknown; o?: unknown };
    if ((parsed.k !== 'playlist' && parsed.k !== 'channel') || typeof parsed.i !== 'string' || typeof parsed.o !== 'number') return null;
    return { kind: parsed.k, id: parsed.i, offset: parsed.o };
  } catch {
    return null;
  }
}

const entryId = (entry: FakeListEntry) => (typeof entry === 'string' ? entry : entry.videoId);
const titleOf = (videoId: string) => `Video ${videoId}`;
const runs = (text: string) => ({ runs: [{ text }] });

function playlistItem(entry: FakeListEntry, index: number): unknown {
  const videoId = entryId(entry);
  if (typeof entry !== 'string') {
    const label = entry.unplayable === 'deleted' ? '[Deleted video]' : '[Private video]';
    return { playlistVideoRenderer: { videoId, title: runs(label), index: { simpleText: String(index + 1) }, isPlayable: false, thumbnail: { thumbnails: [] } } };
  }
  return {
    playlistVideoRenderer: {
      videoId,
      title: runs(titleOf(videoId)),
      index: { simpleText: String(index + 1) },
      lengthSeconds: '480',
      isPlayable: true,
      navigationEndpoint: { watchEndpoint: { videoId, playlistId: 'PL', index } },
    },
  };
}

function uploadItem(entry: FakeListEntry, index: number): unknown {
  const videoId = entryId(entry);
  const badges =
    typeof entry !== 'string' && entry.unplayable === 'members-only'
      ? [{ metadataBadgeRenderer: { style: 'BADGE_STYLE_TYPE_MEMBERS_ONLY', label: 'Members only', trackingParams: 'CB' } }]
      : [];
  return {
    richItemRenderer: {
      content: {
        videoRenderer: {
          videoId,
          title: runs(titleOf(videoId)),
          publishedTimeText: { simpleText: `${index + 1} hours ago` },
          lengthText: { simpleText: '8:00' },
          badges,
          navigationEndpoint: { watchEndpoint: { videoId } },
        },
      },
    },
  };
}

function continuationItem(token: string): unknown {
  return {
    continuationItemRenderer: {
      trigger: 'CONTINUATION_TRIGGER_ON_ITEM_SHOWN',
      continuationEndpoint: {
        clickTrackingParams: 'CBQQ7zsYACITCP',
        commandMetadata: { webCommandMetadata: { sendPost: true, apiUrl: '/youtubei/v1/browse' } },
        continuationCommand: { token, request: 'CONTINUATION_REQUEST_TYPE_BROWSE' },
      },
    },
  };
}

/** One page of a list's items from `offset`, the continuation last when more follow. */
export function listItems(ref: FakeListRef, entries: FakeListEntry[], pageSize: number, offset: number): unknown[] {
  const render = ref.kind === 'playlist' ? playlistItem : uploadItem;
  const items = entries.slice(offset, offset + pageSize).map((entry, i) => render(entry, offset + i));
  if (offset + pageSize < entries.length) items.push(continuationItem(continuationToken(ref, offset + pageSize)));
  return items;
}

export function playlistInitialData(playlist: FakePlaylist, visitorData: string): unknown {
  if (playlist.state) {
    const text = playlist.state === 'private' ? 'This playlist is private.' : 'The playlist does not exist.';
    return { responseContext: { visitorData }, alerts: [{ alertRenderer: { type: 'ERROR', text: runs(text) } }], trackingParams: 'CAAQhGciEwj' };
  }
  const items = listItems({ kind: 'playlist', id: playlist.playlistId }, playlist.entries, playlist.pageSize ?? 100, 0);
  const hidden = playlist.entries.some((entry) => typeof entry !== 'string');
  return {
    responseContext: { visitorData },
    contents: {
      twoColumnBrowseResultsRenderer: {
        tabs: [
          {
            tabRenderer: {
              selected: true,
              content: {
                sectionListRenderer: {
                  contents: [{ itemSectionRenderer: { contents: [{ playlistVideoListRenderer: { contents: items, playlistId: playlist.playlistId, isEditable: false } }] } }],
                },
              },
            },
          },
        ],
      },
    },
    ...(hidden ? { alerts: [{ alertWithButtonRenderer: { type: 'INFO', text: { simpleText: 'Unavailable videos are hidden' } } }] } : {}),
    metadata: { playlistMetadataRenderer: { title: playlist.title } },
    trackingParams: 'CAAQhGciEwj',
  };
}

export function channelInitialData(channel: FakeChannel, visitorData: string): unknown {
  if (channel.terminated) {
    const text = 'This account has been terminated for a violation of YouTube\u2019s Terms of Service.';
    return { responseContext: { visitorData }, alerts: [{ alertRenderer: { type: 'ERROR', text: runs(text) } }] };
  }
  const items = listItems({ kind: 'channel', id: channel.channelId }, channel.uploads, channel.pageSize ?? 30, 0);
  const tab = (title: string, selected: boolean, content?: unknown) => ({ tabRenderer: { title, selected, ...(content ? { content } : {}) } });
  return {
    responseContext: { visitorData },
    contents: {
      twoColumnBrowseResultsRenderer: {
        tabs: [tab('Home', false), tab('Videos', true, { richGridRenderer: { contents: items, targetId: 'browse-feedvideos' } }), tab('Shorts', false)],
      },
    },
    metadata: {
      channelMetadataRenderer: {
        title: channel.title,
        externalId: channel.channelId,
        vanityChannelUrl: channel.handle ? `http://www.youtube.com/@${channel.handle}` : undefined,
        channelUrl: `https://www.youtube.com/channel/${channel.channelId}`,
      },
    },
    trackingParams: 'CAAQhGciEwj',
  };
}

/** The browse answer for a continuation. */
export function browseContinuation(items: unknown[], visitorData: string): unknown {
  return {
    responseContext: { visitorData },
    trackingParams: 'CAAQhGciEwj',
    onResponseReceivedActions: [{ clickTrackingParams: 'CAAQhGciEwj', appendContinuationItemsAction: { continuationItems: items, targetId: 'browse-feed' } }],
  };
}

/** The Atom feed of the newest 15 entries (members-only and unplayable ones included, as YouTube lists them). */
export function renderFeed(ref: FakeListRef, title: string, entries: FakeListEntry[], channelId: string): string {
  const self = ref.kind === 'channel' ? `channel_id=${ref.id}` : `playlist_id=${ref.id}`;
  const stamp = (i: number) => new Date(FEED_EPOCH_MS - i * 3600_000).toISOString().replace('.000Z', '+00:00');
  const body = entries.slice(0, FEED_SIZE).map((entry, i) => {
    const videoId = entryId(entry);
    return [
      ' <entry>',
      `  <id>yt:video:${videoId}</id>`,
      `  <yt:videoId>${videoId}</yt:videoId>`,
      `  <yt:channelId>${channelId}</yt:channelId>`,
      `  <title>${escapeXml(titleOf(videoId))}</title>`,
      `  <link rel="alternate" href="https://www.youtube.com/watch?v=${videoId}"/>`,
      `  <author><name>${escapeXml(title)}</name><uri>https://www.youtube.com/channel/${channelId}</uri></author>`,
      `  <published>${stamp(i)}</published>`,
      `  <updated>${stamp(i)}</updated>`,
      '  <media:group>',
      `   <media:title>${escapeXml(titleOf(videoId))}</media:title>`,
      `   <media:content url="https://www.youtube.com/v/${videoId}?version=3" type="application/x-shockwave-flash" width="640" height="390"/>`,
      `   <media:thumbnail url="https://i1.ytimg.com/vi/${videoId}/hqdefault.jpg" width="480" height="360"/>`,
      '  </media:group>',
      ' </entry>',
    ].join('\n');
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<feed xmlns:yt="http://www.youtube.com/xml/schemas/2015" xmlns:media="http://search.yahoo.com/mrss/" xmlns="http://www.w3.org/2005/Atom">',
    ` <link rel="self" href="http://www.youtube.com/feeds/videos.xml?${self}"/>`,
    ` <id>yt:${ref.kind}:${ref.id}</id>`,
    ref.kind === 'playlist' ? ` <yt:playlistId>${ref.id}</yt:playlistId>` : '',
    ` <yt:channelId>${channelId}</yt:channelId>`,
    ` <title>${escapeXml(title)}</title>`,
    ` <published>${stamp(entries.length)}</published>`,
    ...body,
    '</feed>',
  ].join('\n');
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
