/**
 * The infographic's fonts: DejaVu from the dejavu-fonts-ttf package, found where the PDF export
 * finds it (src/lib/dejavu-fonts.ts). Satori gets the TTF data; the layout model gets each face's advance widths, read from
 * the same files, so it can tell how many lines a text takes before satori draws it.
 *
 * Files are read once per thread, and satori always gets the same array: it keeps the fonts it
 * parsed per array, so later renders skip the parsing.
 */
import fs from 'node:fs';
import type { Font } from 'satori';
import { dejavuFontPath } from '../lib/dejavu-fonts';
import type { FaceName } from './theme';
import { parseGlyphMetrics, type GlyphMetrics } from './glyph-metrics';

interface Face {
  file: string;
  family: string;
  weight: 400 | 700;
}

/** `display` is the condensed bold cut: titles and big figures, more words per line. */
const FACES: Record<FaceName, Face> = {
  regular: { file: 'DejaVuSans.ttf', family: 'DejaVu Sans', weight: 400 },
  bold: { file: 'DejaVuSans-Bold.ttf', family: 'DejaVu Sans', weight: 700 },
  display: { file: 'DejaVuSansCondensed-Bold.ttf', family: 'DejaVu Sans Condensed', weight: 700 },
  mono: { file: 'DejaVuSansMono.ttf', family: 'DejaVu Sans Mono', weight: 400 },
};

const FACE_NAMES = Object.keys(FACES) as FaceName[];

let data: Record<FaceName, Buffer> | undefined;
let satoriFontList: Font[] | undefined;
const metrics = new Map<FaceName, GlyphMetrics>();

function fontData(): Record<FaceName, Buffer> {
  data ??= Object.fromEntries(FACE_NAMES.map((face) => [face, fs.readFileSync(dejavuFontPath(FACES[face].file))])) as Record<
    FaceName,
    Buffer
  >;
  return data;
}

/** The font list to pass to satori; the same array every call. */
export function satoriFonts(): Font[] {
  satoriFontList ??= FACE_NAMES.map((face) => ({
    name: FACES[face].family,
    data: fontData()[face],
    weight: FACES[face].weight,
    style: 'normal' as const,
  }));
  return satoriFontList;
}

/** CSS for drawing with a face: family and weight. */
export function faceCss(face: FaceName): { fontFamily: string; fontWeight: 400 | 700 } {
  return { fontFamily: FACES[face].family, fontWeight: FACES[face].weight };
}

export function faceMetrics(face: FaceName): GlyphMetrics {
  let found = metrics.get(face);
  if (!found) {
    found = parseGlyphMetrics(fontData()[face]);
    metrics.set(face, found);
  }
  return found;
}
