/** Reading the header of a PNG: enough to tell a real one of the expected size. */

export const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Width and height from the IHDR chunk, which must come first; throws for anything else. */
export function pngSize(png: Uint8Array): { width: number; height: number } {
  const buffer = Buffer.from(png.buffer, png.byteOffset, png.byteLength);
  if (!buffer.subarray(0, 8).equals(PNG_SIGNATURE)) throw new Error('not a PNG: bad signature');
  if (buffer.toString('latin1', 12, 16) !== 'IHDR' || buffer.readUInt32BE(8) !== 13) throw new Error('not a PNG: IHDR is not first');
  return { width: buffer.readUInt32BE(16), height: buffer.readUInt32BE(20) };
}

/** The SVG root's height attribute. */
export function svgHeight(svg: string): number {
  const match = /^<svg[^>]*\sheight="([\d.]+)"/.exec(svg);
  if (!match) throw new Error('SVG without a height');
  return Number(match[1]);
}
