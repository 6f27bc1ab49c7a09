import { extractAssignedObject, extractYtcfg, objectLiteralAt } from './embedded-json';
import { looksLikeCaptchaPage } from './captcha';
import { YouTubeError } from './errors';
import type { HttpResponse, HttpSession } from './http-session';
import { WEB_USER_AGENT } from './innertube-clients';
import { at, stringAt } from './player-response';

/**
 * The web watch page: the web client's player response comes embedded in it, and its ytcfg
 * carries the API key, client version and visitor id that the InnerTube requests after it
 * should present.
 */

/** What a watch page told us that the web client presents again in the InnerTube requests after it. */
export interface WebClientHints {
  apiKey: string | null;
  clientVersion: string | null;
  visitorData: string | null;
}

export interface WatchPage extends WebClientHints {
  /** The embedded ytInitialPlayerResponse, or null when the page had none. */
  playerResponse: unknown;
  /** The embedded ytInitialData, or null; parsed when first asked for (only comments need it). */
  initialData(): unknown;
}

const CONSENT_FORM = /<form[^>]+action="https:\/\/consent\.youtube\.com\/[^"]*"/i;
/**
 * Loads /watch?v=ID&hl=en. Cookie consent (EU visitors get an interstitial instead of the
 * page) is given once and the page asked for again.
 * Throws SOURCE_BLOCKED for captcha pages, persistent consent walls and refusals.
 */
export async function loadWatchPage(session: HttpSession, videoId: string): Promise<WatchPage> {
  let response = await fetchWatchHtml(session, videoId);
  if (isConsentInterstitial(response)) {
    giveConsent(session, response.text);
    response = await fetchWatchHtml(session, videoId);
    if (isConsentInterstitial(response)) {
      throw new YouTubeError('SOURCE_BLOCKED', 'YouTube kept showing its cookie-consent page');
    }
  }

  if (response.status === 403) throw new YouTubeError('SOURCE_BLOCKED', 'YouTube refused the watch page (HTTP 403)');
  const html = response.status === 200 ? response.text : '';
  const playerResponse = extractAssignedObject(html, 'ytInitialPlayerResponse');
  if (playerResponse === null && looksLikeCaptchaPage(html)) {
    throw new YouTubeError('SOURCE_BLOCKED', 'YouTube answered the watch page with a captcha');
  }

  let initialData: { value: unknown } | undefined;
  return { playerResponse, initialData: () => (initialData ??= { value: readInitialData(html) }).value, ...webClientHints(html, playerResponse) };
}

/**
 * The hints in a watch page's ytcfg. The visitor id, when ytcfg lacks it, comes from the
 * responseContext of `embedded`, a document the page carries (its player response or initial data).
 */
export function webClientHints(html: string, embedded: unknown): WebClientHints {
  const ytcfg = extractYtcfg(html);
  return {
    apiKey: stringAt(ytcfg, 'INNERTUBE_API_KEY') ?? null,
    clientVersion:
      stringAt(ytcfg, 'INNERTUBE_CONTEXT_CLIENT_VERSION') ?? stringAt(ytcfg, 'INNERTUBE_CLIENT_VERSION') ?? null,
    visitorData:
      stringAt(ytcfg, 'VISITOR_DATA') ??
      stringAt(ytcfg, 'INNERTUBE_CONTEXT', 'client', 'visitorData') ??
      stringAt(at(embedded, 'responseContext'), 'visitorData') ??
      null,
  };
}

/** GET /watch?v=ID&hl=en as a desktop browser asks for it. */
export function fetchWatchHtml(session: HttpSession, videoId: string): Promise<HttpResponse> {
  return fetchWebPage(session, `/watch?v=${encodeURIComponent(videoId)}&hl=en`, 'the watch page');
}

/** GET of one of YouTube's HTML pages (`pathAndQuery` on the base) as a desktop browser asks for it. */
export function fetchWebPage(session: HttpSession, pathAndQuery: string, purpose: string): Promise<HttpResponse> {
  return session.send({
    method: 'GET',
    url: session.base.resolve(pathAndQuery),
    headers: {
      'User-Agent': WEB_USER_AGENT,
      Accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
      'Accept-Language': 'en-US,en;q=0.9',
    },
    purpose,
  });
}

/** YouTube answered with its cookie-consent page (a redirect to its host, or the form inline). */
export function isConsentInterstitial(response: HttpResponse): boolean {
  return response.consentRedirect || CONSENT_FORM.test(response.text);
}

/**
 * Accepts cookies the way the consent form would: CONSENT carries the form's version stamp
 * (older consent flow), SOCS the current flow's "accepted" value.
 */
export function giveConsent(session: HttpSession, html: string): void {
  const version = /name="v"\s+value="([^"]+)"/.exec(html)?.[1];
  session.cookies.set('CONSENT', `YES+${version ?? 'cb'}`);
  session.cookies.set('SOCS', 'CAI');
}

/** `var ytInitialData = {...}`, or the `window["ytInitialData"] = {...}` some pages use instead. */
export function readInitialData(html: string): unknown {
  const assigned = extractAssignedObject(html, 'ytInitialData');
  if (assigned !== null) return assigned;
  const match = /window\[\s*["']ytInitialData["']\s*\]\s*=\s*\{/.exec(html);
  const literal = match ? objectLiteralAt(html, match.index + match[0].length - 1) : null;
  if (literal === null) return null;
  try {
    return JSON.parse(literal) as unknown;
  } catch {
    return null;
  }
}
