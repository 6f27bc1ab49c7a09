/**
 * Reciprocal rank fusion: each list gives a passage weight / (k + rank), rank counted from 1, and
 * a passage's score is the sum over the lists that hold it. Ranks alone are fused, so the two
 * scores' different scales never need reconciling. k and the weights are tuned on the evaluation's
 * training meetings (bench/library.ts, docs/library.md#evaluation).
 */
export interface FusionSettings {
  k: number;
  lexicalWeight: number;
  semanticWeight: number;
}

export const DEFAULT_FUSION: FusionSettings = { k: 60, lexicalWeight: 1, semanticWeight: 1 };

export interface RankedList {
  ids: readonly string[];
  weight: number;
}

export function fuseByReciprocalRank(lists: readonly RankedList[], k: number): Array<{ id: string; score: number }> {
  const scores = new Map<string, number>();
  for (const list of lists) {
    list.ids.forEach((id, index) => scores.set(id, (scores.get(id) ?? 0) + list.weight / (k + index + 1)));
  }
  return [...scores].map(([id, score]) => ({ id, score })).sort((a, b) => b.score - a.score || Number(a.id) - Number(b.id));
}
