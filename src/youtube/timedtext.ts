import type { TranscriptSegment } from '../domain/transcript';
import { looksLikeCaptchaPage } from './captcha';
import type { CaptionChoice } from './caption-tracks';
import { CaptionFormatError } from './captions/caption-text';
import type { CaptionParser } from './captions/caption-parser';
import { CAPTION_FORMATS } from './captions/parse-captions';
import { YouTubeError } from './errors';
import type { HttpSession } from './http-session';

/**
 * Downloading one caption track from the timedtext endpoint.
 *
 * Formats are asked for in order json3, srv3, vtt; a format that answers with an empty body,
 * an error status or something unparsable makes us try the next. A body that parses but holds
 * no words is taken at its word: the track is empty.
 *
 * Tracks whose URL carries exp=xpe need a proof-of-origin token we do not have; YouTube answers
 * them with an empty body, so they are not even asked for.
 */

export type TrackFetchOutcome =
  | { kind: 'ok'; segments: TranscriptSegment[] }
  /** The track parsed but has no text. */
  | { kind: 'empty' }
  /** YouTube withheld it: PO token needed, every format empty, or a block. */
  | { kind: 'withheld'; why: 'po-token' | 'blocked' }
  /** The URL or every answer was unusable (foreign host, errors, garbage). */
  | { kind: 'unusable' };

export async function fetchCaptionTrack(session: HttpSession, choice: CaptionChoice, parser: CaptionParser): Promise<TrackFetchOutcome> {
  const url = session.base.rebase(choice.track.baseUrl);
  if (url === null) return { kind: 'unusable' };
  if (queryValue(url, 'exp') === 'xpe') return { kind: 'withheld', why: 'po-token' };

  let emptyAnswers = 0;
  for (const fmt of CAPTION_FORMATS) {
    const params: Record<string, string> = { fmt };
    if (choice.translateTo) params.tlang = choice.translateTo;

    let text: string;
    try {
      const response = await session.send({
        method: 'GET',
        url: withQueryParams(url, params),
        purpose: 'the caption download',
      });
      if (response.status !== 200) continue;
      text = response.text;
    } catch (error) {
      if (error instanceof YouTubeError && error.kind === 'SOURCE_BLOCKED') return { kind: 'withheld', why: 'blocked' };
      throw error;
    }

    if (text.trim() === '') {
      emptyAnswers++;
      continue;
    }
    if (looksLikeCaptchaPage(text)) return { kind: 'withheld', why: 'blocked' };
    try {
      const segments = await parser.parse(fmt, text);
      return segments.length > 0 ? { kind: 'ok', segments } : { kind: 'empty' };
    } catch (error) {
      if (error instanceof CaptionFormatError) continue;
      throw error;
    }
  }
  return emptyAnswers === CAPTION_FORMATS.length ? { kind: 'withheld', why: 'po-token' } : { kind: 'unusable' };
}

/**
 * Replaces or adds query parameters without re-encoding the others: caption URLs are signed
 * over their parameters, so everything else must reach YouTube exactly as it was given.
 */
export function withQueryParams(url: string, params: Record<string, string>): string {
  const hashless = url.replace(/#.*$/, '');
  const q = hashless.indexOf('?');
  const path = q < 0 ? hashless : hashless.slice(0, q);
  const kept = (q < 0 ? '' : hashless.slice(q + 1))
    .split('&')
    .filter((pair) => pair !== '' && !Object.hasOwn(params, decodeName(pair)));
  const added = Object.entries(params).map(([name, value]) => `${name}=${encodeURIComponent(value)}`);
  return `${path}?${[...kept, ...added].join('&')}`;
}

function queryValue(url: string, name: string): string | undefined {
  const q = url.indexOf('?');
  if (q < 0) return undefined;
  for (const pair of url.slice(q + 1).replace(/#.*$/, '').split('&')) {
    if (decodeName(pair) !== name) continue;
    const eq = pair.indexOf('=');
    return eq < 0 ? '' : safeDecode(pair.slice(eq + 1).replace(/\+/g, ' '));
  }
  return undefined;
}

function decodeName(pair: string): string {
  const eq = pair.indexOf('=');
  return safeDecode(eq < 0 ? pair : pair.slice(0, eq));
}

function safeDecode(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}
