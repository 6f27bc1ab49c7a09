import { createHash } from 'node:crypto';
import type { FakeCaptionDelivery, FakeTrack } from './model';

/**
 * Caption track URLs as a player response carries them: absolute on www.youtube.com and
 * signed over their parameters, so a client that mangles the query (or drops a parameter while
 * rewriting the host) gets nothing back, just as from YouTube.
 */

const SIGNING_SECRET = 'fake-youtube-timedtext';
/** The parameters the signature covers; anything else (fmt, tlang) may be changed freely. */
const SIGNED = ['v', 'lang', 'kind', 'c', 'exp', 'expire'] as const;

export function captionTrackUrl(
  videoId: string,
  track: FakeTrack,
  clientName: string,
  delivery: FakeCaptionDelivery,
): string {
  const expire = String(Math.floor(Date.now() / 1000) + 6 * 3600);
  const needsPoToken = delivery === 'po-token';
  const values: Record<string, string> = {
    v: videoId,
    lang: track.languageCode,
    kind: track.kind ?? '',
    c: clientName,
    exp: needsPoToken ? 'xpe' : '',
    expire,
  };
  const sparams = ['ip', 'ipbits', 'expire', 'v', 'ei', 'caps', 'opi', ...(needsPoToken ? ['exp'] : []), 'xoaf'];
  const parts = [
    `v=${encodeURIComponent(videoId)}`,
    `ei=${eventId(videoId, clientName)}`,
    'caps=asr',
    'opi=112496729',
    ...(needsPoToken ? ['exp=xpe'] : []),
    'xoaf=5',
    'hl=en',
    'ip=0.0.0.0',
    'ipbits=0',
    `expire=${expire}`,
    `sparams=${sparams.join(',')}`,
    `signature=${sign(values)}`,
    'key=yt8',
    ...(track.kind ? [`kind=${track.kind}`] : []),
    `lang=${encodeURIComponent(track.languageCode)}`,
    `c=${encodeURIComponent(clientName)}`,
    // The app clients' URLs ask for srv3 out of the box; the web page's do not.
    ...(clientName === 'WEB' ? [] : ['fmt=srv3']),
  ];
  return `https://www.youtube.com/api/timedtext?${parts.join('&')}`;
}

export function hasValidSignature(query: URLSearchParams): boolean {
  const values = Object.fromEntries(SIGNED.map((name) => [name, query.get(name) ?? ''])) as Record<string, string>;
  return query.get('signature') === sign(values);
}

function sign(values: Record<string, string>): string {
  const payload = SIGNED.map((name) => `${name}=${values[name] ?? ''}`).join('|');
  const half = (salt: string) =>
    createHash('sha1').update(`${SIGNING_SECRET}:${salt}:${payload}`).digest('hex').toUpperCase();
  return `${half('a')}.${half('b')}`;
}

function eventId(videoId: string, clientName: string): string {
  return createHash('sha256').update(`${videoId}:${clientName}`).digest('base64url').slice(0, 22);
}
