import { XMLParser } from 'fast-xml-parser';
import type { VideoSource } from '../../domain/source-url';
import { YouTubeError } from '../errors';
import type { HttpSession } from '../http-session';
import { WEB_USER_AGENT } from '../innertube-clients';

/**
 * A channel's or playlist's Atom feed (/feeds/videos.xml?channel_id=… or ?playlist_id=…): the
 * newest 15 entries in one small request, which is all a periodic check needs.
 *   <feed><entry><yt:videoId>ID</yt:videoId><title>…</title><published>…</published></entry>…</feed>
 */

export interface FeedVideo {
  videoId: string;
  title: string | null;
  /** ISO 8601, as the feed gives it; null when absent. */
  published: string | null;
}

/** What a feed is asked for by: a channel by its id (handles resolved first), or a playlist. */
export type FeedRef = { channelId: string } | { playlistId: string };

const VIDEO_ID = /^[A-Za-z0-9_-]{11}$/;

const parser = new XMLParser({
  ignoreAttributes: true,
  parseTagValue: false,
  isArray: (name) => name === 'entry',
});

/** The feed's entries in its order (newest first). Throws SOURCE_UNAVAILABLE when YouTube has no such feed. */
export async function readFeed(session: HttpSession, ref: FeedRef): Promise<FeedVideo[]> {
  const query = 'channelId' in ref ? `channel_id=${encodeURIComponent(ref.channelId)}` : `playlist_id=${encodeURIComponent(ref.playlistId)}`;
  const noun = 'channelId' in ref ? 'channel' : 'playlist';
  const response = await session.send({
    method: 'GET',
    url: session.base.resolve(`/feeds/videos.xml?${query}`),
    headers: { 'User-Agent': WEB_USER_AGENT, Accept: 'application/atom+xml,application/xml;q=0.9,*/*;q=0.8' },
    purpose: `the ${noun} feed`,
  });
  if (response.status === 404 || response.status === 410) throw new YouTubeError('SOURCE_UNAVAILABLE', `YouTube has no such ${noun}`);
  if (response.status === 403) throw new YouTubeError('SOURCE_BLOCKED', `YouTube refused the ${noun} feed (HTTP 403)`);
  if (response.status !== 200) throw new YouTubeError('TRANSIENT', `YouTube answered HTTP ${response.status} on the ${noun} feed`);
  return parseFeed(response.text);
}

/** The entries of an Atom feed document; TRANSIENT when it is not one. */
export function parseFeed(xml: string): FeedVideo[] {
  let document: unknown;
  try {
    document = parser.parse(xml, true);
  } catch {
    throw new YouTubeError('TRANSIENT', 'YouTube did not answer the feed with XML');
  }
  const feed = (document as { feed?: unknown }).feed;
  if (feed === undefined) throw new YouTubeError('TRANSIENT', 'YouTube did not answer the feed with an Atom feed');
  // A feed with no entries parses as an empty string rather than an object.
  const entries = typeof feed === 'object' && feed !== null ? ((feed as { entry?: unknown[] }).entry ?? []) : [];
  const videos: FeedVideo[] = [];
  for (const entry of entries) {
    const fields = entry as Record<string, unknown>;
    const videoId = textOf(fields['yt:videoId']);
    if (videoId === null || !VIDEO_ID.test(videoId)) continue;
    videos.push({ videoId, title: textOf(fields['title']), published: textOf(fields['published']) });
  }
  return videos;
}

function textOf(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

/** The feed that follows a source, once a channel is known by its id. */
export function feedRefOf(source: VideoSource, channelId: string | null): FeedRef | null {
  if (source.kind === 'playlist') return { playlistId: source.playlistId };
  if (source.channel.by === 'id') return { channelId: source.channel.channelId };
  return channelId === null ? null : { channelId };
}
