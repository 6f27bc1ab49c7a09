/**
 * Every request meant for YouTube goes to one configurable base
 * (docs/api-behaviour.md#outbound-requests), with the same path and query. URLs that YouTube itself
 * hands us (caption tracks, audio streams, redirects) name its real hosts, so they are moved onto
 * the base before we follow them.
 */

const YOUTUBE_HOSTS = new Set([
  'youtube.com',
  'www.youtube.com',
  'm.youtube.com',
  'music.youtube.com',
  'youtubei.googleapis.com',
  'youtu.be',
  'www.youtu.be',
  'youtube-nocookie.com',
  'www.youtube-nocookie.com',
]);

/** The media servers (rr1---sn-....googlevideo.com) that serve the audio and video streams. */
const MEDIA_HOST_SUFFIX = '.googlevideo.com';

function isYouTubeHost(hostname: string): boolean {
  const host = hostname.toLowerCase();
  return YOUTUBE_HOSTS.has(host) || host.endsWith(MEDIA_HOST_SUFFIX);
}

export class BaseUrl {
  /** Origin plus any path prefix, without a trailing slash. */
  private readonly root: string;
  private readonly origin: string;

  constructor(baseUrl: string) {
    let parsed: URL;
    try {
      parsed = new URL(baseUrl);
    } catch {
      throw new TypeError('YouTube base URL is not a valid absolute URL');
    }
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
      throw new TypeError('YouTube base URL must be http or https');
    }
    this.origin = parsed.origin;
    this.root = parsed.origin + parsed.pathname.replace(/\/+$/, '');
  }

  /** `pathAndQuery` starts with "/", e.g. "/watch?v=abc&hl=en". */
  resolve(pathAndQuery: string): string {
    return this.root + (pathAndQuery.startsWith('/') ? pathAndQuery : `/${pathAndQuery}`);
  }

  /**
   * Moves a URL YouTube gave us onto the base, keeping path and query byte for byte (caption
   * URLs are signed, so re-encoding the query could break them). Relative URLs are taken as
   * relative to the base. Returns null for hosts that are not YouTube's and not the base.
   */
  rebase(url: string, relativeTo?: string): string | null {
    const trimmed = url.trim();
    if (trimmed.startsWith('//')) return this.rebase(`https:${trimmed}`);
    if (trimmed.startsWith('/')) return this.resolve(trimmed);

    let parsed: URL;
    try {
      parsed = new URL(trimmed, relativeTo);
    } catch {
      return null;
    }
    if (parsed.origin === this.origin) return parsed.href;
    if (!isYouTubeHost(parsed.hostname)) return null;
    return this.resolve(rawPathAndQuery(trimmed, parsed));
  }
}

/** The path and query exactly as written in `original`, falling back to the parsed form. */
function rawPathAndQuery(original: string, parsed: URL): string {
  const afterScheme = original.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i, '');
  if (afterScheme !== original && (afterScheme === '' || /^[/?]/.test(afterScheme))) {
    const withoutFragment = afterScheme.replace(/#.*$/, '');
    if (withoutFragment === '') return '/';
    return withoutFragment.startsWith('?') ? `/${withoutFragment}` : withoutFragment;
  }
  return parsed.pathname + parsed.search;
}

/** True for hosts YouTube uses for its cookie-consent interstitial. */
export function isConsentHost(url: URL): boolean {
  return url.hostname.toLowerCase() === 'consent.youtube.com';
}

/** Google's "unusual traffic" page lives under /sorry/ on google.com and youtube.com alike. */
export function isSorryPath(url: URL): boolean {
  return /^\/sorry(\/|$)/i.test(url.pathname);
}
