import { looksLikeCaptchaPage } from './captcha';
import { YouTubeError } from './errors';
import type { HttpSession } from './http-session';
import { postInnertube } from './innertube-post';
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
  const response = await postInnertube(
    session,
    'player',
    { ...client, clientNameId: String(client.clientNameId), ...hints },
    playerRequestBody(client, videoId, hints.visitorData),
    `the ${client.clientName} player request`,
  );

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
