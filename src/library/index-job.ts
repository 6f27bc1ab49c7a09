/**
 * Indexing one completed job for its owner's library: its transcript read from Postgres a batch
 * of segments at a time, cut into passages, each batch of passages embedded (when an embedder is
 * configured) and stored with its full-text vector; then the job's marker. Indexing again first
 * removes what an unfinished run left, so a retried or resumed indexing never doubles a passage.
 */
import type { Db } from '../storage/database';
import {
  clearJobPassages,
  findIndexableJob,
  insertPassages,
  markJobIndexed,
  readTranscriptSegments,
  transcriptLanguage,
  type NewPassage,
} from '../storage/repositories/library';
import type { Embedder } from './embeddings';
import { PassageCutter, type Passage } from './passages';
import { searchConfigFor } from './search-config';

export interface IndexingDeps {
  db: Db;
  embedder: Embedder | null;
}

export type IndexOutcome = { kind: 'indexed'; passages: number } | { kind: 'not_completed' };

/** Segments per query and passages per embedding and insert: what the worker holds at once. */
const SEGMENTS_PER_READ = 2000;
const PASSAGES_PER_BATCH = 64;

export async function indexJob(deps: IndexingDeps, jobId: string, onBatch: () => void = () => {}): Promise<IndexOutcome> {
  const job = await findIndexableJob(deps.db, jobId);
  if (!job) return { kind: 'not_completed' };
  const language = await transcriptLanguage(deps.db, jobId);
  const searchConfig = searchConfigFor(language);
  const model = deps.embedder?.model ?? null;

  await clearJobPassages(deps.db, jobId);
  let stored = 0;
  const store = async (batch: Passage[]) => {
    const vectors = deps.embedder ? await deps.embedder.embed(batch.map((passage) => passage.text)) : null;
    const rows: NewPassage[] = batch.map((passage, index) => ({ ...passage, embedding: vectors?.[index] ?? null }));
    await insertPassages(deps.db, job, searchConfig, model, rows);
    stored += batch.length;
    onBatch();
  };

  const cutter = new PassageCutter();
  let batch: Passage[] = [];
  const take = async (passages: Passage[]) => {
    batch.push(...passages);
    if (batch.length >= PASSAGES_PER_BATCH) {
      const full = batch;
      batch = [];
      await store(full);
    }
  };
  if (language !== undefined) {
    for await (const segment of readTranscriptSegments(deps.db, jobId, SEGMENTS_PER_READ)) await take(cutter.push(segment));
  }
  await take(cutter.finish());
  if (batch.length > 0) await store(batch);
  await markJobIndexed(deps.db, job, searchConfig, stored, model);
  return { kind: 'indexed', passages: stored };
}
