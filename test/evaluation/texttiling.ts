/**
 * The classic TextTiling baseline (Hearst 1997, "TextTiling: Segmenting text into
 * multi-paragraph subtopic passages"), with her defaults: token-sequences of w = 20 content
 * words, block comparison over k = 10 sequences on each side of a gap, one round of smoothing of
 * width 2, depth scores, and the liberal cutoff (mean less half a standard deviation). Each gap
 * that passes (and is a local minimum) becomes a boundary at the start of the paragraph, here
 * the turn or utterance, in which the sequence after the gap begins. No npm package implements it in a maintained form; this follows the paper as NLTK's
 * TextTilingTokenizer does.
 */
import { contentStems } from './words';

export interface TilingOptions {
  readonly sequenceWords: number;
  readonly blockSequences: number;
}

const HEARST: TilingOptions = { sequenceWords: 20, blockSequences: 10 };

/** Indices (ascending, never 0) of the units (paragraphs) that start a new tile. */
export function textTiling(units: readonly string[], options: TilingOptions = HEARST): number[] {
  const sequences: Map<string, number>[] = [];
  /** Per sequence, the unit its first word came from. */
  const sequenceUnit: number[] = [];
  let current = new Map<string, number>();
  let size = 0;
  units.forEach((text, unit) => {
    for (const word of contentStems(text)) {
      if (size === 0) sequenceUnit.push(unit);
      current.set(word, (current.get(word) ?? 0) + 1);
      size += 1;
      if (size === options.sequenceWords) {
        sequences.push(current);
        current = new Map();
        size = 0;
      }
    }
  });
  if (size > 0) sequences.push(current);
  if (sequences.length < 3) return [];

  // Gap g lies between sequence g and sequence g + 1.
  const scores: number[] = [];
  for (let g = 0; g < sequences.length - 1; g += 1) {
    const left = sum(sequences.slice(Math.max(0, g - options.blockSequences + 1), g + 1));
    const right = sum(sequences.slice(g + 1, g + 1 + options.blockSequences));
    scores.push(cosine(left, right));
  }
  const smoothed = scores.map((_, g) => {
    const window = scores.slice(Math.max(0, g - 1), g + 2);
    return window.reduce((a, b) => a + b, 0) / window.length;
  });
  const depths = smoothed.map((here, g) => {
    let left = here;
    for (let k = g - 1; k >= 0 && (smoothed[k] ?? 0) >= left; k -= 1) left = smoothed[k] ?? 0;
    let right = here;
    for (let k = g + 1; k < smoothed.length && (smoothed[k] ?? 0) >= right; k += 1) right = smoothed[k] ?? 0;
    return left - here + (right - here);
  });
  const mean = depths.reduce((a, b) => a + b, 0) / depths.length;
  const sd = Math.sqrt(depths.reduce((a, b) => a + (b - mean) ** 2, 0) / depths.length);
  const cutoff = mean - sd / 2;
  const boundaries = new Set<number>();
  depths.forEach((depth, g) => {
    if (depth <= cutoff) return;
    // A boundary is a local minimum of the smoothed similarity, not a point on its way down.
    if ((smoothed[g - 1] ?? Infinity) < (smoothed[g] ?? 0) || (smoothed[g + 1] ?? Infinity) < (smoothed[g] ?? 0)) return;
    const unit = sequenceUnit[g + 1];
    if (unit !== undefined && unit > 0) boundaries.add(unit);
  });
  return [...boundaries].sort((a, b) => a - b);
}

function sum(maps: readonly Map<string, number>[]): Map<string, number> {
  const total = new Map<string, number>();
  for (const map of maps) for (const [word, count] of map) total.set(word, (total.get(word) ?? 0) + count);
  return total;
}

function cosine(a: Map<string, number>, b: Map<string, number>): number {
  let dot = 0;
  for (const [word, count] of a) dot += count * (b.get(word) ?? 0);
  const norm = (m: Map<string, number>) => Math.sqrt([...m.values()].reduce((s, c) => s + c * c, 0));
  const denominator = norm(a) * norm(b);
  return denominator === 0 ? 0 : dot / denominator;
}
