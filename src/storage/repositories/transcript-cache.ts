import { sql } from 'kysely';
import type { Transcript, TranscriptSource } from '../../domain/transcript';
import type { TranscriptMeasures } from '../../domain/transcript-limits';
import type { Db } from '../database';
import type { TranscriptCacheKind } from '../schema';

/** '' stands for "the video's own language" (no language requested). */
const languageKey = (language: string | null) => (language ?? '').toLowerCase();

/**
 * One version of a cache entry: its key, and the row version (Postgres' xmin) that holds the
 * transcript read or written. A job's copy is taken from exactly this version (see
 * saveJobTranscript), never from one another job wrote meanwhile.
 */
export interface CachedTranscriptVersion {
  videoId: string;
  requestedLanguage: string;
  kind: TranscriptCacheKind;
  rowVersion: string;
}

export interface CachedTranscript {
  transcript: Transcript;
  version: CachedTranscriptVersion;
}

/** Keyed by video, requested language and kind (captions, or the audio transcribed). */
export async function getCachedTranscript(
  db: Db,
  videoId: string,
  language: string | null,
  kind: TranscriptCacheKind = 'captions',
): Promise<CachedTranscript | null> {
  const requestedLanguage = languageKey(language);
  const row = await db
    .selectFrom('transcript_cache')
    .select(['transcript', sql<string>`xmin::text`.as('row_version')])
    .where('video_id', '=', videoId)
    .where('requested_language', '=', requestedLanguage)
    .where('source_kind', '=', kind)
    .executeTakeFirst();
  return row ? { transcript: row.transcript, version: { videoId, requestedLanguage, kind, rowVersion: row.row_version } } : null;
}

/**
 * An entry as a job that takes it whole needs it: what its transcript is, its measures (null for
 * an entry written before they were kept), and its version. The segments stay in Postgres.
 */
export interface CachedTranscriptOutline {
  language: string;
  source: TranscriptSource;
  translated: boolean;
  measures: TranscriptMeasures | null;
  version: CachedTranscriptVersion;
}

export async function getCachedTranscriptOutline(
  db: Db,
  videoId: string,
  language: string | null,
  kind: TranscriptCacheKind = 'captions',
): Promise<CachedTranscriptOutline | null> {
  const requestedLanguage = languageKey(language);
  const row = await db
    .selectFrom('transcript_cache')
    .select([
      sql<string>`transcript->>'language'`.as('language'),
      sql<TranscriptSource>`transcript->>'source'`.as('source'),
      sql<boolean>`coalesce((transcript->>'translated')::boolean, false)`.as('translated'),
      'text_bytes',
      'word_count',
      sql<string>`xmin::text`.as('row_version'),
    ])
    .where('video_id', '=', videoId)
    .where('requested_language', '=', requestedLanguage)
    .where('source_kind', '=', kind)
    .executeTakeFirst();
  if (!row) return null;
  return {
    language: row.language,
    source: row.source,
    translated: row.translated,
    measures: row.text_bytes === null || row.word_count === null ? null : { textBytes: row.text_bytes, wordCount: row.word_count },
    version: { videoId, requestedLanguage, kind, rowVersion: row.row_version },
  };
}

/**
 * Writes the entry, unmeasured: measuring a long transcript is a stretch of the event loop, and
 * the writer does it after this round trip rather than just before the serializing here
 * (recordCachedTranscriptMeasures).
 */
export async function putCachedTranscript(
  db: Db,
  videoId: string,
  language: string | null,
  transcript: Transcript,
): Promise<CachedTranscriptVersion> {
  const kind: TranscriptCacheKind = transcript.source === 'speech_to_text' ? 'speech_to_text' : 'captions';
  const requestedLanguage = languageKey(language);
  const row = await db
    .insertInto('transcript_cache')
    .values({
      video_id: videoId,
      requested_language: requestedLanguage,
      source_kind: kind,
      transcript: JSON.stringify(transcript),
      text_bytes: null,
      word_count: null,
    })
    .onConflict((oc) =>
      oc.columns(['video_id', 'requested_language', 'source_kind']).doUpdateSet({
        transcript: (eb) => eb.ref('excluded.transcript'),
        text_bytes: (eb) => eb.ref('excluded.text_bytes'),
        word_count: (eb) => eb.ref('excluded.word_count'),
        fetched_at: sql<Date>`now()`,
      }),
    )
    .returning(sql<string>`xmin::text`.as('row_version'))
    .executeTakeFirstOrThrow();
  return { videoId, requestedLanguage, kind, rowVersion: row.row_version };
}

/**
 * The measures of an entry not measured yet (just written, or written before they were kept), so
 * that the next job takes it whole without loading it. Only that version, never one written since.
 */
export async function recordCachedTranscriptMeasures(db: Db, version: CachedTranscriptVersion, measures: TranscriptMeasures): Promise<void> {
  await db
    .updateTable('transcript_cache')
    .set({ text_bytes: measures.textBytes, word_count: measures.wordCount })
    .where('video_id', '=', version.videoId)
    .where('requested_language', '=', version.requestedLanguage)
    .where('source_kind', '=', version.kind)
    .where(sql<boolean>`xmin = ${version.rowVersion}::xid`)
    .where('text_bytes', 'is', null)
    .execute();
}
