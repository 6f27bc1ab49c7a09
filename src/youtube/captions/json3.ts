import type { TranscriptSegment } from '../../domain/transcript';
import { CaptionFormatError, captionSegment } from './caption-text';

/**
 * YouTube's json3 caption format (timedtext fmt=json3):
 *
 *   {"wireMagic":"pb3", ..., "events":[
 *     {"tStartMs":0,"dDurationMs":181000,"id":1,"wpWinPosId":1,"wsWinStyleId":1},   window, no text
 *     {"tStartMs":80,"dDurationMs":4000,"wWinId":1,"segs":[{"utf8":"hey"},{"utf8":" guys","tOffsetMs":160}]},
 *     {"tStartMs":2070,"dDurationMs":2010,"wWinId":1,"aAppend":1,"segs":[{"utf8":"\n"}]},   line break
 *   ]}
 *
 * Each event with text becomes one segment; window and line-break events carry no words and
 * fall away as empty text.
 */
export function parseJson3Captions(payload: string): TranscriptSegment[] {
  let document: unknown;
  try {
    document = JSON.parse(payload);
  } catch {
    throw new CaptionFormatError('json3', 'payload is not JSON');
  }
  const events = (document as { events?: unknown } | null)?.events;
  if (!Array.isArray(events)) throw new CaptionFormatError('json3', 'no events array');

  const segments: TranscriptSegment[] = [];
  for (const event of events as unknown[]) {
    if (typeof event !== 'object' || event === null) continue;
    const { tStartMs, dDurationMs, segs } = event as { tStartMs?: unknown; dDurationMs?: unknown; segs?: unknown };
    if (!Array.isArray(segs)) continue;
    const text = (segs as unknown[])
      .map((seg) => {
        const utf8 = (seg as { utf8?: unknown } | null)?.utf8;
        return typeof utf8 === 'string' ? utf8 : '';
      })
      .join('');
    const segment = captionSegment(toNumber(tStartMs) / 1000, toNumber(dDurationMs) / 1000, text);
    if (segment) segments.push(segment);
  }
  return segments;
}

function toNumber(value: unknown): number {
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN;
  return Number.isFinite(n) ? n : 0;
}
