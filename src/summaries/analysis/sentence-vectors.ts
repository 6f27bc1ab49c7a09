/**
 * TF-IDF vectors of sentences, stored sparse and flat (one typed array for all sentences) so
 * hundreds of thousands of sentences cost a few megabytes. Terms within a sentence are sorted,
 * which lets two sentences be compared by a merge in time linear in their lengths.
 */
import type { SentenceTable } from './sentences';
import type { Vocabulary } from './vocabulary';
import type { WordStream } from './word-stream';

export interface SentenceVectors {
  /** Sentence i's terms are terms[offsets[i] .. offsets[i + 1]), ascending. */
  readonly offsets: Int32Array;
  readonly terms: Int32Array;
  /** Raw counts of those terms in the sentence. */
  readonly counts: Uint16Array;
  /** (1 + ln tf) * idf. */
  readonly weights: Float32Array;
  /** Euclidean norm of each sentence's weights (0 for a sentence without terms). */
  readonly norms: Float32Array;
  /** Topic-bearing tokens per sentence, repeated ones counted. */
  readonly termTokens: Uint16Array;
  /** Per term: inverse sentence frequency. */
  readonly idf: Float32Array;
  /** Per term: number of sentences containing it. */
  readonly df: Int32Array;
}

export function buildSentenceVectors(words: WordStream, vocabulary: Vocabulary, sentences: SentenceTable): SentenceVectors {
  const n = sentences.count;
  const termCount = vocabulary.termCount;
  const scratch = new Int32Array(termCount);
  const df = new Int32Array(termCount);
  const offsets = new Int32Array(n + 1);
  const termTokens = new Uint16Array(n);
  let terms = new Int32Array(Math.max(16, words.length));
  let counts = new Uint16Array(terms.length);
  let used = 0;
  const touched: number[] = [];

  for (let s = 0; s < n; s += 1) {
    offsets[s] = used;
    let tokensInSentence = 0;
    const to = sentences.firstWord[s + 1] ?? 0;
    for (let p = sentences.firstWord[s] ?? 0; p < to; p += 1) {
      const w = words.word[p] ?? 0;
      const tokenEnd = vocabulary.wordTokenStart[w + 1] ?? 0;
      for (let k = vocabulary.wordTokenStart[w] ?? 0; k < tokenEnd; k += 1) {
        const term = vocabulary.tokenTerm[vocabulary.wordTokens[k] ?? 0] ?? -1;
        if (term < 0) continue;
        if ((scratch[term] ?? 0) === 0) touched.push(term);
        scratch[term] = (scratch[term] ?? 0) + 1;
        tokensInSentence += 1;
      }
    }
    touched.sort((a, b) => a - b);
    if (used + touched.length > terms.length) {
      const grown = Math.max(terms.length * 2, used + touched.length);
      terms = copyInto(new Int32Array(grown), terms, used);
      counts = copyInto(new Uint16Array(grown), counts, used);
    }
    for (const term of touched) {
      terms[used] = term;
      counts[used] = Math.min(65535, scratch[term] ?? 0);
      df[term] = (df[term] ?? 0) + 1;
      scratch[term] = 0;
      used += 1;
    }
    touched.length = 0;
    termTokens[s] = Math.min(65535, tokensInSentence);
  }
  offsets[n] = used;

  const idf = new Float32Array(termCount);
  for (let t = 0; t < termCount; t += 1) idf[t] = Math.log(1 + n / Math.max(1, df[t] ?? 0));
  const weights = new Float32Array(used);
  const norms = new Float32Array(n);
  for (let s = 0; s < n; s += 1) {
    let sum = 0;
    for (let k = offsets[s] ?? 0; k < (offsets[s + 1] ?? 0); k += 1) {
      const weight = (1 + Math.log(counts[k] ?? 1)) * (idf[terms[k] ?? 0] ?? 0);
      weights[k] = weight;
      sum += weight * weight;
    }
    norms[s] = Math.sqrt(sum);
  }
  return { offsets, terms: terms.slice(0, used), counts: counts.slice(0, used), weights, norms, termTokens, idf, df };
}

function copyInto<T extends Int32Array | Uint16Array>(target: T, source: T, length: number): T {
  target.set(source.subarray(0, length));
  return target;
}

/** Cosine similarity of two sentences. */
export function sentenceCosine(vectors: SentenceVectors, a: number, b: number): number {
  const normA = vectors.norms[a] ?? 0;
  const normB = vectors.norms[b] ?? 0;
  if (normA === 0 || normB === 0) return 0;
  let i = vectors.offsets[a] ?? 0;
  const iEnd = vectors.offsets[a + 1] ?? 0;
  let j = vectors.offsets[b] ?? 0;
  const jEnd = vectors.offsets[b + 1] ?? 0;
  let dot = 0;
  while (i < iEnd && j < jEnd) {
    const ti = vectors.terms[i] ?? 0;
    const tj = vectors.terms[j] ?? 0;
    if (ti === tj) {
      dot += (vectors.weights[i] ?? 0) * (vectors.weights[j] ?? 0);
      i += 1;
      j += 1;
    } else if (ti < tj) i += 1;
    else j += 1;
  }
  return dot / (normA * normB);
}

/** Sum of the unit-length vectors of sentences [from, to): the direction of a stretch of talk. */
export function centroid(vectors: SentenceVectors, termCount: number, from: number, to: number): Float64Array {
  const sum = new Float64Array(termCount);
  for (let s = from; s < to; s += 1) {
    const norm = vectors.norms[s] ?? 0;
    if (norm === 0) continue;
    for (let k = vectors.offsets[s] ?? 0; k < (vectors.offsets[s + 1] ?? 0); k += 1) {
      const term = vectors.terms[k] ?? 0;
      sum[term] = (sum[term] ?? 0) + (vectors.weights[k] ?? 0) / norm;
    }
  }
  return sum;
}

/** Cosine of each sentence in [from, to) with a dense vector, written into `out`. */
export function cosineToDense(vectors: SentenceVectors, dense: Float64Array, from: number, to: number, out: Float32Array): void {
  let denseNorm = 0;
  for (let t = 0; t < dense.length; t += 1) denseNorm += (dense[t] ?? 0) * (dense[t] ?? 0);
  denseNorm = Math.sqrt(denseNorm);
  for (let s = from; s < to; s += 1) {
    const norm = vectors.norms[s] ?? 0;
    if (norm === 0 || denseNorm === 0) {
      out[s] = 0;
      continue;
    }
    let dot = 0;
    for (let k = vectors.offsets[s] ?? 0; k < (vectors.offsets[s + 1] ?? 0); k += 1) {
      dot += (vectors.weights[k] ?? 0) * (dense[vectors.terms[k] ?? 0] ?? 0);
    }
    out[s] = dot / (norm * denseNorm);
  }
}
