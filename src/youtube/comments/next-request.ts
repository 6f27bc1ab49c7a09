import { looksLikeCaptchaPage } from '../captcha';
import { YouTubeError } from '../errors';
import type { HttpSession } from '../http-session';
import { postInnertube } from '../innertube-post';
import { WEB_USER_AGENT } from '../innertube-clients';
import type { WebClientHints } from '../watch-page';

/**
 * POST /youtubei/v1/next as the web client sends it, for a video's watch data ({videoId}) or for
 * a page of comments ({continuation}). Comments are the web client's: the app clients ask for
 * them differently and answer in other shapes.
 */

/** Used when the watch page did not give its own (it was not read, or had no ytcfg). */
export const WEB_CLIENT_VERSION = '2.20260708.01.00';
const WEB_CLIENT_NAME_ID = '1';

export type NextPayload = { videoId: string } | { continuation: string };

/**
 * The parsed answer. Throws SOURCE_BLOCKED for 403, captcha answers and a detour to the consent
 * page; COMMENTS_UNAVAILABLE for other refusals (4xx) and answers that are not JSON; TRANSIENT
 * (network, timeouts, 5xx) and SOURCE_BLOCKED (429, /sorry/) come from the session.
 */
export async function requestNext(session: HttpSession, hints: WebClientHints, payload: NextPayload): Promise<unknown> {
  const clientVersion = hints.clientVersion ?? WEB_CLIENT_VERSION;
  const response = await postInnertube(
    session,
    'next',
    { userAgent: WEB_USER_AGENT, clientNameId: WEB_CLIENT_NAME_ID, clientVersion, apiKey: hints.apiKey, visitorData: hints.visitorData },
    { context: webContext(clientVersion, hints.visitorData), ...payload },
    'the comments request',
  );

  if (response.consentRedirect) {
    throw new YouTubeError('SOURCE_BLOCKED', 'YouTube sent the comments request to its cookie-consent page');
  }
  if (response.status === 403) throw new YouTubeError('SOURCE_BLOCKED', 'YouTube refused the comments request (HTTP 403)');
  if (response.status !== 200) {
    throw new YouTubeError('COMMENTS_UNAVAILABLE', `The comments could not be read (YouTube answered HTTP ${response.status})`);
  }
  try {
    return JSON.parse(response.text) as unknown;
  } catch {
    if (looksLikeCaptchaPage(response.text)) {
      throw new YouTubeError('SOURCE_BLOCKED', 'YouTube answered the comments request with a captcha');
    }
    throw new YouTubeError('COMMENTS_UNAVAILABLE', 'The comments could not be read (YouTube did not answer with JSON)');
  }
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
