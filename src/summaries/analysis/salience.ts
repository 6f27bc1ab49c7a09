/**
 * How central each sentence is: cosine similarity of its TF-IDF vector with the centroid of
 * the whole transcript (global) and with that of its own section (local), scaled by how
 * quotable the sentence is by length. Centroid scoring is linear in the transcript, unlike
 * graph ranking over all sentence pairs.
 */
import type { Section } from './sections';
import type { SentenceTable } from './sentences';
import { centroid, cosineToDense, type SentenceVectors } from './sentence-vectors';

export interface Salience {
  readonly global: Float32Array;
  readonly local: Float32Array;
}

export function computeSalience(
  sentences: SentenceTable,
  vectors: SentenceVectors,
  termCount: number,
  sections: readonly Section[],
): Salience {
  const n = sentences.count;
  const global = new Float32Array(n);
  const local = new Float32Array(n);
  cosineToDense(vectors, centroid(vectors, termCount, 0, n), 0, n, global);
  for (const section of sections) {
    if (section.endSentence <= section.firstSentence) continue;
    const sectionCentroid = centroid(vectors, termCount, section.firstSentence, section.endSentence);
    cosineToDense(vectors, sectionCentroid, section.firstSentence, section.endSentence, local);
  }
  for (let s = 0; s < n; s += 1) {
    const quality = lengthQuality(vectors.termTokens[s] ?? 0, (sentences.firstWord[s + 1] ?? 0) - (sentences.firstWord[s] ?? 0));
    global[s] = (global[s] ?? 0) * quality;
    local[s] = (local[s] ?? 0) * quality;
  }
  return { global, local };
}

/**
 * Very short sentences ("right, exactly") say little out of context and score deceptively
 * high on one shared word; very long ones are hard to read as a summary line.
 */
function lengthQuality(termTokens: number, words: number): number {
  if (termTokens <= 1) return 0.15;
  const short = Math.min(1, termTokens / 6) ** 0.7;
  const long = words > 40 ? Math.max(0.5, 1 - (words - 40) / 60) : 1;
  return short * long;
}
