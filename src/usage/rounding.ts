/** How the usage reports round their figures. */

export function round(n: number, digits = 2): number {
  const factor = 10 ** digits;
  return Math.round(n * factor) / factor;
}

/** A share in percent, or null when there is nothing to share (0 of 0 is not 0%). */
export function percent(part: number, whole: number): number | null {
  return whole === 0 ? null : round((part / whole) * 100);
}
