/**
 * What the infographic thread does for one job: render it, and hand the PNG back by moving its
 * memory to the calling thread rather than copying it.
 */
import { move, transferableSymbol, valueSymbol } from 'piscina';
import type { InfographicData } from '../infographic-data';
import { renderInfographic } from '../render-infographic';

export interface InfographicTaskResult {
  svg: string;
  /** The PNG in memory of its own, moved (not copied) to the calling thread. */
  png: Uint8Array;
}

export async function renderInfographicTask(data: InfographicData): Promise<unknown> {
  const { svg, png } = await renderInfographic(data);
  // resvg's Buffer may be a view into shared or external memory, which cannot be moved: copy it
  // once into an ArrayBuffer of its own.
  const owned = new Uint8Array(png.byteLength);
  owned.set(png);
  const result: InfographicTaskResult = { svg, png: owned };
  return move({ [transferableSymbol]: [owned.buffer], [valueSymbol]: result });
}
