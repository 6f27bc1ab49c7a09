/**
 * HTML pages in the shapes www.youtube.com serves: the watch page with its ytcfg.set(...) calls,
 * embedded ytInitialPlayerResponse and ytInitialData (which holds the comment section), the EU
 * cookie-consent interstitial, and Google's "unusual traffic" captcha page.
 */

export interface WatchPageParts {
  videoId: string;
  title: string;
  description: string;
  playerResponse: unknown;
  apiKey: string;
  clientVersion: string;
  visitorData: string;
  nonce: string;
  /** ytInitialData's twoColumnWatchNextResults.results.results.contents (the comment section among them). */
  watchNextContents?: unknown[];
}

/**
 * JSON inside a <script> the way YouTube writes it: characters that could end the script or
 * confuse an HTML parser are \u-escaped.
 */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** What every page's ytcfg is made from. */
export type YtcfgParts = Pick<WatchPageParts, 'apiKey' | 'clientVersion' | 'visitorData' | 'nonce'>;

function webYtcfg(parts: YtcfgParts): Record<string, unknown> {
  return {
    CLIENT_CANARY_STATE: 'none',
    DEVICE: 'cbrand=google&cmodel=chrome&cos=Windows&cplatform=DESKTOP',
    EVENT_ID: parts.nonce.slice(0, 20),
    EXPERIMENT_FLAGS: { enable_web_player_bootstrap: true, html5_enable_sabr: false, web_player_nitrate_promo: false },
    GAPI_HINT_PARAMS: 'm;/_/scs/abc-static/_/js/k=gapi.gapi.en.fake/m=__features__',
    GL: 'US',
    HL: 'en',
    INNERTUBE_API_KEY: parts.apiKey,
    INNERTUBE_API_VERSION: 'v1',
    INNERTUBE_CLIENT_NAME: 'WEB',
    INNERTUBE_CLIENT_VERSION: parts.clientVersion,
    INNERTUBE_CONTEXT: {
      client: {
        hl: 'en',
        gl: 'US',
        visitorData: parts.visitorData,
        userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/138.0.0.0 Safari/537.36,gzip(gfe)',
        clientName: 'WEB',
        clientVersion: parts.clientVersion,
        osName: 'Windows',
        osVersion: '10.0',
        platform: 'DESKTOP',
        clientFormFactor: 'UNKNOWN_FORM_FACTOR',
        timeZone: 'UTC',
        browserName: 'Chrome',
        browserVersion: '138.0.0.0',
        utcOffsetMinutes: 0,
      },
      user: { lockedSafetyMode: false },
      request: { useSsl: true },
    },
    INNERTUBE_CONTEXT_CLIENT_NAME: 1,
    INNERTUBE_CONTEXT_CLIENT_VERSION: parts.clientVersion,
    INNERTUBE_CONTEXT_GL: 'US',
    INNERTUBE_CONTEXT_HL: 'en',
    LOGGED_IN: false,
    PAGE_BUILD_LABEL: 'youtube.desktop.web_20260708_00_RC00',
    PAGE_CL: 781234567,
    VISITOR_DATA: parts.visitorData,
  };
}

/** The head's ytcfg bootstrap and the page's ytcfg.set call, as every page opens. */
function ytcfgScripts(parts: YtcfgParts): string[] {
  const n = parts.nonce;
  return [
    `<head><script nonce="${n}">var ytcfg={d:function(){return window.yt&&yt.config_||ytcfg.data_||(ytcfg.data_={})},`,
    'get:function(k,o){return k in ytcfg.d()?ytcfg.d()[k]:o},set:function(){var a=arguments;if(a.length>1)ytcfg.d()[a[0]]=a[1];',
    'else{var k;for(k in a[0])ytcfg.d()[k]=a[0][k]}}};</script>',
    `<script nonce="${n}">ytcfg.set(${scriptJson(webYtcfg(parts))}); window.ytcfg.obfuscatedData_ = [];</script>`,
  ];
}

const PAGE_OPENING = '<!DOCTYPE html><html style="font-size: 10px;font-family: Roboto, Arial, sans-serif;" lang="en" system-icons typography>';

export interface BrowsePageParts extends YtcfgParts {
  title: string;
  /** e.g. "/playlist?list=PL…" or "/channel/UC…". */
  canonicalPath: string;
  initialData: unknown;
}

/** A playlist or channel page: ytcfg, then the list in ytInitialData. */
export function renderBrowsePage(parts: BrowsePageParts): string {
  const n = parts.nonce;
  const title = escapeHtml(parts.title);
  return [
    PAGE_OPENING,
    ...ytcfgScripts(parts),
    `<title>${title} - YouTube</title><meta property="og:title" content="${title}">`,
    `<link rel="canonical" href="https://www.youtube.com${escapeHtml(parts.canonicalPath)}">`,
    '</head><body dir="ltr" no-y-overflow>',
    `<script nonce="${n}">var ytInitialData = ${scriptJson(parts.initialData)};</script>`,
    `<script nonce="${n}">if (window.ytcsi) {ytcsi.infoGel({serverTimeMs: 187.0}, '');}</script>`,
    '</body></html>',
  ].join('');
}

export function renderWatchPage(parts: WatchPageParts): string {
  const initialData = {
    responseContext: { visitorData: parts.visitorData },
    contents: { twoColumnWatchNextResults: { results: { results: { contents: parts.watchNextContents ?? [] } } } },
    currentVideoEndpoint: { watchEndpoint: { videoId: parts.videoId } },
    trackingParams: 'CAAQg2ciEwj',
  };
  const n = parts.nonce;
  const title = escapeHtml(parts.title);
  const description = escapeHtml(parts.description.slice(0, 160));
  return [
    PAGE_OPENING,
    ...ytcfgScripts(parts),
    `<title>${title} - YouTube</title>`,
    `<meta name="title" content="${title}"><meta name="description" content="${description}">`,
    `<link rel="canonical" href="https://www.youtube.com/watch?v=${parts.videoId}">`,
    `<meta property="og:title" content="${title}"><meta property="og:type" content="video.other">`,
    `<meta property="og:image" content="https://i.ytimg.com/vi/${parts.videoId}/maxresdefault.jpg">`,
    '</head><body dir="ltr" no-y-overflow>',
    `<script nonce="${n}">var ytInitialPlayerResponse = ${scriptJson(parts.playerResponse)};`,
    "var meta = document.createElement('meta'); meta.name = 'referrer'; meta.content = 'origin-when-cross-origin';",
    "document.getElementsByTagName('head')[0].appendChild(meta);</script>",
    '<div id="player" class="skeleton flexy"><div id="player-wrap"><div id="player-api"></div></div></div>',
    `<script nonce="${n}">var ytInitialData = ${scriptJson(initialData)};</script>`,
    `<script nonce="${n}">ytcfg.set({"CSI_SERVICE_NAME": 'youtube', "TIMING_INFO": {"GetPlayer_rid": '0x${n.slice(0, 16)}',}})</script>`,
    `<script nonce="${n}">if (window.ytcsi) {ytcsi.infoGel({serverTimeMs: 212.0}, '');}</script>`,
    '</body></html>',
  ].join('');
}

export function renderConsentPage(videoId: string): string {
  const target = `https://www.youtube.com/watch?v=${videoId}`;
  return [
    '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Before you continue to YouTube</title></head>',
    '<body><div class="content"><h1>Before you continue to YouTube</h1>',
    '<p>We use cookies and data to deliver and maintain Google services, track outages and protect against spam, fraud and abuse.</p>',
    `<div><a href="https://consent.youtube.com/dl?continue=${encodeURIComponent(target)}&amp;gl=DE&amp;hl=en&amp;pc=yt&amp;src=1" class="button">More options</a>`,
    '<form action="https://consent.youtube.com/s" method="POST" style="display:inline;">',
    '<input type="hidden" name="gl" value="DE"><input type="hidden" name="m" value="0"><input type="hidden" name="pc" value="yt">',
    `<input type="hidden" name="continue" value="${target}"><input type="hidden" name="ca" value="r"><input type="hidden" name="x" value="8">`,
    '<input type="hidden" name="v" value="cb.20260705-07-p0.en+FX+411"><input type="hidden" name="src" value="1">',
    '<input type="submit" value="Accept all" class="button" aria-label="Accept the use of cookies and other data for the purposes described"/></form></div>',
    '</div></body></html>',
  ].join('');
}

export function renderCaptchaPage(nextPath: string): string {
  return [
    '<!DOCTYPE html><html><head><title>YouTube</title>',
    '<script src="https://www.google.com/recaptcha/api.js?hl=en" async defer></script></head>',
    '<body><div id="captcha-page"><div id="captcha-page-content">',
    '<p>Sorry for the interruption. We have been receiving a large volume of requests from your network.</p>',
    '<p>To continue with your YouTube experience, please fill out the form below.</p>',
    '<form action="/das_captcha?fw=1" method="POST">',
    '<div class="g-recaptcha" data-sitekey="6Lf39AMTAAAAALPbLZdcrWDa8Ygmgk_fmGmrlRog"></div><br />',
    '<input type="hidden" name="action_recaptcha_verify2" value="1" />',
    `<input type="hidden" name="next" value="${escapeHtml(nextPath)}" /><input type="submit" value="Submit" />`,
    '</form></div></div></body></html>',
  ].join('');
}

export function renderErrorPage(status: number): string {
  return `<!DOCTYPE html><html lang="en"><head><title>Error ${status}</title></head><body><p>${status}. That's an error.</p><p>There was an error. Please try again later.</p></body></html>`;
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
