import type { HttpResponse, HttpSession } from './http-session';
import { WEB_USER_AGENT } from './innertube-clients';
import { postInnertube } from './innertube-post';
import type { WebClientHints } from './watch-page';

/**
 * POST /youtubei/v1/{endpoint} as the web client sends it, with the API key, client version and
 * visitor id a page handed out (src/youtube/watch-page.ts): the comments (`next`) and the pages
 * of playlists and channels (`browse`) are the web client's, and the app clients ask for them
 * differently.
 */

/** Used when no page gave its own (none was read, or it had no ytcfg). */
export const WEB_CLIENT_VERSION = '2.20260708.01.00';
const WEB_CLIENT_NAME_ID = '1';

export type WebEndpoint = 'next' | 'browse';

/** The answer as it came; the caller judges statuses in its own words. */
export function postWebInnerTube(
  session: HttpSession,
  hints: WebClientHints,
  endpoint: WebEndpoint,
  payload: Record<string, unknown>,
  purpose: string,
): Promise<HttpResponse> {
  const clientVersion = hints.clientVersion ?? WEB_CLIENT_VERSION;
  const caller = { userAgent: WEB_USER_AGENT, clientNameId: WEB_CLIENT_NAME_ID, clientVersion, apiKey: hints.apiKey, visitorData: hints.visitorData };
  return postInnertube(session, endpoint, caller, { context: webContext(clientVersion, hints.visitorData), ...payload }, purpose);
}

function webContext(clientVersion: string, visitorData: string | null): unknown {
  return {
    client: {
      clientName: 'WEB',
      clientVersion,
      userAgent: WEB_USER_AGENT,
      hl: 'en',
      gl: 'US',
      timeZone: 'UTC',
      utcOffsetMinutes: 0,
      ...(visitorData ? { visitorData } : {}),
    },
  };
}
