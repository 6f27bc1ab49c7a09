/**
 * Choosing sentences: a bounded top-k scan (linear in the transcript) to get candidates, then
 * Maximal Marginal Relevance over the candidates only, so redundancy checks never compare all
 * pairs of a long transcript.
 */

const NEAR_DUPLICATE = 0.75;
/** How much a second sentence on the same topic counts as repetition, on top of shared words. */
const SAME_TOPIC_REDUNDANCY = 0.5;

/** The k best-scoring sentences in [from, to), best first; ties go to the earlier sentence. */
export function topSentences(score: (s: number) => number, from: number, to: number, k: number): number[] {
  if (k <= 0) return [];
  const best: { s: number; v: number }[] = [];
  for (let s = from; s < to; s += 1) {
    const v = score(s);
    if (!(v > 0)) continue;
    if (best.length === k && v <= (best[k - 1]?.v ?? 0)) continue;
    let i = best.length;
    while (i > 0 && (best[i - 1]?.v ?? 0) < v) i -= 1;
    best.splice(i, 0, { s, v });
    if (best.length > k) best.pop();
  }
  return best.map((b) => b.s);
}

/**
 * Like topSentences, but when no sentence in the range scores at all (every word a stop word,
 * say) the first k sentences stand in, so a summary is never empty while there is speech.
 */
export function candidateSentences(score: (s: number) => number, from: number, to: number, k: number): number[] {
  const top = topSentences(score, from, to, k);
  if (top.length > 0) return top;
  return Array.from({ length: Math.max(0, Math.min(k, to - from)) }, (_, i) => from + i);
}

/**
 * Picks `count` sentences from `candidates`, each time the one with the best balance of its
 * own score (weight `lambda`) against its similarity to what was already picked (including
 * `alreadyChosen`, which is not returned). With `topicOf`, a sentence on the same topic as one
 * already picked also counts as partly redundant, whatever words it uses.
 */
export function selectDiverse(
  candidates: readonly number[],
  score: (s: number) => number,
  similarity: (a: number, b: number) => number,
  count: number,
  lambda: number,
  alreadyChosen: readonly number[] = [],
  topicOf: ((s: number) => number) | null = null,
): number[] {
  const pool = [...new Set(candidates)].filter((s) => !alreadyChosen.includes(s));
  const top = Math.max(1e-9, ...pool.map(score));
  const chosen: number[] = [];
  /** Per candidate: highest word similarity to a pick, and highest redundancy counting topics. */
  const likeness = new Map<number, number>();
  const redundancy = new Map<number, number>();
  const compare = (s: number, picked: number) => {
    const words = similarity(s, picked);
    const topic = topicOf !== null && topicOf(s) >= 0 && topicOf(s) === topicOf(picked) ? SAME_TOPIC_REDUNDANCY : 0;
    likeness.set(s, Math.max(likeness.get(s) ?? 0, words));
    redundancy.set(s, Math.max(redundancy.get(s) ?? 0, words + topic));
  };
  for (const s of pool) for (const c of alreadyChosen) compare(s, c);
  while (chosen.length < count && pool.length > 0) {
    let bestIndex = -1;
    let bestValue = -Infinity;
    pool.forEach((s, i) => {
      // A near-repeat of a chosen sentence is a last resort, whatever its score.
      const repeat = (likeness.get(s) ?? 0) >= NEAR_DUPLICATE ? 1 : 0;
      const value = lambda * (score(s) / top) - (1 - lambda) * (redundancy.get(s) ?? 0) - repeat;
      if (value > bestValue || (value === bestValue && s < (pool[bestIndex] ?? Infinity))) {
        bestValue = value;
        bestIndex = i;
      }
    });
    const [picked] = pool.splice(bestIndex, 1);
    if (picked === undefined) break;
    chosen.push(picked);
    for (const s of pool) compare(s, picked);
  }
  return chosen;
}

export function inReadingOrder(sentences: readonly number[]): number[] {
  return [...sentences].sort((a, b) => a - b);
}
