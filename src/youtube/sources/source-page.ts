import { channelPath, type VideoSource } from '../../domain/source-url';
import { looksLikeCaptchaPage } from '../captcha';
import { YouTubeError } from '../errors';
import type { HttpResponse, HttpSession } from '../http-session';
import { arrayAt, at, stringAt, textAt } from '../player-response';
import { fetchWebPage, giveConsent, isConsentInterstitial, readInitialData, webClientHints, type WebClientHints } from '../watch-page';

/**
 * The first page of a playlist (/playlist?list=…) or of a channel's uploads (/…/videos): its
 * ytInitialData holds the first entries and the token of the next page, its ytcfg the hints the
 * browse requests after it present (src/youtube/web-innertube.ts).
 */
export interface SourcePage {
  initialData: unknown;
  hints: WebClientHints;
}

/**
 * Loads the page, giving cookie consent once when asked. Throws SOURCE_UNAVAILABLE for a
 * playlist or channel YouTube says is missing, private or closed (with its words as the reason),
 * SOURCE_BLOCKED for refusals and captchas, TRANSIENT for a page we cannot read.
 */
export async function loadSourcePage(session: HttpSession, source: VideoSource): Promise<SourcePage> {
  const path = source.kind === 'playlist' ? `/playlist?list=${encodeURIComponent(source.playlistId)}&hl=en` : `${channelPath(source.channel)}/videos?hl=en`;
  const noun = source.kind === 'playlist' ? 'playlist' : 'channel';
  const purpose = `the ${noun} page`;
  let response = await fetchWebPage(session, path, purpose);
  if (isConsentInterstitial(response)) {
    giveConsent(session, response.text);
    response = await fetchWebPage(session, path, purpose);
    if (isConsentInterstitial(response)) throw new YouTubeError('SOURCE_BLOCKED', 'YouTube kept showing its cookie-consent page');
  }
  judgeStatus(response, noun);

  const initialData = readInitialData(response.text);
  if (initialData === null) {
    if (looksLikeCaptchaPage(response.text)) throw new YouTubeError('SOURCE_BLOCKED', `YouTube answered ${purpose} with a captcha`);
    throw new YouTubeError('TRANSIENT', `YouTube's ${noun} page could not be read`);
  }
  const refusal = errorAlert(initialData);
  if (refusal !== null) throw new YouTubeError('SOURCE_UNAVAILABLE', `The ${noun} cannot be read (YouTube says: "${refusal}")`);
  return { initialData, hints: webClientHints(response.text, initialData) };
}

function judgeStatus(response: HttpResponse, noun: string): void {
  if (response.status === 404 || response.status === 410) throw new YouTubeError('SOURCE_UNAVAILABLE', `YouTube has no such ${noun}`);
  if (response.status === 403) throw new YouTubeError('SOURCE_BLOCKED', `YouTube refused the ${noun} page (HTTP 403)`);
  if (response.status !== 200) throw new YouTubeError('TRANSIENT', `YouTube answered HTTP ${response.status} on the ${noun} page`);
}

/**
 * The text of an ERROR alert ("This playlist is private.", "This account has been terminated…"),
 * which YouTube shows with HTTP 200 in place of the contents; null when there is none.
 */
export function errorAlert(initialData: unknown): string | null {
  for (const alert of arrayAt(initialData, 'alerts')) {
    const renderer = at(alert, 'alertRenderer') ?? at(alert, 'alertWithButtonRenderer');
    if (stringAt(renderer, 'type') !== 'ERROR') continue;
    return textAt(renderer, 'text')?.trim() || 'unavailable';
  }
  return null;
}
