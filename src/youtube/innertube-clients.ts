/**
 * The InnerTube clients we impersonate when asking for a player response, after the web watch
 * page. Versions and user agents are those current YouTube apps send; YouTube treats outdated
 * clients worse (missing captions, "update your app" refusals), so these need refreshing from
 * time to time. Mobile and TV clients are asked because they are bot-checked and
 * PO-token-gated differently from the web client.
 */

export interface InnertubeClient {
  /** InnerTube's name for it, sent as context.client.clientName. */
  clientName: string;
  clientVersion: string;
  /** Numeric id sent as X-YouTube-Client-Name. */
  clientNameId: number;
  userAgent: string;
  /** Further context.client fields the real app sends. */
  extraContext: Record<string, string | number>;
}

export const ANDROID_CLIENT: InnertubeClient = {
  clientName: 'ANDROID',
  clientVersion: '21.26.364',
  clientNameId: 3,
  userAgent: 'com.google.android.youtube/21.26.364 (Linux; U; Android 11) gzip',
  extraContext: { androidSdkVersion: 30, osName: 'Android', osVersion: '11' },
};

export const IOS_CLIENT: InnertubeClient = {
  clientName: 'IOS',
  clientVersion: '21.26.4',
  clientNameId: 5,
  userAgent: 'com.google.ios.youtube/21.26.4 (iPhone16,2; U; CPU iOS 18_3_2 like Mac OS X;)',
  extraContext: { deviceMake: 'Apple', deviceModel: 'iPhone16,2', osName: 'iPhone', osVersion: '18.3.2.22D82' },
};

export const TV_CLIENT: InnertubeClient = {
  clientName: 'TVHTML5',
  clientVersion: '7.20260707.07.00',
  clientNameId: 7,
  userAgent:
    'Mozilla/5.0 (ChromiumStylePlatform) Cobalt/25.lts.30.1034943-gold (unlike Gecko), Unknown_TV_Unknown_0/Unknown (Unknown, Unknown)',
  extraContext: {},
};

/** Asked in this order once the watch page has had its say. */
export const FALLBACK_CLIENTS: readonly InnertubeClient[] = [ANDROID_CLIENT, IOS_CLIENT, TV_CLIENT];

/** The desktop browser we present as when loading the watch page. */
export const WEB_USER_AGENT =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/138.0.0.0 Safari/537.36';

/** The user agent a client's requests carry; stream URLs YouTube hands one client expect it again. */
export function userAgentOf(clientName: string): string {
  return FALLBACK_CLIENTS.find((client) => client.clientName === clientName)?.userAgent ?? WEB_USER_AGENT;
}
