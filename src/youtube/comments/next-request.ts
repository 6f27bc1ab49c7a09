import { looksLikeCaptchaPage } from '../captcha';
import { YouTubeError } from '../errors';
import type { HttpSession } from '../http-session';
import { postWebInnerTube } from '../web-innertube';
import type { WebClientHints } from '../watch-page';

/**
 * POST /youtubei/v1/next (src/youtube/web-innertube.ts) for a video's watch data ({videoId}) or for
 * a page of comments ({continuation}). Comments are the web client's: the app clients ask for
 * them differently and answer in other shapes.
 */

export type NextPayload = { videoId: string } | { continuation: string };

/**
 * The parsed answer. Throws SOURCE_BLOCKED for 403, captcha answers and a detour to the consent
 * page; COMMENTS_UNAVAILABLE for other refusals (4xx) and answers that are not JSON; TRANSIENT
 * (network, timeouts, 5xx) and SOURCE_BLOCKED (429, /sorry/) come from the session.
 */
export async function requestNext(session: HttpSession, hints: WebClientHints, payload: NextPayload): Promise<unknown> {
  const response = await postWebInnerTube(session, hints, 'next', payload, 'the comments request');

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
