/**
 * Nearest passages to a query's embedding, among one user's passages of the configured model. One
 * interface, two engines, chosen at start:
 *
 * - pgvector (where the extension exists): an HNSW index over the `real[]` column cast to vector,
 *   queried with the cosine distance operator.
 * - otherwise the cosine here: the user's vectors are read once into one Float32Array and kept
 *   (in a bounded cache, by bytes) until the user's library changes; a query is then one pass of
 *   dot products over it, with no database read beyond the version check.
 */
import { LRUCache } from 'lru-cache';
import type { Db } from '../storage/database';
import { embeddingsVersion, ensureVectorIndex, hasPgVector, readEmbeddings, vectorMatches } from '../storage/repositories/library';

export interface SemanticHit {
  id: string;
  /** Cosine similarity, -1..1. */
  similarity: number;
}

export interface SemanticIndex {
  readonly engine: 'pgvector' | 'cosine';
  nearest(userId: string, vector: Float32Array, limit: number, jobIds: readonly string[] | null): Promise<SemanticHit[]>;
}

/** pgvector when the database has it, else the cosine over cached vectors. */
export async function openSemanticIndex(db: Db, model: string, cacheBytes = 256 * 1024 * 1024): Promise<SemanticIndex> {
  if (await hasPgVector(db)) {
    // The HNSW index is made for the model's dimension once its first vector is known.
    const indexed = new Map<number, Promise<void>>();
    return {
      engine: 'pgvector',
      async nearest(userId, vector, limit, jobIds) {
        let ready = indexed.get(vector.length);
        if (!ready) indexed.set(vector.length, (ready = ensureVectorIndex(db, vector.length)));
        await ready;
        return vectorMatches(db, userId, model, vector, jobIds, limit);
      },
    };
  }
  return createCosineIndex(db, model, cacheBytes);
}

interface UserVectors {
  version: string;
  ids: string[];
  jobIds: string[];
  dims: number;
  matrix: Float32Array;
}

/** Rows read per query when loading a user's vectors. */
const LOAD_BATCH = 2000;

export function createCosineIndex(db: Db, model: string, cacheBytes: number): SemanticIndex {
  const cache = new LRUCache<string, UserVectors>({ maxSize: cacheBytes, sizeCalculation: (entry) => Math.max(1, entry.matrix.byteLength) });
  const loading = new Map<string, Promise<UserVectors>>();

  async function load(userId: string, version: string): Promise<UserVectors> {
    const ids: string[] = [];
    const jobIds: string[] = [];
    const parts: Float32Array[] = [];
    let dims = 0;
    for await (const rows of readEmbeddings(db, userId, model, LOAD_BATCH)) {
      for (const row of rows) {
        if (dims === 0) dims = row.embedding.length;
        if (row.embedding.length !== dims) continue;
        ids.push(row.id);
        jobIds.push(row.jobId);
        parts.push(Float32Array.from(row.embedding));
      }
    }
    const matrix = new Float32Array(ids.length * dims);
    parts.forEach((part, index) => matrix.set(part, index * dims));
    return { version, ids, jobIds, dims, matrix };
  }

  async function vectorsOf(userId: string): Promise<UserVectors> {
    const version = await embeddingsVersion(db, userId, model);
    const cached = cache.get(userId);
    if (cached?.version === version) return cached;
    const key = `${userId}\n${version}`;
    let pending = loading.get(key);
    if (!pending) {
      pending = load(userId, version).finally(() => loading.delete(key));
      loading.set(key, pending);
    }
    const vectors = await pending;
    cache.set(userId, vectors);
    return vectors;
  }

  return {
    engine: 'cosine',
    async nearest(userId, vector, limit, jobIds) {
      const vectors = await vectorsOf(userId);
      if (vectors.dims !== vector.length) return [];
      const allowed = jobIds ? new Set(jobIds) : null;
      return topByCosine(vectors, vector, limit, allowed);
    },
  };
}

/** The `limit` best rows by dot product (the vectors are unit length), best first. */
function topByCosine(vectors: UserVectors, query: Float32Array, limit: number, allowed: Set<string> | null): SemanticHit[] {
  const { dims, matrix } = vectors;
  const best: SemanticHit[] = [];
  for (let row = 0; row < vectors.ids.length; row++) {
    if (allowed && !allowed.has(vectors.jobIds[row]!)) continue;
    let dot = 0;
    const offset = row * dims;
    for (let i = 0; i < dims; i++) dot += matrix[offset + i]! * query[i]!;
    if (best.length < limit) {
      best.push({ id: vectors.ids[row]!, similarity: dot });
      if (best.length === limit) best.sort((a, b) => b.similarity - a.similarity);
    } else if (dot > best[limit - 1]!.similarity) {
      // Insertion into the sorted list: `limit` is small.
      let at = limit - 1;
      while (at > 0 && best[at - 1]!.similarity < dot) at--;
      best.splice(at, 0, { id: vectors.ids[row]!, similarity: dot });
      best.pop();
    }
  }
  return best.sort((a, b) => b.similarity - a.similarity);
}
