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
const ITERATIONS = 50;

/** Sentence indices by TextRank score, best first. */
export function textRankOrder(sentences: readonly string[]): number[] {
  const bags = sentences.map((sentence) => new Set(contentStems(sentence)));
  const n = bags.length;
  const edges: { to: number; weight: number }[][] = Array.from({ length: n }, () => []);
  for (let i = 0; i < n; i += 1) {
    const a = bags[i]!;
    if (a.size < 2) continue;
    for (let j = i + 1; j < n; j += 1) {
      const b = bags[j]!;
      if (b.size < 2) continue;
      let shared = 0;
      for (const word of a) if (b.has(word)) shared += 1;
      if (shared === 0) continue;
      const weight = shared / (Math.log(a.size) + Math.log(b.size));
      edges[i]!.push({ to: j, weight });
      edges[j]!.push({ to: i, weight });
    }
  }
  const outWeight = edges.map((list) => list.reduce((sum, e) => sum + e.weight, 0));
  let rank = new Float64Array(n).fill(1 / Math.max(1, n));
  for (let round = 0; round < ITERATIONS; round += 1) {
    const next = new Float64Array(n).fill((1 - DAMPING) / Math.max(1, n));
    edges.forEach((list, i) => {
      const share = outWeight[i] ?? 0;
      if (share === 0) return;
      for (const e of list) next[e.to] = (next[e.to] ?? 0) + (DAMPING * (rank[i] ?? 0) * e.weight) / share;
    });
    rank = next;
  }
  return Array.from({ length: n }, (_, i) => i).sort((a, b) => (rank[b] ?? 0) - (rank[a] ?? 0) || a - b);
}

/** The best-ranked sentences up to `words` words, printed in reading order, cut to the budget. */
export function textRankSummary(sentences: readonly string[], words: number): string {
  const picked: number[] = [];
  let total = 0;
  for (const s of textRankOrder(sentences)) {
    if (total >= words) break;
    picked.push(s);
    total += (sentences[s] ?? '').split(/\s+/).filter((w) => w !== '').length;
  }
  return takeWords(
    picked.sort((a, b) => a - b).map((s) => sentences[s] ?? ''),
    words,
  );
}
