/**
 * Sentence embeddings for semantic search (docs/library.md#semantic-search): the offline model on a
 * thread, an OpenAI-compatible `/embeddings` provider, or none. Vectors come back unit length, so
 * a dot product is their cosine.
 */
export interface Embedder {
  /** Names the vectors' space: passages embedded by another model are never compared with these. */
  readonly model: string;
  /** Texts in, one unit vector each, in order; a long list is sent in bounded batches. */
  embed(texts: readonly string[], signal?: AbortSignal): Promise<Float32Array[]>;
  close(): Promise<void>;
}

/** Scales a vector to unit length (a zero vector stays zero). */
export function unitVector(values: ArrayLike<number>): Float32Array {
  const vector = Float32Array.from(values);
  let norm = 0;
  for (const value of vector) norm += value * value;
  norm = Math.sqrt(norm);
  if (norm > 0) for (let i = 0; i < vector.length; i++) vector[i]! /= norm;
  return vector;
}

/** Runs `embedBatch` over `texts` a bounded batch at a time. */
export async function inBatches(
  texts: readonly string[],
  batchSize: number,
  embedBatch: (batch: string[]) => Promise<Float32Array[]>,
): Promise<Float32Array[]> {
  const vectors: Float32Array[] = [];
  for (let from = 0; from < texts.length; from += batchSize) {
    vectors.push(...(await embedBatch(texts.slice(from, from + batchSize))));
  }
  return vectors;
}
