/**
 * Recognises the YouTube addresses the service supports (docs/api-behaviour.md#supported-urls) and
 * reduces each to its 11-character video id. Anything else is not ours to fetch.
 */

const VIDEO_ID = /^[A-Za-z0-9_-]{11}$/;

const YOUTUBE_HOSTS = new Set([
  'youtube.com',
  'www.youtube.com',
  'm.youtube.com',
  'music.youtube.com',
  'youtube-nocookie.com',
  'www.youtube-nocookie.com',
]);

/** Path prefixes whose next segment is the video id. */
const ID_PATH_PREFIXES = new Set(['shorts', 'embed', 'live', 'v', 'e']);

export interface ParsedVideoUrl {
  videoId: string;
  /** The canonical watch URL we store and echo. */
  canonicalUrl: string;
}

export function canonicalWatchUrl(videoId: string): string {
  return `https://www.youtube.com/watch?v=${videoId}`;
}

/** Returns null when the input is not a supported video address. */
export function parseVideoUrl(input: string): ParsedVideoUrl | null {
  const trimmed = input.trim();
  if (VIDEO_ID.test(trimmed)) return withId(trimmed);

  const url = parseWebAddress(trimmed);
  if (!url) return null;

  const host = url.hostname.toLowerCase();
  const segments = url.pathname.split('/').filter(Boolean);

  if (host === 'youtu.be' || host === 'www.youtu.be') {
    return idOrNull(segments[0]);
  }
  if (!YOUTUBE_HOSTS.has(host)) return null;

  if (segments[0] === 'watch' && segments.length === 1) {
    return idOrNull(url.searchParams.get('v') ?? undefined);
  }
  if (segments.length >= 2 && ID_PATH_PREFIXES.has(segments[0]!)) {
    return idOrNull(segments[1]);
  }
  return null;
}

/**
 * An http(s) address without credentials, or null. Users paste "youtube.com/watch?v=..." without
 * a scheme; browsers accept that, so do we.
 */
export function parseWebAddress(input: string): URL | null {
  const trimmed = input.trim();
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (url.username || url.password) return null;
  return url;
}

function idOrNull(candidate: string | undefined): ParsedVideoUrl | null {
  return candidate && VIDEO_ID.test(candidate) ? withId(candidate) : null;
}

function withId(videoId: string): ParsedVideoUrl {
  return { videoId, canonicalUrl: canonicalWatchUrl(videoId) };
}
