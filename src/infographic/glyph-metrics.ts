/**
 * Advance widths of a TrueType font, read straight from its tables (head, hhea, hmtx and a cmap
 * subtable of format 12 or 4). That is all the layout model needs to measure text the way the
 * renderer will draw it, give or take kerning (which only ever narrows a line). A character the
 * font has no glyph for is drawn as its .notdef box, so it measures as that glyph.
 */

export interface GlyphMetrics {
  readonly unitsPerEm: number;
  /** Advance of the glyph drawn for a code point, in font units. */
  advance(codePoint: number): number;
  /** The font has a glyph for the code point. */
  covers(codePoint: number): boolean;
}

interface TableRecord {
  offset: number;
  length: number;
}

export function parseGlyphMetrics(font: Buffer): GlyphMetrics {
  const tables = readTableDirectory(font);
  const head = requireTable(tables, 'head');
  const hhea = requireTable(tables, 'hhea');
  const hmtx = requireTable(tables, 'hmtx');
  const unitsPerEm = font.readUInt16BE(head.offset + 18);
  const horizontalMetrics = font.readUInt16BE(hhea.offset + 34);
  const advances = new Uint16Array(horizontalMetrics);
  for (let g = 0; g < horizontalMetrics; g += 1) advances[g] = font.readUInt16BE(hmtx.offset + 4 * g);
  const lastAdvance = advances[horizontalMetrics - 1] ?? 0;
  const glyphOf = cmapLookup(font, requireTable(tables, 'cmap'));
  const cache = new Map<number, number>();
  const advanceOfGlyph = (glyph: number) => (glyph < horizontalMetrics ? (advances[glyph] ?? 0) : lastAdvance);
  return {
    unitsPerEm,
    advance(codePoint) {
      let width = cache.get(codePoint);
      if (width === undefined) {
        width = advanceOfGlyph(glyphOf(codePoint));
        cache.set(codePoint, width);
      }
      return width;
    },
    covers: (codePoint) => glyphOf(codePoint) !== 0,
  };
}

function readTableDirectory(font: Buffer): Map<string, TableRecord> {
  const count = font.readUInt16BE(4);
  const tables = new Map<string, TableRecord>();
  for (let i = 0; i < count; i += 1) {
    const at = 12 + 16 * i;
    tables.set(font.toString('latin1', at, at + 4), { offset: font.readUInt32BE(at + 8), length: font.readUInt32BE(at + 12) });
  }
  return tables;
}

function requireTable(tables: Map<string, TableRecord>, tag: string): TableRecord {
  const table = tables.get(tag);
  if (!table) throw new Error(`font has no ${tag} table`);
  return table;
}

/** Code point to glyph id, from the best Unicode cmap subtable: format 12 (full range), else format 4 (BMP). */
function cmapLookup(font: Buffer, cmap: TableRecord): (codePoint: number) => number {
  const count = font.readUInt16BE(cmap.offset + 2);
  let format4: number | null = null;
  for (let i = 0; i < count; i += 1) {
    const at = cmap.offset + 4 + 8 * i;
    const platform = font.readUInt16BE(at);
    const encoding = font.readUInt16BE(at + 2);
    const subtable = cmap.offset + font.readUInt32BE(at + 4);
    const format = font.readUInt16BE(subtable);
    const unicode = platform === 0 || (platform === 3 && (encoding === 1 || encoding === 10));
    if (!unicode) continue;
    if (format === 12) return format12(font, subtable);
    if (format === 4) format4 ??= subtable;
  }
  if (format4 !== null) return format4Lookup(font, format4);
  throw new Error('font has no Unicode cmap');
}

function format12(font: Buffer, at: number): (codePoint: number) => number {
  const groups = font.readUInt32BE(at + 12);
  const starts = new Uint32Array(groups);
  const ends = new Uint32Array(groups);
  const glyphs = new Uint32Array(groups);
  for (let i = 0; i < groups; i += 1) {
    const g = at + 16 + 12 * i;
    starts[i] = font.readUInt32BE(g);
    ends[i] = font.readUInt32BE(g + 4);
    glyphs[i] = font.readUInt32BE(g + 8);
  }
  return (codePoint) => {
    let lo = 0;
    let hi = groups - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (codePoint < (starts[mid] ?? 0)) hi = mid - 1;
      else if (codePoint > (ends[mid] ?? 0)) lo = mid + 1;
      else return (glyphs[mid] ?? 0) + codePoint - (starts[mid] ?? 0);
    }
    return 0;
  };
}

function format4Lookup(font: Buffer, at: number): (codePoint: number) => number {
  const segments = font.readUInt16BE(at + 6) / 2;
  const endCodes = at + 14;
  const startCodes = endCodes + 2 * segments + 2;
  const deltas = startCodes + 2 * segments;
  const rangeOffsets = deltas + 2 * segments;
  return (codePoint) => {
    if (codePoint > 0xffff) return 0;
    for (let i = 0; i < segments; i += 1) {
      if (font.readUInt16BE(endCodes + 2 * i) < codePoint) continue;
      const start = font.readUInt16BE(startCodes + 2 * i);
      if (start > codePoint) return 0;
      const delta = font.readUInt16BE(deltas + 2 * i);
      const rangeOffset = font.readUInt16BE(rangeOffsets + 2 * i);
      if (rangeOffset === 0) return (codePoint + delta) & 0xffff;
      const glyph = font.readUInt16BE(rangeOffsets + 2 * i + rangeOffset + 2 * (codePoint - start));
      return glyph === 0 ? 0 : (glyph + delta) & 0xffff;
    }
    return 0;
  };
}
