/**
 * Sentences for text that has no usable punctuation: auto-captions, and run-on stretches of
 * manual ones. Each place between two words gets a boundary score from the evidence there is
 * (a pause between caption segments, a segment edge, a comma, a word that opens spoken
 * sentences, a word after which English sentences never end, part-of-speech patterns), and
 * the best-scoring set of cuts within bounded sentence lengths is chosen.
 */
import * as wordFlags from './word-flags';
import type { WordFlags } from './word-flags';
import * as wordTags from './word-tags';
import type { WordTags } from './word-tags';
import type { WordStream } from './word-stream';

// Module-local copies: these are read millions of times on long transcripts, and imported
// bindings compile to property getters under some module loaders.
const FLAG_CONTINUATION = wordFlags.FLAG_CONTINUATION;
const FLAG_ENDS_CLAUSE = wordFlags.FLAG_ENDS_CLAUSE;
const FLAG_ENDS_SENTENCE = wordFlags.FLAG_ENDS_SENTENCE;
const FLAG_NON_ENDING = wordFlags.FLAG_NON_ENDING;
const FLAG_OBJECT_ONLY = wordFlags.FLAG_OBJECT_ONLY;
const FLAG_STARTER = wordFlags.FLAG_STARTER;
const FLAG_SUBJECT = wordFlags.FLAG_SUBJECT;
const FLAG_SUBJECT_ONLY = wordFlags.FLAG_SUBJECT_ONLY;
const TAG_ADJ = wordTags.TAG_ADJ;
const TAG_ADP = wordTags.TAG_ADP;
const TAG_ADV = wordTags.TAG_ADV;
const TAG_AUX = wordTags.TAG_AUX;
const TAG_CCONJ = wordTags.TAG_CCONJ;
const TAG_DET = wordTags.TAG_DET;
const TAG_INTJ = wordTags.TAG_INTJ;
const TAG_NOUN = wordTags.TAG_NOUN;
const TAG_NUM = wordTags.TAG_NUM;
const TAG_PART = wordTags.TAG_PART;
const TAG_PRON = wordTags.TAG_PRON;
const TAG_PROPN = wordTags.TAG_PROPN;
const TAG_SCONJ = wordTags.TAG_SCONJ;
const TAG_VERB = wordTags.TAG_VERB;

export interface SentenceLength {
  readonly min: number;
  readonly target: number;
  readonly max: number;
}

/** In tokens. Spoken sentences average 15-20 words; shorter pieces lose context, longer ones read as run-ons. */
export const SPOKEN_SENTENCE_LENGTH: SentenceLength = { min: 7, target: 17, max: 32 };

/** A pause this long (seconds) between segments ends a sentence even before the minimum length. */
const DECISIVE_PAUSE = 1.5;
const LENGTH_PENALTY = 0.06;
/**
 * Every cut costs this much evidence, so the split only cuts where the evidence is clear; without
 * it, every mildly positive place (a segment edge, a pronoun) would become a boundary.
 */
const CUT_COST = 1;
/** Sums of evidence closer than this are equal: they differ only by rounding. */
const TIE = 1e-9;

/** Where a stretch of words was split, and how sure each cut is. */
export interface SentenceCuts {
  /** Word positions at which sentences start. */
  readonly starts: number[];
  /** Boundary evidence at each start (higher is clearer); parallel to `starts`. */
  readonly strengths: number[];
}

/** Evidence value given to a boundary nobody doubts: the start or end of the text, a full stop. */
export const CERTAIN_BOUNDARY = 4;

/**
 * Splits words [from, to) into sentences and appends them to `cuts`. Dynamic programming over
 * cut positions chooses the split with the best total evidence less a penalty for sentence
 * lengths far from the target, so one weak place does not force a bad cut further on.
 */
export function splitByCues(
  words: WordStream,
  flags: WordFlags,
  from: number,
  to: number,
  cuts: SentenceCuts,
  leadingStrength: number,
  length: SentenceLength = SPOKEN_SENTENCE_LENGTH,
  tags: WordTags | null = null,
): void {
  const n = to - from;
  if (n <= 0) return;
  // units[k]: tokens in words [from, from + k).
  const units = new Float64Array(n + 1);
  for (let k = 1; k <= n; k += 1) units[k] = (units[k - 1] ?? 0) + (flags.units[words.word[from + k - 1] ?? 0] ?? 1);
  const evidence = new Float32Array(n + 1);
  const decisiveAt = new Uint8Array(n + 1);
  for (let k = 1; k < n; k += 1) {
    const j = from + k;
    const pause = pauseBefore(words, j);
    evidence[k] = boundaryScore(words, flags, tags, j, pause);
    decisiveAt[k] = decisive(words, flags, j) ? 1 : 0;
  }
  evidence[n] = CERTAIN_BOUNDARY;
  decisiveAt[n] = 1;

  const back = bestStarts(units, evidence, decisiveAt, length);
  const reversed: number[] = [];
  for (let k = n; k > 0; k = back[k] ?? 0) reversed.push(back[k] ?? 0);
  reversed.reverse();
  for (const k of reversed) {
    cuts.starts.push(from + k);
    cuts.strengths.push(k === 0 ? leadingStrength : (evidence[k] ?? 0));
  }
}

/**
 * The DP of `splitByCues` on its own: given cumulative token counts `units` (units[k] for the
 * first k words), the boundary evidence before each word and where decisive stops fall, returns
 * for each end k the start of the last sentence in the best split of words [0, k).
 *
 * A sentence [i, k) is worth best[i] + evidence[k] - CUT_COST - LENGTH_PENALTY * |len - target|.
 * Over starts that give at least the target length, that is best[i] + LENGTH_PENALTY * units[i]
 * plus terms of k alone; over shorter ones, best[i] - LENGTH_PENALTY * units[i]. Each is a maximum
 * over a window of starts that only moves forward as k grows, kept in a monotone queue: linear in
 * the words rather than words x window. Values within TIE of each other are equal (the same sums,
 * added in another order), and the earlier start wins them.
 */
export function bestStarts(units: Float64Array, evidence: Float32Array, decisiveAt: Uint8Array, length: SentenceLength): Int32Array {
  const n = units.length - 1;
  const best = new Float64Array(n + 1);
  const back = new Int32Array(n + 1).fill(-1);
  const longQueue = new MaxQueue();
  const shortQueue = new MaxQueue();
  const fronts = new Int32Array(2);
  // Sentences ending at k may start at i in [lo, hi]: no longer than max, no shorter than min;
  // those starting at or before atTarget are at least the target length.
  let lo = 0;
  let hi = -1;
  let atTarget = -1;
  for (let k = 1; k <= n; k += 1) {
    const endUnits = units[k] ?? 0;
    while (lo < k - 1 && endUnits - (units[lo] ?? 0) > length.max) lo += 1;
    while (hi + 1 < k && endUnits - (units[hi + 1] ?? 0) >= length.min) {
      hi += 1;
      shortQueue.push(hi, (best[hi] ?? 0) - LENGTH_PENALTY * (units[hi] ?? 0));
    }
    while (atTarget + 1 < k && endUnits - (units[atTarget + 1] ?? 0) >= length.target) {
      atTarget += 1;
      longQueue.push(atTarget, (best[atTarget] ?? 0) + LENGTH_PENALTY * (units[atTarget] ?? 0));
    }
    longQueue.dropBefore(lo);
    // Starts after atTarget give sentences shorter than the target, so no longer than max either.
    shortQueue.dropBefore(atTarget + 1);

    // The candidates, in increasing order of start so that the earlier start wins a tie: the
    // queues' fronts, then (before a decisive stop, where shorter sentences are allowed too)
    // every start after hi.
    fronts[0] = longQueue.front();
    fronts[1] = shortQueue.front();
    const extraFrom = decisiveAt[k] ? Math.max(lo, hi + 1) : k;
    const gain = (evidence[k] ?? 0) - CUT_COST;
    let bestStart = -1;
    let bestValue = -Infinity;
    for (let c = 0, count = 2 + k - extraFrom; c < count; c += 1) {
      const i = c < 2 ? (fronts[c] ?? -1) : extraFrom + c - 2;
      if (i < 0) continue;
      const value = (best[i] ?? 0) + gain - LENGTH_PENALTY * Math.abs(endUnits - (units[i] ?? 0) - length.target);
      if (value > bestValue + TIE) {
        bestValue = value;
        bestStart = i;
      }
    }
    if (bestStart < 0) {
      // Nothing fits (a run shorter than the minimum between two decisive stops): keep it whole.
      bestStart = k - 1;
      bestValue = (best[k - 1] ?? 0) - 1;
    }
    best[k] = bestValue;
    back[k] = bestStart;
  }
  return back;
}

/**
 * Positions pushed in increasing order with a key; front() is the earliest position whose key is
 * the greatest (within TIE) among those not dropped. A ring buffer: it only ever holds the starts
 * of one sentence window (a few dozen), however long the text.
 */
class MaxQueue {
  private positions = new Int32Array(64);
  private keys = new Float64Array(64);
  private mask = 63;
  /** Ever-growing counters; slots are counter & mask. */
  private head = 0;
  private tail = 0;

  push(position: number, key: number): void {
    while (this.tail > this.head && (this.keys[(this.tail - 1) & this.mask] ?? 0) < key - TIE) this.tail -= 1;
    if (this.tail - this.head > this.mask) this.grow();
    this.positions[this.tail & this.mask] = position;
    this.keys[this.tail & this.mask] = key;
    this.tail += 1;
  }

  dropBefore(position: number): void {
    while (this.head < this.tail && (this.positions[this.head & this.mask] ?? 0) < position) this.head += 1;
  }

  /** -1 when empty. */
  front(): number {
    return this.head < this.tail ? (this.positions[this.head & this.mask] ?? -1) : -1;
  }

  private grow(): void {
    const size = this.tail - this.head;
    const positions = new Int32Array((this.mask + 1) * 2);
    const keys = new Float64Array(positions.length);
    for (let i = 0; i < size; i += 1) {
      positions[i] = this.positions[(this.head + i) & this.mask] ?? 0;
      keys[i] = this.keys[(this.head + i) & this.mask] ?? 0;
    }
    this.positions = positions;
    this.keys = keys;
    this.mask = positions.length - 1;
    this.head = 0;
    this.tail = size;
  }
}

function decisive(words: WordStream, flags: WordFlags, j: number): boolean {
  const previous = flags.flags[words.word[j - 1] ?? 0] ?? 0;
  return (previous & FLAG_ENDS_SENTENCE) !== 0 || pauseBefore(words, j) >= DECISIVE_PAUSE;
}

/** Silence between the segment of word j-1 and that of word j; 0 inside a segment. */
function pauseBefore(words: WordStream, j: number): number {
  const segment = words.segment[j] ?? 0;
  const previous = words.segment[j - 1] ?? segment;
  if (segment === previous) return 0;
  return Math.max(0, (words.segmentStart[segment] ?? 0) - (words.segmentEnd[previous] ?? 0));
}

/** Evidence for a sentence boundary right before word j. */
function boundaryScore(words: WordStream, flags: WordFlags, tags: WordTags | null, j: number, pause: number): number {
  const before = flags.flags[words.word[j - 1] ?? 0] ?? 0;
  const after = flags.flags[words.word[j] ?? 0] ?? 0;
  let score = 0;
  if ((words.segment[j] ?? 0) !== (words.segment[j - 1] ?? 0)) score += 0.3;
  if (pause > 0.25) score += Math.min(3, pause * 3);
  if (before & FLAG_ENDS_SENTENCE) score += 4;
  else if (before & FLAG_ENDS_CLAUSE) score += 1;
  if (after & FLAG_STARTER) score += 1.5;
  else if (after & FLAG_SUBJECT) score += 0.6;
  if (before & FLAG_NON_ENDING) score -= 3;
  if (after & FLAG_CONTINUATION) score -= 1.2;
  if (tags) score += grammaticalEvidence(tags.last[j - 1] ?? 0, tags.first[j] ?? 0, tags.first[j + 1] ?? 0, before, after);
  return score;
}

/** Words that need what follows them: a sentence cannot end on them. */
const NEEDS_COMPLEMENT = new Set([TAG_DET, TAG_ADP, TAG_AUX, TAG_CCONJ, TAG_SCONJ, TAG_PART]);
/** Words a phrase can end on. */
const CAN_CLOSE = new Set([TAG_NOUN, TAG_PROPN, TAG_PRON, TAG_ADV, TAG_ADJ, TAG_NUM, TAG_VERB, TAG_INTJ]);
const NOMINAL = new Set([TAG_NOUN, TAG_PROPN]);

/**
 * Evidence from the tags around a place: positive where a clause can end and a new one start
 * ("...the starter | a sourdough starter is"), negative inside a phrase ("a sourdough | starter",
 * "you | feed", "make | the bread").
 */
function grammaticalEvidence(before: number, next: number, afterNext: number, beforeFlags: number, nextFlags: number): number {
  // Tagged as a preposition but not one that needs an object: a particle ("drops off", "town over").
  if (before === TAG_ADP && !(beforeFlags & FLAG_NON_ENDING)) return -0.5;
  if (NEEDS_COMPLEMENT.has(before)) return -2.5;
  const closes = CAN_CLOSE.has(before);
  switch (next) {
    case TAG_NOUN:
    case TAG_PROPN:
      return NOMINAL.has(before) || before === TAG_ADJ || before === TAG_NUM || before === TAG_VERB ? -2 : 0;
    case TAG_AUX:
      return NOMINAL.has(before) || before === TAG_PRON ? -2 : 0;
    case TAG_VERB:
      if (NOMINAL.has(before) || before === TAG_PRON) return -1.2;
      // After an adverb or adjective a bare verb often opens an instruction ("...warm | keep it").
      return before === TAG_ADV || before === TAG_ADJ ? 0.5 : 0;
    case TAG_PRON:
      if (nextFlags & FLAG_OBJECT_ONLY) return -1.5;
      if (nextFlags & FLAG_SUBJECT_ONLY) return closes ? 1.5 : 0;
      // "it", "you", "that" after a verb are usually its object ("spend it", "show you").
      if (before === TAG_VERB) return afterNext === TAG_AUX ? 0 : -1.5;
      return closes && (afterNext === TAG_VERB || afterNext === TAG_AUX) ? 1.2 : 0;
    case TAG_DET:
      if (before === TAG_VERB) return -1.5;
      return closes ? 0.8 : 0;
    case TAG_ADJ:
      return before === TAG_VERB ? -1 : 0;
    case TAG_NUM:
      // "two | thousand", "twenty | four".
      return before === TAG_NUM ? -2 : 0;
    case TAG_ADP:
    case TAG_PART:
      return -0.5;
    case TAG_SCONJ:
      return closes ? 0.6 : 0;
    case TAG_CCONJ:
      return closes ? 0.3 : 0;
    case TAG_INTJ:
      return 1;
    case TAG_ADV:
      return closes ? 0.2 : 0;
    default:
      return 0;
  }
}
