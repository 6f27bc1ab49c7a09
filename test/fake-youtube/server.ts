import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { fakeAudioFiles, type FakeAudioFiles } from './audio';
import { renderJson3, renderSrv1, renderSrv3, renderVtt, type CaptionDocument } from './caption-formats';
import { hasValidSignature } from './caption-urls';
import { BOT_CHECK, catalogVideo } from './catalog';
import { commentsPageResponse, commentsTokenVideo, fakeCommentSettings, watchNextContents, watchNextResponse } from './comments';
import type { FakeBehaviour, FakeCaptionFormat, FakeClientView, FakeCommentSettings, FakeFailure, FakeVideo } from './model';
import { renderBrowsePage, renderCaptchaPage, renderConsentPage, renderErrorPage, renderWatchPage } from './pages';
import {
  browseContinuation,
  channelInitialData,
  listItems,
  playlistInitialData,
  readContinuationToken,
  renderFeed,
  type FakeChannel,
  type FakeListEntry,
  type FakePlaylist,
} from './sources';
import { playerResponseFor, unknownVideoResponse, visitorDataFor } from './player-responses';
import { TRANSLATION_LANGUAGES } from './translation-languages';
import { translateCues } from './translation';

/**
 * A local stand-in for YouTube's web and InnerTube endpoints, answering with the shapes the
 * real ones use:
 *   GET  /watch?v=ID                  watch page (ytcfg, ytInitialPlayerResponse, ytInitialData with
 *                                     the comment section), visitor cookies
 *   POST /youtubei/v1/player?key=...  player response for the client named in context.client
 *   POST /youtubei/v1/next?key=...    watch data for a videoId, or a page of comments for a
 *                                     continuation (see ./comments)
 *   GET  /api/timedtext?...           captions as json3, srv3, vtt (or the legacy XML with no fmt)
 *   GET  /videoplayback?id=ID&itag=N  a video's audio-only stream (googlevideo.com), with ranges
 *   GET  /vi/ID/*.jpg                 404 (thumbnails are not served)
 *   GET  /playlist, /@handle, /channel/UC…, /c/…, /user/…, POST /youtubei/v1/browse,
 *   GET  /feeds/videos.xml            playlists and channels (see ./sources)
 * Every request is logged in `requests`, so tests can see which clients were tried, and from
 * which address (the behaviour `refuseFrom` blocks addresses, like YouTube blocks an IP).
 */

export interface FakeRequestRecord {
  method: string;
  path: string;
  query: Record<string, string>;
  /** InnerTube clientName of a player or next request ("WEB" for the watch page). */
  client?: string;
  videoId?: string;
  cookies: Record<string, string>;
  /** The TCP peer's address: 127.0.0.1 for direct requests, a proxy's egress address otherwise. */
  remoteAddress: string;
  /** Set once answered; undefined for requests left hanging or cut off. */
  status?: number;
  /** The Range header of a /videoplayback request. */
  range?: string;
}

export interface FakeYouTube {
  baseUrl: string;
  /** The INNERTUBE_API_KEY the watch page hands out and the player endpoint checks. */
  apiKey: string;
  requests: FakeRequestRecord[];
  /** Registers (or replaces) a video. */
  addVideo(video: FakeVideo): void;
  /** Merges switches into a video's behaviour; `failNext`, `formatFaults` and `comments` replace earlier ones. */
  setBehaviour(videoId: string, patch: FakeBehaviour): void;
  /** Forgets switches for one video, or for all. */
  clearBehaviour(videoId?: string): void;
  /** Registers (or replaces) a playlist. */
  addPlaylist(playlist: FakePlaylist): void;
  /** Registers (or replaces) a channel. */
  addChannel(channel: FakeChannel): void;
  /** A new upload on a registered channel: it becomes the newest. */
  addUpload(channelId: string, entry: FakeListEntry): void;
  /** The logged requests that concern one video. */
  requestsFor(videoId: string): FakeRequestRecord[];
  close(): Promise<void>;
}

export interface StartFakeYouTubeOptions {
  port?: number;
  host?: string;
  /** Delay before every answer, like a distant server; keeps jobs in flight long enough to interrupt. */
  latencyMs?: number;
}

export const FAKE_INNERTUBE_API_KEY = 'AIzaSyFakeYouTubeLocalKey0123456789abc';
const WEB_CLIENT_VERSION = '2.20260708.00.00';
/** The channel the fake's playlists belong to, as their feeds name it. */
export const FAKE_PLAYLIST_OWNER = 'UCfakeplaylistowner00000';
const MAX_BODY_BYTES = 1024 * 1024;
const GENERATED_CACHE_LIMIT = 500;

export async function startFakeYouTube(options: StartFakeYouTubeOptions = {}): Promise<FakeYouTube> {
  const host = options.host ?? '127.0.0.1';
  const latencyMs = Math.max(0, options.latencyMs ?? 0);
  const added = new Map<string, FakeVideo>();
  const synthesised = new Map<string, FakeVideo>();
  /** Comment pages as served, per video (see commentsPage); dropped with the video's object. */
  const commentPages = new WeakMap<FakeVideo, Map<string, string | null>>();
  const behaviours = new Map<string, FakeBehaviour>();
  const requests: FakeRequestRecord[] = [];
  const playlists = new Map<string, FakePlaylist>();
  const channels = new Map<string, FakeChannel>();
  const sockets = new Set<Socket>();

  function lookup(videoId: string): FakeVideo | undefined {
    const own = added.get(videoId);
    if (own) return own;
    const cached = synthesised.get(videoId);
    if (cached) return cached;
    const video = catalogVideo(videoId);
    if (video) {
      if (synthesised.size >= GENERATED_CACHE_LIMIT) synthesised.delete(synthesised.keys().next().value!);
      synthesised.set(videoId, video);
    }
    return video;
  }

  function clientView(video: FakeVideo, clientName: string): FakeClientView {
    return { ...video.clients?.[clientName], ...behaviours.get(video.videoId)?.clients?.[clientName] };
  }

  /** How this video refuses the request's address (behaviour `refuseFrom`), if it does. */
  function refusalFor(record: FakeRequestRecord, videoId: string | undefined): 'bot-check' | FakeFailure | undefined {
    const refuse = videoId === undefined ? undefined : behaviours.get(videoId)?.refuseFrom;
    return refuse?.addresses.includes(record.remoteAddress) ? refuse.with : undefined;
  }

  /** The client's view, with the bot check layered on when the address is refused that way. */
  function viewFor(record: FakeRequestRecord, video: FakeVideo, clientName: string): FakeClientView {
    const view = clientView(video, clientName);
    return refusalFor(record, video.videoId) === 'bot-check' ? { ...view, playability: BOT_CHECK } : view;
  }

  /** A refusal other than the bot check answers the request outright, like failNext. */
  function refusalFailure(record: FakeRequestRecord, videoId: string | undefined): FakeFailure | undefined {
    const refusal = refusalFor(record, videoId);
    return refusal === 'bot-check' ? undefined : refusal;
  }

  /** Consumes one pending failure for the video, if any. */
  function takeFailure(videoId: string | undefined): FakeFailure | undefined {
    if (!videoId) return undefined;
    const pending = behaviours.get(videoId)?.failNext;
    if (!pending || pending.count <= 0) return undefined;
    pending.count--;
    return pending.with;
  }

  const server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) send(res, 500, 'text/html; charset=utf-8', renderErrorPage(500));
      else res.destroy();
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://fake.invalid');
    const record: FakeRequestRecord = {
      method: req.method ?? 'GET',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      cookies: parseCookies(req.headers.cookie),
      remoteAddress: normaliseAddress(req.socket.remoteAddress),
    };
    requests.push(record);
    res.on('finish', () => {
      record.status = res.statusCode;
    });
    if (latencyMs > 0) {
      await sleep(latencyMs);
      if (res.destroyed) return; // the client gave up, or the server is closing
    }

    if (req.method === 'GET' && url.pathname === '/watch') {
      record.client = 'WEB';
      record.videoId = url.searchParams.get('v') ?? undefined;
      return serveWatchPage(record, url, res);
    }
    if (req.method === 'POST' && url.pathname === '/youtubei/v1/player') {
      return servePlayer(record, url, req, res);
    }
    if (req.method === 'POST' && url.pathname === '/youtubei/v1/next') {
      return serveNext(record, url, req, res);
    }
    if (req.method === 'POST' && url.pathname === '/youtubei/v1/browse') {
      return serveBrowse(record, req, res);
    }
    if (req.method === 'GET' && url.pathname === '/feeds/videos.xml') {
      return serveFeed(url, res);
    }
    if (req.method === 'GET' && url.pathname === '/playlist') {
      return servePlaylistPage(url, res);
    }
    const channel = req.method === 'GET' ? channelAt(url.pathname) : undefined;
    if (channel !== undefined) return serveChannelPage(channel, res);
    if (req.method === 'GET' && url.pathname === '/videoplayback') {
      record.videoId = url.searchParams.get('id') ?? undefined;
      record.client = url.searchParams.get('c') ?? undefined;
      record.range = req.headers.range;
      return serveMedia(record, url, req, res);
    }
    if (req.method === 'GET' && url.pathname === '/api/timedtext') {
      record.videoId = url.searchParams.get('v') ?? undefined;
      record.client = url.searchParams.get('c') ?? undefined;
      return serveTimedText(record, url, res);
    }
    send(res, 404, 'text/html; charset=utf-8', renderErrorPage(404));
  }

  async function serveWatchPage(record: FakeRequestRecord, url: URL, res: ServerResponse): Promise<void> {
    const videoId = record.videoId ?? '';
    if (answerFailure(takeFailure(videoId), res, `${url.pathname}${url.search}`)) return;
    if (answerFailure(refusalFailure(record, videoId), res, `${url.pathname}${url.search}`)) return;

    const video = lookup(videoId);
    const behaviour = behaviours.get(videoId);
    if ((video?.consentRequired || behaviour?.consentRequired) && !hasConsented(record.cookies)) {
      if (behaviour?.consentStyle === 'redirect') {
        const target = encodeURIComponent(`https://www.youtube.com/watch?v=${videoId}`);
        res.writeHead(302, { Location: `https://consent.youtube.com/m?continue=${target}&gl=DE&m=0&pc=yt&hl=en&src=1` });
        res.end();
      } else {
        send(res, 200, 'text/html; charset=utf-8', renderConsentPage(videoId));
      }
      return;
    }

    const playerResponse = video
      ? playerResponseFor(video, 'WEB', viewFor(record, video, 'WEB'), await audioOf(video))
      : unknownVideoResponse(videoId, 'WEB');
    const comments = commentSectionOf(record, video);
    const visitorData = visitorDataFor(videoId, 'WEB');
    const html = renderWatchPage({
      videoId,
      title: video?.title ?? 'YouTube',
      description: video?.description ?? '',
      playerResponse,
      apiKey: FAKE_INNERTUBE_API_KEY,
      clientVersion: WEB_CLIENT_VERSION,
      visitorData,
      nonce: randomBytes(16).toString('base64url'),
      watchNextContents: video ? watchNextContents(video, comments) : undefined,
    });
    const expires = new Date(Date.now() + 180 * 24 * 3600 * 1000).toUTCString();
    res.setHeader('Set-Cookie', [
      `YSC=${randomBytes(8).toString('base64url')}; Domain=.youtube.com; Path=/; Secure; HttpOnly; SameSite=none`,
      `VISITOR_INFO1_LIVE=${randomBytes(8).toString('base64url')}; Domain=.youtube.com; Expires=${expires}; Path=/; Secure; HttpOnly; SameSite=none`,
      `VISITOR_PRIVACY_METADATA=CgJVUxIEGgAgOw%3D%3D; Domain=.youtube.com; Expires=${expires}; Path=/; Secure; HttpOnly; SameSite=none`,
    ]);
    send(res, 200, 'text/html; charset=utf-8', html);
  }

  async function servePlayer(record: FakeRequestRecord, url: URL, req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body = await readJsonBody(req, res);
    if (body === INVALID_JSON) return;
    const clientName = stringField(body, ['context', 'client', 'clientName']);
    const videoId = stringField(body, ['videoId']);
    record.client = clientName;
    record.videoId = videoId;

    const key = url.searchParams.get('key');
    if (key !== null && key !== FAKE_INNERTUBE_API_KEY) {
      sendJson(res, 400, apiError(400, 'API key not valid. Please pass a valid API key.', 'INVALID_ARGUMENT'));
      return;
    }
    if (!clientName || !videoId) {
      sendJson(res, 400, apiError(400, 'Request contains an invalid argument.', 'INVALID_ARGUMENT'));
      return;
    }
    if (answerFailure(takeFailure(videoId), res, `/watch?v=${videoId}`)) return;
    if (answerFailure(refusalFailure(record, videoId), res, `/watch?v=${videoId}`)) return;

    const video = lookup(videoId);
    sendJson(
      res,
      200,
      video ? playerResponseFor(video, clientName, viewFor(record, video, clientName), await audioOf(video)) : unknownVideoResponse(videoId, clientName),
    );
  }

  function audioOf(video: FakeVideo): Promise<FakeAudioFiles | undefined> {
    return video.audio ? fakeAudioFiles(video.audio.content) : Promise.resolve(undefined);
  }

  /**
   * An audio-only stream, as googlevideo.com serves one: the whole file (200), or the byte range
   * asked for (206 with Content-Range; 416 past the end). Only videos with `audio`, and only
   * formats offered with a plain URL, are served; the rest answer 403, as media servers answer a
   * URL that was not properly signed.
   */
  async function serveMedia(record: FakeRequestRecord, url: URL, req: IncomingMessage, res: ServerResponse): Promise<void> {
    const videoId = record.videoId ?? '';
    const pendingFailure = behaviours.get(videoId)?.mediaFailNext;
    if (pendingFailure && pendingFailure.count > 0) {
      pendingFailure.count--;
      if (answerFailure(pendingFailure.with, res, `/watch?v=${videoId}`)) return;
    }
    if (answerFailure(refusalFailure(record, videoId), res, `/watch?v=${videoId}`)) return;
    const video = lookup(videoId);
    if (!video?.audio) return send(res, 404, 'text/plain', '');
    if ((video.audio.delivery ?? 'plain') !== 'plain') return send(res, 403, 'text/plain', '');
    const stream = (await fakeAudioFiles(video.audio.content)).streams.find((candidate) => String(candidate.itag) === url.searchParams.get('itag'));
    if (!stream) return send(res, 404, 'text/plain', '');

    const contentType = stream.mimeType.split(';')[0]!;
    const range = /^bytes=(\d+)-(\d*)$/.exec(req.headers.range ?? '');
    if (!range) {
      res.writeHead(200, { 'Content-Type': contentType, 'Content-Length': stream.bytes, 'Accept-Ranges': 'bytes' });
      fs.createReadStream(stream.path).pipe(res);
      return;
    }
    const first = Number(range[1]);
    const last = Math.min(range[2] === '' ? stream.bytes - 1 : Number(range[2]), stream.bytes - 1);
    if (first >= stream.bytes || last < first) {
      res.writeHead(416, { 'Content-Range': `bytes */${stream.bytes}`, 'Content-Length': 0 });
      res.end();
      return;
    }
    res.writeHead(206, {
      'Content-Type': contentType,
      'Content-Length': last - first + 1,
      'Content-Range': `bytes ${first}-${last}/${stream.bytes}`,
      'Accept-Ranges': 'bytes',
    });
    fs.createReadStream(stream.path, { start: first, end: last }).pipe(res);
  }

  /**
   * The web client's watch data ({videoId}) or a page of comments ({continuation}). A video whose
   * comments are 'refused' answers 403 to both; so does a video refused to this address with the
   * bot check (other refusals answer as they do everywhere).
   */
  async function serveNext(record: FakeRequestRecord, url: URL, req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body = await readJsonBody(req, res);
    if (body === INVALID_JSON) return;
    const clientName = stringField(body, ['context', 'client', 'clientName']);
    const askedVideoId = stringField(body, ['videoId']);
    const continuation = stringField(body, ['continuation']);
    const videoId = askedVideoId ?? (continuation === undefined ? undefined : commentsTokenVideo(continuation));
    record.client = clientName;
    record.videoId = videoId;

    const key = url.searchParams.get('key');
    if (key !== null && key !== FAKE_INNERTUBE_API_KEY) {
      sendJson(res, 400, apiError(400, 'API key not valid. Please pass a valid API key.', 'INVALID_ARGUMENT'));
      return;
    }
    if (!clientName || !videoId) {
      sendJson(res, 400, apiError(400, 'Request contains an invalid argument.', 'INVALID_ARGUMENT'));
      return;
    }
    if (answerFailure(takeFailure(videoId), res, `/watch?v=${videoId}`)) return;
    const refusal = refusalFor(record, videoId);
    if (refusal === 'bot-check') return sendJson(res, 403, permissionDenied());
    if (answerFailure(refusal, res, `/watch?v=${videoId}`)) return;

    const video = lookup(videoId);
    if (video && commentSettingsOf(video).state === 'refused') return sendJson(res, 403, permissionDenied());
    const visitorData = visitorDataFor(videoId, 'WEB');
    if (askedVideoId !== undefined) {
      sendJson(res, 200, watchNextResponse(video, videoId, commentSectionOf(record, video), visitorData));
      return;
    }
    const page = video ? commentsPage(video, continuation!, visitorData) : null;
    if (page === null) {
      sendJson(res, 400, apiError(400, 'Request contains an invalid argument.', 'INVALID_ARGUMENT'));
      return;
    }
    send(res, 200, JSON_TYPE, page);
  }

  /**
   * A page of comments as JSON text, built once per video, settings and token: it follows from
   * them alone, and a real edge answers a page at once, so benchmarks of the service must not
   * count our building it (a hundred seeded comments, a few milliseconds) as the service's time.
   */
  function commentsPage(video: FakeVideo, continuation: string, visitorData: string): string | null {
    const settings = commentSettingsOf(video);
    let pages = commentPages.get(video);
    if (!pages) commentPages.set(video, (pages = new Map()));
    const key = `${JSON.stringify(settings)}\n${continuation}\n${visitorData}`;
    if (!pages.has(key)) {
      const page = commentsPageResponse(video, settings, continuation, visitorData);
      pages.set(key, page === null ? null : JSON.stringify(page));
    }
    return pages.get(key)!;
  }

  function commentSettingsOf(video: FakeVideo): FakeCommentSettings {
    return fakeCommentSettings(video, behaviours.get(video.videoId)?.comments);
  }

  /** The comment section the web client is shown: none for live streams and for videos it may not play. */
  function commentSectionOf(record: FakeRequestRecord, video: FakeVideo | undefined): FakeCommentSettings | null {
    if (!video || video.isLive) return null;
    const playability = viewFor(record, video, 'WEB').playability ?? video.playability;
    if (playability && playability.status !== 'OK') return null;
    return commentSettingsOf(video);
  }

  function serveTimedText(record: FakeRequestRecord, url: URL, res: ServerResponse): void {
    const query = url.searchParams;
    const videoId = record.videoId ?? '';
    if (answerFailure(takeFailure(videoId), res, `/watch?v=${videoId}`)) return;
    const refusal = refusalFor(record, videoId);
    if (answerFailure(refusal === 'bot-check' ? 429 : refusal, res, `/watch?v=${videoId}`)) return;

    const video = lookup(videoId);
    if (!video || !hasValidSignature(query)) {
      send(res, 404, 'text/html; charset=utf-8', renderErrorPage(404));
      return;
    }
    const delivery = clientView(video, record.client ?? 'WEB').captions ?? 'normal';
    const withheld = (query.get('exp') === 'xpe' && !query.get('pot')) || delivery === 'empty';
    const lang = query.get('lang') ?? '';
    const kind = query.get('kind') ?? '';
    const track = video.tracks.find((t) => t.languageCode === lang && (t.kind ?? '') === kind);
    const tlang = query.get('tlang');
    const translatable = !tlang || (track?.isTranslatable && TRANSLATION_LANGUAGES.some((l) => l.code === tlang));
    if (withheld || !track || !translatable) {
      // YouTube answers 200 with nothing in it, rather than an error, for all of these.
      send(res, 200, 'text/html; charset=UTF-8', '');
      return;
    }

    const doc: CaptionDocument = {
      cues: tlang ? translateCues(track.cues, track.languageCode, tlang) : track.cues,
      automatic: track.kind === 'asr',
      languageCode: tlang ?? track.languageCode,
    };
    const fmt = query.get('fmt');
    const fault = isCaptionFormat(fmt) ? behaviours.get(videoId)?.formatFaults?.[fmt] : undefined;
    if (fault === 'empty') return send(res, 200, 'text/html; charset=UTF-8', '');
    if (fault === 'garbage') return send(res, 200, 'text/html; charset=UTF-8', '<html><body>Oops {"events": [</body></html>');

    switch (fmt) {
      case 'json3':
        return send(res, 200, JSON_TYPE, renderJson3(doc));
      case 'srv3':
        return send(res, 200, 'text/xml; charset=UTF-8', renderSrv3(doc));
      case 'vtt':
        return send(res, 200, 'text/vtt; charset=UTF-8', renderVtt(doc));
      default:
        return send(res, 200, 'text/xml; charset=UTF-8', renderSrv1(doc));
    }
  }

  /** The channel a page path names (/@handle, /channel/UC…, /c/name, /user/name, optionally with a tab); null for an unknown one. */
  function channelAt(pathname: string): FakeChannel | null | undefined {
    const segments = pathname.split('/').filter(Boolean).map((segment) => decodeURIComponent(segment));
    const [first = '', second = ''] = segments;
    const named = first.startsWith('@') ? 1 : ['channel', 'c', 'user'].includes(first) ? 2 : 0;
    if (named === 0 || segments.length < named || segments.length > named + 1) return undefined;
    const matches = (channel: FakeChannel) =>
      (first.startsWith('@') && channel.handle?.toLowerCase() === first.slice(1).toLowerCase()) ||
      (first === 'channel' && channel.channelId === second) ||
      (first === 'c' && channel.customName === second) ||
      (first === 'user' && channel.userName === second);
    return [...channels.values()].find(matches) ?? null;
  }

  function sourceYtcfg(visitorData: string) {
    return { apiKey: FAKE_INNERTUBE_API_KEY, clientVersion: WEB_CLIENT_VERSION, visitorData, nonce: randomBytes(16).toString('base64url') };
  }

  function servePlaylistPage(url: URL, res: ServerResponse): void {
    const playlistId = url.searchParams.get('list') ?? '';
    const playlist = playlists.get(playlistId) ?? { playlistId, title: 'YouTube', entries: [], state: 'deleted' as const };
    const visitorData = visitorDataFor(playlistId, 'WEB');
    const html = renderBrowsePage({
      ...sourceYtcfg(visitorData),
      title: playlist.title,
      canonicalPath: `/playlist?list=${playlistId}`,
      initialData: playlistInitialData(playlist, visitorData),
    });
    send(res, 200, 'text/html; charset=utf-8', html);
  }

  function serveChannelPage(channel: FakeChannel | null, res: ServerResponse): void {
    if (channel === null) return send(res, 404, 'text/html; charset=utf-8', renderErrorPage(404));
    const visitorData = visitorDataFor(channel.channelId, 'WEB');
    const html = renderBrowsePage({
      ...sourceYtcfg(visitorData),
      title: channel.title,
      canonicalPath: `/channel/${channel.channelId}`,
      initialData: channelInitialData(channel, visitorData),
    });
    send(res, 200, 'text/html; charset=utf-8', html);
  }

  async function serveBrowse(record: FakeRequestRecord, req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body = await readJsonBody(req, res);
    if (body === INVALID_JSON) return;
    record.client = stringField(body, ['context', 'client', 'clientName']);
    const token = readContinuationToken(stringField(body, ['continuation']) ?? '');
    const list = token === null ? undefined : token.kind === 'playlist' ? playlists.get(token.id) : channels.get(token.id);
    if (token === null || list === undefined) {
      sendJson(res, 400, apiError(400, 'Request contains an invalid argument.', 'INVALID_ARGUMENT'));
      return;
    }
    const items =
      'playlistId' in list
        ? listItems(token, list.entries, list.pageSize ?? 100, token.offset)
        : listItems(token, list.uploads, list.pageSize ?? 30, token.offset);
    sendJson(res, 200, browseContinuation(items, visitorDataFor(token.id, 'WEB')));
  }

  function serveFeed(url: URL, res: ServerResponse): void {
    const channelId = url.searchParams.get('channel_id');
    const playlistId = url.searchParams.get('playlist_id');
    const channel = channelId === null ? undefined : channels.get(channelId);
    const playlist = playlistId === null ? undefined : playlists.get(playlistId);
    let xml: string | null = null;
    if (channel && !channel.terminated) xml = renderFeed({ kind: 'channel', id: channel.channelId }, channel.title, channel.uploads, channel.channelId);
    else if (playlist && !playlist.state) xml = renderFeed({ kind: 'playlist', id: playlist.playlistId }, playlist.title, playlist.entries, FAKE_PLAYLIST_OWNER);
    if (xml === null) return send(res, 404, 'text/html; charset=utf-8', renderErrorPage(404));
    send(res, 200, 'text/xml; charset=UTF-8', xml);
  }

  /** True when the response has been taken over by a failure. */
  function answerFailure(failure: FakeFailure | undefined, res: ServerResponse, nextPath: string): boolean {
    if (failure === undefined) return false;
    switch (failure) {
      case 'stall':
        return true; // never answered; the socket is cut when the server closes
      case 'connection-reset':
        res.socket?.destroy();
        return true;
      case 'sorry-redirect':
        res.writeHead(302, {
          Location: `https://www.google.com/sorry/index?continue=${encodeURIComponent(`https://www.youtube.com${nextPath}`)}&q=EgR`,
        });
        res.end();
        return true;
      case 'captcha-page':
        send(res, 200, 'text/html; charset=utf-8', renderCaptchaPage(nextPath));
        return true;
      case 429:
        send(res, 429, 'text/html; charset=utf-8', renderCaptchaPage(nextPath));
        return true;
      default:
        send(res, failure, 'text/html; charset=utf-8', renderErrorPage(failure));
        return true;
    }
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://${host}:${port}`,
    apiKey: FAKE_INNERTUBE_API_KEY,
    requests,
    addVideo(video) {
      added.set(video.videoId, video);
      synthesised.delete(video.videoId);
    },
    setBehaviour(videoId, patch) {
      const current = behaviours.get(videoId) ?? {};
      behaviours.set(videoId, {
        ...current,
        ...patch,
        failNext: patch.failNext ? { ...patch.failNext } : current.failNext,
        mediaFailNext: patch.mediaFailNext ? { ...patch.mediaFailNext } : current.mediaFailNext,
        clients: { ...current.clients, ...patch.clients },
      });
    },
    clearBehaviour(videoId) {
      if (videoId === undefined) behaviours.clear();
      else behaviours.delete(videoId);
    },
    addPlaylist(playlist) {
      playlists.set(playlist.playlistId, { ...playlist, entries: [...playlist.entries] });
    },
    addChannel(channel) {
      channels.set(channel.channelId, { ...channel, uploads: [...channel.uploads] });
    },
    addUpload(channelId, entry) {
      const channel = channels.get(channelId);
      if (!channel) throw new Error(`no fake channel ${channelId}`);
      channel.uploads.unshift(entry);
    },
    requestsFor(videoId) {
      return requests.filter((r) => r.videoId === videoId);
    },
    close() {
      return new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      });
    },
  };
}

/** IPv4 peers of a dual-stack socket show as "::ffff:127.0.0.1". */
function normaliseAddress(address: string | undefined): string {
  return (address ?? '').replace(/^::ffff:/, '');
}

function hasConsented(cookies: Record<string, string>): boolean {
  return Boolean(cookies.SOCS) || (cookies.CONSENT ?? '').startsWith('YES+');
}

function isCaptionFormat(value: string | null): value is FakeCaptionFormat {
  return value === 'json3' || value === 'srv3' || value === 'vtt';
}

function parseCookies(header: string | undefined): Record<string, string> {
  const cookies: Record<string, string> = {};
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0) cookies[part.slice(0, eq).trim()] = part.slice(eq + 1).trim();
  }
  return cookies;
}

function stringField(value: unknown, path: string[]): string | undefined {
  let current = value;
  for (const key of path) {
    if (typeof current !== 'object' || current === null) return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return typeof current === 'string' ? current : undefined;
}

function permissionDenied(): unknown {
  const message = 'The caller does not have permission';
  return { error: { code: 403, message, errors: [{ message, domain: 'global', reason: 'forbidden' }], status: 'PERMISSION_DENIED' } };
}

function apiError(code: number, message: string, status: string): unknown {
  return { error: { code, message, errors: [{ message, domain: 'global', reason: 'badRequest' }], status } };
}

const INVALID_JSON = Symbol('invalid JSON');

/** An InnerTube request's JSON body; INVALID_JSON once answered 400, as InnerTube answers one it cannot parse. */
async function readJsonBody(req: IncomingMessage, res: ServerResponse): Promise<unknown> {
  try {
    return JSON.parse(await readBody(req)) as unknown;
  } catch {
    sendJson(res, 400, apiError(400, 'Invalid JSON payload received.', 'INVALID_ARGUMENT'));
    return INVALID_JSON;
  }
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        reject(new Error('request body too large'));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function send(res: ServerResponse, status: number, contentType: string, body: string): void {
  res.writeHead(status, { 'Content-Type': contentType, 'Content-Length': Buffer.byteLength(body) });
  res.end(body);
}

const JSON_TYPE = 'application/json; charset=UTF-8';

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  send(res, status, JSON_TYPE, JSON.stringify(body));
}
