/**
 * Recognises the playlist and channel addresses a batch or a subscription may name
 * (docs/playlists-and-channels.md#accepted-addresses) and reduces each to what the YouTube
 * client asks for. Pure: safe in workflow code.
 */
import { parseWebAddress } from './video-url';

/** How a channel is named in its address; only `id` names it for good (handles and names can change hands). */
export type ChannelRef =
  | { by: 'id'; channelId: string }
  | { by: 'handle'; handle: string }
  | { by: 'custom'; name: string }
  | { by: 'user'; name: string };

export type VideoSource = { kind: 'playlist'; playlistId: string } | { kind: 'channel'; channel: ChannelRef };

/** A batch's source as stored: where it reads from and how many videos at most. */
export interface BatchSource {
  source: VideoSource;
  /** canonicalSourceUrl(source). */
  url: string;
  maxVideos: number;
}

export const DEFAULT_SOURCE_MAX_VIDEOS = 50;

/** The source as a client sent it and sees it echoed: {playlist_url | channel_url, max_videos}. */
export function sourceRecord(batchSource: BatchSource): { playlist_url?: string; channel_url?: string; max_videos: number } {
  const key = batchSource.source.kind === 'playlist' ? 'playlist_url' : 'channel_url';
  return { [key]: batchSource.url, max_videos: batchSource.maxVideos };
}

const YOUTUBE_HOSTS = new Set(['youtube.com', 'www.youtube.com', 'm.youtube.com', 'music.youtube.com']);
export const CHANNEL_ID = /^UC[A-Za-z0-9_-]{22}$/;
const PLAYLIST_ID = /^[A-Za-z0-9_-]{10,64}$/;
/** Handles are 3 to 30 letters, digits, underscores, hyphens and dots, in any script. */
const HANDLE = /^[\p{L}\p{N}._-]{3,30}$/u;
const LEGACY_NAME = /^[\p{L}\p{N}._-]{1,100}$/u;
/** The tabs a channel address may end in; the uploads are read from /videos whatever the tab. */
const CHANNEL_TABS = new Set(['videos', 'featured', 'streams', 'shorts']);

/** A playlist address (`/playlist?list=…`, or a watch address with `&list=`), or null. */
export function parsePlaylistUrl(input: string): VideoSource | null {
  const url = youtubeUrl(input);
  if (!url) return null;
  const segments = pathSegments(url);
  const list = url.searchParams.get('list');
  if (segments.length !== 1 || (segments[0] !== 'playlist' && segments[0] !== 'watch')) return null;
  return list !== null && PLAYLIST_ID.test(list) ? { kind: 'playlist', playlistId: list } : null;
}

/** A channel address (`/@handle`, `/channel/UC…`, `/c/…`, `/user/…`, each with or without a tab), or null. */
export function parseChannelUrl(input: string): VideoSource | null {
  const url = youtubeUrl(input);
  if (!url) return null;
  const segments = pathSegments(url);
  const [first, second] = segments;
  if (first === undefined) return null;
  const tabAfter = (count: number) => segments.length === count || (segments.length === count + 1 && CHANNEL_TABS.has(segments[count]!));

  let channel: ChannelRef | null = null;
  if (first.startsWith('@') && tabAfter(1)) {
    const handle = first.slice(1);
    channel = HANDLE.test(handle) ? { by: 'handle', handle } : null;
  } else if (first === 'channel' && second !== undefined && tabAfter(2)) {
    channel = CHANNEL_ID.test(second) ? { by: 'id', channelId: second } : null;
  } else if ((first === 'c' || first === 'user') && second !== undefined && tabAfter(2)) {
    channel = LEGACY_NAME.test(second) ? { by: first === 'c' ? 'custom' : 'user', name: second } : null;
  }
  return channel ? { kind: 'channel', channel } : null;
}

/** The address we store and echo for a source. */
export function canonicalSourceUrl(source: VideoSource): string {
  if (source.kind === 'playlist') return `https://www.youtube.com/playlist?list=${source.playlistId}`;
  return `https://www.youtube.com${channelPath(source.channel)}`;
}

/** The channel's home path on YouTube, e.g. "/@name" or "/channel/UC…". */
export function channelPath(channel: ChannelRef): string {
  switch (channel.by) {
    case 'id':
      return `/channel/${channel.channelId}`;
    case 'handle':
      return `/@${encodeURIComponent(channel.handle)}`;
    case 'custom':
      return `/c/${encodeURIComponent(channel.name)}`;
    case 'user':
      return `/user/${encodeURIComponent(channel.name)}`;
  }
}

function youtubeUrl(input: string): URL | null {
  const url = parseWebAddress(input);
  return url && YOUTUBE_HOSTS.has(url.hostname.toLowerCase()) ? url : null;
}

function pathSegments(url: URL): string[] {
  return url.pathname
    .split('/')
    .filter(Boolean)
    .map((segment) => {
      try {
        return decodeURIComponent(segment);
      } catch {
        return segment;
      }
    });
}
