/**
 * The fonts the PDF export embeds. PDF's 14 standard fonts (Helvetica and friends) only encode
 * WinAnsi, so German umlauts survive but Greek, Cyrillic and most other scripts would come out as
 * garbage. DejaVu Sans (from the dejavu-fonts-ttf package) covers Latin, Greek, Cyrillic, Armenian,
 * Georgian, Hebrew and a good part of Arabic's glyphs; pdfkit embeds only the glyphs a document
 * uses. Scripts it has no glyphs for (CJK, Thai, Devanagari, ...) print as empty boxes, never crash
 * the export; pdfkit does no bidirectional reordering or Arabic shaping either.
 *
 * The files are read once per process and shared by every document.
 */
import fs from 'node:fs';
import { dejavuFontPath } from '../lib/dejavu-fonts';

export type FontStyle = 'regular' | 'bold' | 'italic' | 'boldItalic' | 'mono';

export interface FontSet {
  /** Font data or, without the package, the name of a standard PDF font. */
  sources: Record<FontStyle, Buffer | string>;
  /** False when only the standard (WinAnsi) fonts are available. */
  unicode: boolean;
}

const FILES: Record<FontStyle, string> = {
  regular: 'DejaVuSans.ttf',
  bold: 'DejaVuSans-Bold.ttf',
  italic: 'DejaVuSans-Oblique.ttf',
  boldItalic: 'DejaVuSans-BoldOblique.ttf',
  mono: 'DejaVuSansMono.ttf',
};

const STANDARD: Record<FontStyle, string> = {
  regular: 'Helvetica',
  bold: 'Helvetica-Bold',
  italic: 'Helvetica-Oblique',
  boldItalic: 'Helvetica-BoldOblique',
  mono: 'Courier',
};

let cached: FontSet | undefined;

export function exportFonts(): FontSet {
  cached ??= loadFonts();
  return cached;
}

function loadFonts(): FontSet {
  try {
    const sources = Object.fromEntries(
      Object.entries(FILES).map(([style, file]) => [style, fs.readFileSync(dejavuFontPath(file))]),
    ) as Record<FontStyle, Buffer>;
    return { sources, unicode: true };
  } catch {
    return { sources: { ...STANDARD }, unicode: false };
  }
}

/**
 * Text made safe to lay out: no control characters, no lone surrogates (which would break the
 * font encoder), and, with the standard fonts only, nothing outside WinAnsi (Latin-1 plus € “ ” • – — …).
 */
export function printable(text: string, unicode = exportFonts().unicode): string {
  let out = text
    .replace(/\r\n?/g, '\n')
    .replace(/\t/g, ' ')
    // C0/C1 controls except the newline, zero-width/bidi formatting marks and BOM.
    .replace(/[\u0000-\u0009\u000B-\u001F\u007F-\u009F\u200B-\u200F\u202A-\u202E\u2060-\u2064\uFEFF]/g, '')
    .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
  if (!unicode) out = out.replace(/[^\n\u0020-\u007E\u00A0-\u00FF€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ]/g, '?');
  return out;
}
