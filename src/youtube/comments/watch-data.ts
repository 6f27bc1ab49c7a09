import { looksLikeCaptchaPage } from '../captcha';
import { extractAssignedObject } from '../embedded-json';
import { YouTubeError } from '../errors';
import type { HttpSession } from '../http-session';
import { fetchWatchHtml, isConsentInterstitial, readInitialData, webClientHints, type WebClientHints } from '../watch-page';

/**
 * The watch page as the comments need it: its ytInitialData (where the comment section's
 * continuation is), its player response (to tell a missing section on an unavailable or
 * bot-checked video from comments that are off), and the ytcfg values the web client presents
 * in the InnerTube requests that follow.
 *
 * A cookie-consent interstitial, or a page without ytInitialData, is not an error here: the
 * caller asks POST /youtubei/v1/next for the same data, which no consent wall stands in front of.
 */
export interface WatchData {
  /** ytInitialData, or null when the page had none we could read. */
  initialData: unknown;
  /** ytInitialPlayerResponse, or null; parsed when first asked for (most calls never need it). */
  playerResponse(): unknown;
  hints: WebClientHints;
}

/** Throws SOURCE_BLOCKED for a 403 or a captcha page; TRANSIENT comes from the session. */
export async function loadWatchData(session: HttpSession, videoId: string): Promise<WatchData> {
  const response = await fetchWatchHtml(session, videoId);

  if (response.status === 403) throw new YouTubeError('SOURCE_BLOCKED', 'YouTube refused the watch page (HTTP 403)');
  const html = response.status === 200 && !isConsentInterstitial(response) ? response.text : '';
  const initialData = readInitialData(html);
  let playerResponse: { value: unknown } | undefined;
  const readPlayerResponse = () => (playerResponse ??= { value: extractAssignedObject(html, 'ytInitialPlayerResponse') }).value;
  if (initialData === null && readPlayerResponse() === null && looksLikeCaptchaPage(response.text)) {
    throw new YouTubeError('SOURCE_BLOCKED', 'YouTube answered the watch page with a captcha');
  }

  return { initialData, playerResponse: readPlayerResponse, hints: webClientHints(html, initialData) };
}
