import type { TranscriptSegment } from '../../domain/transcript';
import { parseJson3Captions } from './json3';
import { parseSrv3Captions } from './srv3';
import { parseWebVttCaptions } from './webvtt';

/** The timedtext formats we ask for, in the order we ask (`fmt=`). */
export const CAPTION_FORMATS = ['json3', 'srv3', 'vtt'] as const;
export type CaptionFormat = (typeof CAPTION_FORMATS)[number];

const PARSERS: Record<CaptionFormat, (payload: string) => TranscriptSegment[]> = {
  json3: parseJson3Captions,
  srv3: parseSrv3Captions,
  vtt: parseWebVttCaptions,
};

/** Segments of a caption payload; throws CaptionFormatError when it is not that format. */
export function parseCaptions(format: CaptionFormat, payload: string): TranscriptSegment[] {
  return PARSERS[format](payload);
}
