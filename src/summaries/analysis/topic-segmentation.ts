/**
 * Topic segmentation by lexical cohesion over time (TextTiling, Hearst 1997). The timeline is
 * cut into equal blocks; at each gap between blocks the vocabulary of the minute or so before
 * is compared with the minute after. Where the talk moves to a new topic that similarity dips;
 * the deepest dips, kept apart by a minimum section length, become boundaries, which are then
 * moved to the sentence where the vocabulary actually changes. Sentences in which a speaker
 * announces a new topic ("moving on to…") deepen the gaps beside them and draw the boundary.
 * Cost is linear in the transcript: each block is summed into a bounded number of windows.
 */
import type { SentenceTable } from './sentences';
import type { SentenceVectors } from './sentence-vectors';

export interface SegmentationPlan {
  /** Upper bound on the number of sections. */
  readonly maxSections: number;
  /** No section shorter than this, in seconds. */
  readonly minSectionSeconds: number;
}

const MAX_BLOCKS = 600;
const MIN_BLOCK_SECONDS = 10;
/**
 * How cohesion is read. Each side of a gap sees about half an average section's talk
 * (`windowsPerSection`), and at least a minute; the similarity curve is smoothed over three
 * points `smoothingRounds` times, as spoken vocabulary is noisy. A gap beside a sentence that
 * announces a new topic gains `cueDepthBonus` mean depths, and the boundary is pulled to that
 * sentence by `cuePull` of the cohesion objective.
 */
const COHESION = { minWindowSeconds: 60, windowsPerSection: 2, smoothingRounds: 3, cueDepthBonus: 1, cuePull: 1 } as const;

/**
 * A sensible number of sections for a duration: about one per 2.5 minutes for short videos,
 * growing with the square root for long ones so a three-hour talk does not become a
 * seventy-item outline.
 */
export function segmentationPlan(durationSeconds: number): SegmentationPlan {
  const minutes = durationSeconds / 60;
  const maxSections = minutes < 1.5 ? 1 : Math.max(1, Math.min(24, Math.round(Math.min(minutes / 2.5, 2 * Math.sqrt(minutes)))));
  return { maxSections, minSectionSeconds: Math.max(30, durationSeconds / (maxSections * 3)) };
}

/**
 * Sentence indices (ascending, never 0) at which new topic sections start. `topicCues` (per
 * sentence, from topicShiftCues) is optional: without it the text's vocabulary decides alone.
 */
export function findTopicBoundaries(
  sentences: SentenceTable,
  vectors: SentenceVectors,
  termCount: number,
  durationSeconds: number,
  plan: SegmentationPlan,
  topicCues?: Float32Array,
): number[] {
  if (plan.maxSections < 2 || sentences.count < 8 || durationSeconds <= 0) return [];
  const blockSeconds = Math.max(MIN_BLOCK_SECONDS, durationSeconds / MAX_BLOCKS);
  const blocks = blockVectors(sentences, vectors, termCount, blockSeconds);
  if (blocks.count < 4) return [];
  const windowSeconds = Math.max(COHESION.minWindowSeconds, durationSeconds / (plan.maxSections * COHESION.windowsPerSection));
  const windowBlocks = Math.max(2, Math.round(windowSeconds / blockSeconds));

  const scratch = new WindowPair(termCount);
  const gapScores = new Float64Array(blocks.count - 1);
  const valid = new Uint8Array(blocks.count - 1);
  for (let g = 0; g < blocks.count - 1; g += 1) {
    scratch.reset();
    for (let b = Math.max(0, g - windowBlocks + 1); b <= g; b += 1) scratch.addBlock(blocks, b, 0);
    for (let b = g + 1; b <= Math.min(blocks.count - 1, g + windowBlocks); b += 1) scratch.addBlock(blocks, b, 1);
    const similarity = scratch.cosine();
    if (similarity === null) continue;
    gapScores[g] = similarity;
    valid[g] = 1;
  }
  let smoothed: Float64Array = gapScores;
  for (let round = 0; round < COHESION.smoothingRounds; round += 1) smoothed = smooth(smoothed, valid);
  const depths = depthScores(smoothed, valid);
  if (topicCues) addCueBonus(depths, valid, blocks, topicCues);
  const chosenGaps = chooseGaps(depths, valid, blockSeconds, durationSeconds, plan);
  return refineToSentences(chosenGaps, blocks, sentences, vectors, scratch, windowBlocks, topicCues);
}

/** Deepens the gaps where a sentence in the blocks on either side announces a new topic. */
function addCueBonus(depths: Float64Array, valid: Uint8Array, blocks: BlockVectors, topicCues: Float32Array): void {
  let sum = 0;
  let n = 0;
  for (let g = 0; g < depths.length; g += 1) {
    if (!valid[g]) continue;
    sum += depths[g] ?? 0;
    n += 1;
  }
  const bonus = COHESION.cueDepthBonus * (n === 0 ? 0 : sum / n);
  for (let g = 0; g < depths.length; g += 1) {
    if (!valid[g]) continue;
    let cue = 0;
    for (let s = blocks.firstSentence[g] ?? 0; s < (blocks.firstSentence[g + 2] ?? 0); s += 1) cue = Math.max(cue, topicCues[s] ?? 0);
    depths[g] = (depths[g] ?? 0) + bonus * cue;
  }
}

interface BlockVectors {
  readonly count: number;
  /** Block b holds sentences [firstSentence[b], firstSentence[b + 1]). */
  readonly firstSentence: Int32Array;
  readonly offsets: Int32Array;
  readonly terms: Int32Array;
  readonly weights: Float32Array;
}

function blockVectors(sentences: SentenceTable, vectors: SentenceVectors, termCount: number, blockSeconds: number): BlockVectors {
  const lastStart = sentences.start[sentences.count - 1] ?? 0;
  const count = Math.max(1, Math.floor(lastStart / blockSeconds) + 1);
  const firstSentence = new Int32Array(count + 1);
  let s = 0;
  for (let b = 0; b < count; b += 1) {
    firstSentence[b] = s;
    const blockEnd = (b + 1) * blockSeconds;
    while (s < sentences.count && (sentences.start[s] ?? 0) < blockEnd) s += 1;
  }
  firstSentence[count] = sentences.count;

  const sums = new Float64Array(termCount);
  const touched: number[] = [];
  const offsets = new Int32Array(count + 1);
  const terms: number[] = [];
  const weights: number[] = [];
  for (let b = 0; b < count; b += 1) {
    offsets[b] = terms.length;
    for (let t = firstSentence[b] ?? 0; t < (firstSentence[b + 1] ?? 0); t += 1) {
      for (let k = vectors.offsets[t] ?? 0; k < (vectors.offsets[t + 1] ?? 0); k += 1) {
        const term = vectors.terms[k] ?? 0;
        if ((sums[term] ?? 0) === 0) touched.push(term);
        sums[term] = (sums[term] ?? 0) + (vectors.weights[k] ?? 0);
      }
    }
    for (const term of touched) {
      terms.push(term);
      weights.push(sums[term] ?? 0);
      sums[term] = 0;
    }
    touched.length = 0;
  }
  offsets[count] = terms.length;
  return { count, firstSentence, offsets, terms: Int32Array.from(terms), weights: Float32Array.from(weights) };
}

/** Two dense accumulators (left and right of a gap) that reset in time proportional to their use. */
class WindowPair {
  readonly sides: [Float64Array, Float64Array];
  private readonly touched: [number[], number[]] = [[], []];

  constructor(termCount: number) {
    this.sides = [new Float64Array(termCount), new Float64Array(termCount)];
  }

  reset(): void {
    for (const side of [0, 1] as const) {
      const dense = this.sides[side];
      for (const term of this.touched[side]) dense[term] = 0;
      this.touched[side].length = 0;
    }
  }

  addBlock(blocks: BlockVectors, b: number, side: 0 | 1): void {
    const dense = this.sides[side];
    const touched = this.touched[side];
    for (let k = blocks.offsets[b] ?? 0; k < (blocks.offsets[b + 1] ?? 0); k += 1) {
      const term = blocks.terms[k] ?? 0;
      if ((dense[term] ?? 0) === 0) touched.push(term);
      dense[term] = (dense[term] ?? 0) + (blocks.weights[k] ?? 0);
    }
  }

  norm(side: 0 | 1): number {
    const dense = this.sides[side];
    let sum = 0;
    for (const term of this.touched[side]) sum += (dense[term] ?? 0) ** 2;
    return Math.sqrt(sum);
  }

  /** Cosine of the two sides, or null when either side has no terms. */
  cosine(): number | null {
    const [left, right] = this.sides;
    const normLeft = this.norm(0);
    const normRight = this.norm(1);
    if (normLeft === 0 || normRight === 0) return null;
    let dot = 0;
    for (const term of this.touched[0]) dot += (left[term] ?? 0) * (right[term] ?? 0);
    return dot / (normLeft * normRight);
  }
}

function smooth(scores: Float64Array, valid: Uint8Array): Float64Array {
  const out = new Float64Array(scores.length);
  for (let g = 0; g < scores.length; g += 1) {
    if (!valid[g]) continue;
    let sum = 0;
    let n = 0;
    for (let k = g - 1; k <= g + 1; k += 1) {
      if (k >= 0 && k < scores.length && valid[k]) {
        sum += scores[k] ?? 0;
        n += 1;
      }
    }
    out[g] = sum / n;
  }
  return out;
}

/** How far each gap's similarity lies below the peaks on either side of it. */
function depthScores(scores: Float64Array, valid: Uint8Array): Float64Array {
  const depths = new Float64Array(scores.length);
  for (let g = 0; g < scores.length; g += 1) {
    if (!valid[g]) continue;
    const here = scores[g] ?? 0;
    let left = here;
    for (let k = g - 1; k >= 0 && valid[k] && (scores[k] ?? 0) >= left; k -= 1) left = scores[k] ?? 0;
    let right = here;
    for (let k = g + 1; k < scores.length && valid[k] && (scores[k] ?? 0) >= right; k += 1) right = scores[k] ?? 0;
    depths[g] = left - here + (right - here);
  }
  return depths;
}

function chooseGaps(
  depths: Float64Array,
  valid: Uint8Array,
  blockSeconds: number,
  durationSeconds: number,
  plan: SegmentationPlan,
): number[] {
  const candidates: number[] = [];
  for (let g = 0; g < depths.length; g += 1) if (valid[g] && (depths[g] ?? 0) > 0) candidates.push(g);
  if (candidates.length === 0) return [];
  const values = candidates.map((g) => depths[g] ?? 0);
  const mean = values.reduce((a, b) => a + b, 0) / values.length;
  const sd = Math.sqrt(values.reduce((a, b) => a + (b - mean) ** 2, 0) / values.length);
  // Hearst's liberal cutoff: deeper than the mean less half a standard deviation.
  const cutoff = mean - sd / 2;
  const ranked = candidates
    .filter((g) => (depths[g] ?? 0) > cutoff)
    .sort((a, b) => (depths[b] ?? 0) - (depths[a] ?? 0) || a - b);
  const chosen: number[] = [];
  for (const g of ranked) {
    if (chosen.length >= plan.maxSections - 1) break;
    const time = (g + 1) * blockSeconds;
    if (time < plan.minSectionSeconds || durationSeconds - time < plan.minSectionSeconds) continue;
    if (chosen.some((c) => Math.abs((c + 1) * blockSeconds - time) < plan.minSectionSeconds)) continue;
    chosen.push(g);
  }
  return chosen.sort((a, b) => a - b);
}

/**
 * Moves each boundary from its block gap to a sentence: the cut that leaves the sentences
 * before it most like the vocabulary on the left and those after it most like the right.
 */
function refineToSentences(
  gaps: readonly number[],
  blocks: BlockVectors,
  sentences: SentenceTable,
  vectors: SentenceVectors,
  scratch: WindowPair,
  windowBlocks: number,
  topicCues?: Float32Array,
): number[] {
  const boundaries: number[] = [];
  gaps.forEach((g, i) => {
    scratch.reset();
    for (let b = Math.max(0, g - windowBlocks + 1); b <= g; b += 1) scratch.addBlock(blocks, b, 0);
    for (let b = g + 1; b <= Math.min(blocks.count - 1, g + windowBlocks); b += 1) scratch.addBlock(blocks, b, 1);
    const previousBoundary = boundaries[boundaries.length - 1] ?? 0;
    const nextGap = gaps[i + 1];
    const from = Math.max(previousBoundary + 1, blocks.firstSentence[Math.max(0, g - 1)] ?? 0);
    const limit = nextGap === undefined ? sentences.count : (blocks.firstSentence[nextGap] ?? sentences.count);
    const to = Math.min(limit, blocks.firstSentence[Math.min(blocks.count, g + 3)] ?? sentences.count);
    const normLeft = scratch.norm(0);
    const normRight = scratch.norm(1);
    const atGap = blocks.firstSentence[g + 1] ?? from;
    // Cutting before s puts sentences [from, s) on the left; prefix is their total leaning to
    // the right, so the best cut has the smallest prefix. Ties go to the cut nearest the gap.
    let prefix = 0;
    let best = -1;
    let bestPrefix = Infinity;
    for (let s = from; s <= to && s < sentences.count; s += 1) {
      const value = prefix - COHESION.cuePull * (topicCues?.[s] ?? 0);
      const better = value < bestPrefix - 1e-9 || (Math.abs(value - bestPrefix) <= 1e-9 && Math.abs(s - atGap) < Math.abs(best - atGap));
      if (better) {
        bestPrefix = value;
        best = s;
      }
      if (s < to) prefix += leaning(vectors, s, scratch, normLeft, normRight);
    }
    if (best > previousBoundary && best < sentences.count) boundaries.push(best);
  });
  return boundaries;
}

/** Positive when sentence s is closer to the right window than to the left one. */
function leaning(vectors: SentenceVectors, s: number, windows: WindowPair, normLeft: number, normRight: number): number {
  const norm = vectors.norms[s] ?? 0;
  if (norm === 0 || normLeft === 0 || normRight === 0) return 0;
  const [left, right] = windows.sides;
  let dotLeft = 0;
  let dotRight = 0;
  for (let k = vectors.offsets[s] ?? 0; k < (vectors.offsets[s + 1] ?? 0); k += 1) {
    const term = vectors.terms[k] ?? 0;
    const weight = vectors.weights[k] ?? 0;
    dotLeft += weight * (left[term] ?? 0);
    dotRight += weight * (right[term] ?? 0);
  }
  return dotRight / (norm * normRight) - dotLeft / (norm * normLeft);
}
