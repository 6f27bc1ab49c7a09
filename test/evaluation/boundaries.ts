/**
 * Boundary F1 with a tolerance window, the usual score for topic segmentation against a few
 * gold boundaries: a found boundary counts when it lies within `window` of a gold one, each gold
 * boundary matched at most once. Positions are in one unit (words or seconds) for both lists.
 */
export interface BoundaryCounts {
  truePositives: number;
  found: number;
  gold: number;
}

/** Matches found to gold one to one, closest pairs first, within the window. */
export function matchBoundaries(found: readonly number[], gold: readonly number[], window: number): BoundaryCounts {
  const pairs: { f: number; g: number; distance: number }[] = [];
  found.forEach((position, f) =>
    gold.forEach((target, g) => {
      const distance = Math.abs(position - target);
      if (distance <= window) pairs.push({ f, g, distance });
    }),
  );
  pairs.sort((a, b) => a.distance - b.distance || a.f - b.f || a.g - b.g);
  const usedFound = new Set<number>();
  const usedGold = new Set<number>();
  for (const { f, g } of pairs) {
    if (usedFound.has(f) || usedGold.has(g)) continue;
    usedFound.add(f);
    usedGold.add(g);
  }
  return { truePositives: usedFound.size, found: found.length, gold: gold.length };
}

export function addCounts(a: BoundaryCounts, b: BoundaryCounts): BoundaryCounts {
  return { truePositives: a.truePositives + b.truePositives, found: a.found + b.found, gold: a.gold + b.gold };
}

export const NO_COUNTS: BoundaryCounts = { truePositives: 0, found: 0, gold: 0 };

/** F1 of pooled counts; 1 when there was nothing to find and nothing was found. */
export function f1(counts: BoundaryCounts): number {
  if (counts.found === 0 && counts.gold === 0) return 1;
  if (counts.truePositives === 0) return 0;
  const precision = counts.truePositives / counts.found;
  const recall = counts.truePositives / counts.gold;
  return (2 * precision * recall) / (precision + recall);
}

/** The baseline that knows how many boundaries there are and nothing else: equal parts of [from, to). */
export function evenSplit(from: number, to: number, boundaryCount: number): number[] {
  return Array.from({ length: boundaryCount }, (_, i) => from + ((to - from) * (i + 1)) / (boundaryCount + 1));
}
