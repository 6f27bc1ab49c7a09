/**
 * The extractive baselines a summary is compared with, at the same length in words: lead-N (the
 * opening sentences) and TextRank (Mihalcea and Tarau 2004: PageRank over sentences linked by
 * shared words, normalised by the logs of their lengths). Both pick from the same sentences the
 * engine sees, so the comparison is about choosing, not about splitting.
 */
import { contentStems } from './words';

/** The first `words` words of the sentences in the order given. */
export function takeWords(sentences: readonly string[], words: number): string {
  const out: string[] = [];
  for (const sentence of sentences) {
    for (const word of sentence.split(/\s+/).filter((w) => w !== '')) {
      if (out.length >= words) return out.join(' ');
      out.push(word);
    }
  }
  return out.join(' ');
}

export function leadSummary(sentences: readonly string[], words: number): string {
  return takeWords(sentences, words);
}

const DAMPING = 0.85;
const MAX_ITERATIONS = 50;
/** PageRank stops once no score moves by more than this. */
const CONVERGED = 1e-7;

/** Sentence indices by TextRank score, best first. */
export function textRankOrder(sentences: readonly string[]): number[] {
  const ids = new Map<string, number>();
  const bags = sentences.map((sentence) => [...new Set(contentStems(sentence))].map((word) => ids.get(word) ?? ids.set(word, ids.size).get(word) ?? 0));
  const n = bags.length;
  // Shared words per pair through an inverted index: sentences rarely share more than a few words.
  const postings: number[][] = Array.from({ length: ids.size }, () => []);
  bags.forEach((bag, s) => {
    if (bag.length >= 2) for (const word of bag) postings[word]?.push(s);
  });
  const edges: { to: number; weight: number }[][] = Array.from({ length: n }, () => []);
  const shared = new Int32Array(n);
  for (let i = 0; i < n; i += 1) {
    const bag = bags[i] ?? [];
    if (bag.length < 2) continue;
    const touched: number[] = [];
    for (const word of bag) {
      for (const j of postings[word] ?? []) {
        if (j <= i) continue;
        if (shared[j] === 0) touched.push(j);
        shared[j] = (shared[j] ?? 0) + 1;
      }
    }
    for (const j of touched) {
      const weight = (shared[j] ?? 0) / (Math.log(bag.length) + Math.log(bags[j]?.length ?? 2));
      shared[j] = 0;
      edges[i]?.push({ to: j, weight });
      edges[j]?.push({ to: i, weight });
    }
  }
  const outWeight = edges.map((list) => list.reduce((sum, e) => sum + e.weight, 0));
  let rank = new Float64Array(n).fill(1 / Math.max(1, n));
  for (let round = 0; round < MAX_ITERATIONS; round += 1) {
    const next = new Float64Array(n).fill((1 - DAMPING) / Math.max(1, n));
    edges.forEach((list, i) => {
      const share = outWeight[i] ?? 0;
      if (share === 0) return;
      for (const e of list) next[e.to] = (next[e.to] ?? 0) + (DAMPING * (rank[i] ?? 0) * e.weight) / share;
    });
    const moved = next.reduce((most, value, i) => Math.max(most, Math.abs(value - (rank[i] ?? 0))), 0);
    rank = next;
    if (moved < CONVERGED) break;
  }
  return Array.from({ length: n }, (_, i) => i).sort((a, b) => (rank[b] ?? 0) - (rank[a] ?? 0) || a - b);
}

/** The best-ranked sentences up to `words` words, printed in reading order, cut to the budget. */
export function textRankSummary(sentences: readonly string[], words: number, order: readonly number[] = textRankOrder(sentences)): string {
  const picked: number[] = [];
  let total = 0;
  for (const s of order) {
    if (total >= words) break;
    picked.push(s);
    total += (sentences[s] ?? '').split(/\s+/).filter((w) => w !== '').length;
  }
  return takeWords(
    picked.sort((a, b) => a - b).map((s) => sentences[s] ?? ''),
    words,
  );
}
