import { looksLikeCaptchaPage } from './captcha';
import { YouTubeError } from './errors';
import type { HttpSession } from './http-session';
import type { InnertubeClient } from './innertube-clients';

/** What the watch page told us that the InnerTube API wants to see again. */
export interface SessionHints {
  apiKey: string | null;
  visitorData: string | null;
}

/**
 * POST /youtubei/v1/player as the given app would send it.
 * Returns the parsed response, or null when this client got nothing usable (a 4xx, a body that
 * is not JSON). Throws SOURCE_BLOCKED for 403 and captcha answers; TRANSIENT comes from the
 * session.
 */
export async function requestPlayer(
  session: HttpSession,
  client: InnertubeClient,
  videoId: string,
  hints: SessionHints,
): Promise<unknown> {
  // Keyless requests are accepted too, so a page without a key does not stop us.
  const query = `${hints.apiKey ? `key=${encodeURIComponent(hints.apiKey)}&` : ''}prettyPrint=false`;
  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
    'User-Agent': client.userAgent,
    'X-YouTube-Client-Name': String(client.clientNameId),
    'X-YouTube-Client-Version': client.clientVersion,
    Origin: 'https://www.youtube.com',
    'Accept-Language': 'en-US,en;q=0.9',
  };
  if (hints.visitorData) headers['X-Goog-Visitor-Id'] = hints.visitorData;

  const response = await session.send({
    method: 'POST',
    url: session.base.resolve(`/youtubei/v1/player?${query}`),
    headers,
    body: JSON.stringify(playerRequestBody(client, videoId, hints.visitorData)),
    purpose: `the ${client.clientName} player request`,
  });

  if (response.status === 403) {
    throw new YouTubeError('SOURCE_BLOCKED', `YouTube refused the ${client.clientName} player request (HTTP 403)`);
  }
  if (response.status !== 200) return null;
  try {
    return JSON.parse(response.text) as unknown;
  } catch {
    if (looksLikeCaptchaPage(response.text)) {
      throw new YouTubeError('SOURCE_BLOCKED', `YouTube answered the ${client.clientName} player request with a captcha`);
    }
    return null;
  }
}

export function playerRequestBody(client: InnertubeClient, videoId: string, visitorData: string | null): unknown {
  return {
    context: {
      client: {
        clientName: client.clientName,
        clientVersion: client.clientVersion,
        ...client.extraContext,
        userAgent: client.userAgent,
        hl: 'en',
        gl: 'US',
        timeZone: 'UTC',
        utcOffsetMinutes: 0,
        ...(visitorData ? { visitorData } : {}),
      },
    },
    videoId,
    playbackContext: { contentPlaybackContext: { html5Preference: 'HTML5_PREF_WANTS' } },
    // Skip the "this video may be inappropriate" interstitial instead of receiving it.
    contentCheckOk: true,
    racyCheckOk: true,
  };
}
