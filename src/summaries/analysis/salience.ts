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
  /** Per section: the direction of its talk (null for a section without speech). */
  readonly sectionCentroids: readonly (SectionCentroid | null)[];
}

export interface SectionCentroid {
  readonly weights: Float64Array;
  readonly norm: number;
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
  const sectionCentroids = sections.map((section): SectionCentroid | null => {
    if (section.endSentence <= section.firstSentence) return null;
    const weights = centroid(vectors, termCount, section.firstSentence, section.endSentence);
    cosineToDense(vectors, weights, section.firstSentence, section.endSentence, local);
    let squares = 0;
    for (const w of weights) squares += w * w;
    return { weights, norm: Math.sqrt(squares) };
  });
  for (let s = 0; s < n; s += 1) {
    const quality = lengthQuality(vectors.termTokens[s] ?? 0, (sentences.firstWord[s + 1] ?? 0) - (sentences.firstWord[s] ?? 0));
    global[s] = (global[s] ?? 0) * quality;
    local[s] = (local[s] ?? 0) * quality;
  }
  return { global, local, sectionCentroids };
}

/**
 * The section whose talk a sentence is closest to in vocabulary; usually its own section, but
 * not for a sentence that looks ahead to the next topic or back to the last.
 */
export function closestSection(vectors: SentenceVectors, salience: Salience, s: number): number {
  const norm = vectors.norms[s] ?? 0;
  let best = -1;
  let bestCosine = -1;
  salience.sectionCentroids.forEach((centroidOfSection, k) => {
    if (!centroidOfSection || centroidOfSection.norm === 0 || norm === 0) return;
    let dot = 0;
    for (let i = vectors.offsets[s] ?? 0; i < (vectors.offsets[s + 1] ?? 0); i += 1) {
      dot += (vectors.weights[i] ?? 0) * (centroidOfSection.weights[vectors.terms[i] ?? 0] ?? 0);
    }
    const cosine = dot / (norm * centroidOfSection.norm);
    if (cosine > bestCosine) {
      bestCosine = cosine;
      best = k;
    }
  });
  return best;
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
