/** What the provider heard in each audio chunk of a job (migrations/0012). */
import type { TranscriptSegment } from '../../domain/transcript';
import type { Db } from '../database';

/** One chunk's transcript; times of the segments relative to the chunk's start. */
export interface StoredChunk {
  index: number;
  startSeconds: number;
  durationSeconds: number;
  overlapSeconds: number;
  language: string | null;
  quality: 'normal' | 'low';
  segments: TranscriptSegment[];
}

/** Saves a chunk's transcript; a chunk saved twice (two attempts raced) keeps the first. */
export async function saveSpeechChunk(db: Db, jobId: string, chunk: StoredChunk): Promise<void> {
  await db
    .insertInto('speech_chunks')
    .values({
      job_id: jobId,
      chunk_index: chunk.index,
      start_seconds: chunk.startSeconds,
      duration_seconds: chunk.durationSeconds,
      overlap_seconds: chunk.overlapSeconds,
      language: chunk.language,
      quality: chunk.quality,
      segments: JSON.stringify(chunk.segments),
    })
    .onConflict((oc) => oc.columns(['job_id', 'chunk_index']).doNothing())
    .execute();
}

export async function loadSpeechChunks(db: Db, jobId: string): Promise<StoredChunk[]> {
  const rows = await db.selectFrom('speech_chunks').selectAll().where('job_id', '=', jobId).orderBy('chunk_index').execute();
  return rows.map((row) => ({
    index: row.chunk_index,
    startSeconds: row.start_seconds,
    durationSeconds: row.duration_seconds,
    overlapSeconds: row.overlap_seconds,
    language: row.language,
    quality: row.quality,
    segments: row.segments,
  }));
}

/** Indexes of the chunks already transcribed. */
export async function transcribedChunkIndexes(db: Db, jobId: string): Promise<Set<number>> {
  const rows = await db.selectFrom('speech_chunks').select('chunk_index').where('job_id', '=', jobId).execute();
  return new Set(rows.map((row) => row.chunk_index));
}

export async function findSpeechChunk(db: Db, jobId: string, index: number): Promise<{ segments: number; quality: 'normal' | 'low' } | null> {
  const row = await db
    .selectFrom('speech_chunks')
    .select(['segments', 'quality'])
    .where('job_id', '=', jobId)
    .where('chunk_index', '=', index)
    .executeTakeFirst();
  return row ? { segments: row.segments.length, quality: row.quality } : null;
}

export async function deleteSpeechChunks(db: Db, jobId: string): Promise<void> {
  await db.deleteFrom('speech_chunks').where('job_id', '=', jobId).execute();
}
