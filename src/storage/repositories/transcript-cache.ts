import { sql, type ExpressionBuilder } from 'kysely';
import type { Transcript } from '../../domain/transcript';
import { outlineTranscript, type TranscriptOutline } from '../../domain/transcript-limits';
import type { EncodedTranscript } from '../../transcripts/encoded-transcript';
import type { Db } from '../database';
import type { Database, TranscriptCacheKind } from '../schema';

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

type CacheKey = Omit<CachedTranscriptVersion, 'rowVersion'>;

/** A where clause for an entry's row, whichever its version. */
function isCacheEntry(key: CacheKey) {
  return (eb: ExpressionBuilder<Database, 'transcript_cache'>) =>
    eb.and([eb('video_id', '=', key.videoId), eb('requested_language', '=', key.requestedLanguage), eb('source_kind', '=', key.kind)]);
}

/** A where clause for the row that is this version of an entry: none once the entry is written again. */
export function isCachedTranscriptVersion(version: CachedTranscriptVersion) {
  return (eb: ExpressionBuilder<Database, 'transcript_cache'>) => eb.and([isCacheEntry(version)(eb), sql<boolean>`xmin = ${version.rowVersion}::xid`]);
}

/** A query for an entry's row with its row version selected, and the version a row read by it describes. */
function cacheEntry(db: Db, key: CacheKey) {
  return {
    query: db.selectFrom('transcript_cache').select(sql<string>`xmin::text`.as('row_version')).where(isCacheEntry(key)),
    versionOf: (row: { row_version: string }): CachedTranscriptVersion => ({ ...key, rowVersion: row.row_version }),
  };
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
  const entry = cacheEntry(db, { videoId, requestedLanguage: languageKey(language), kind });
  const row = await entry.query.select('transcript').executeTakeFirst();
  return row ? { transcript: row.transcript, version: entry.versionOf(row) } : null;
}

/** An entry's outline, and the version it describes; null when there is no entry or it is not outlined yet. */
export async function getCachedTranscriptOutline(
  db: Db,
  videoId: string,
  language: string | null,
  kind: TranscriptCacheKind = 'captions',
): Promise<{ outline: TranscriptOutline; version: CachedTranscriptVersion } | null> {
  const entry = cacheEntry(db, { videoId, requestedLanguage: languageKey(language), kind });
  const row = await entry.query.select('outline').executeTakeFirst();
  if (!row?.outline) return null;
  return { outline: row.outline, version: entry.versionOf(row) };
}

/** Writes the entry with its outline, from its encoded form (src/transcripts). */
export async function putCachedTranscript(
  db: Db,
  videoId: string,
  language: string | null,
  transcript: Transcript,
  encoded: EncodedTranscript,
): Promise<CachedTranscriptVersion> {
  const kind: TranscriptCacheKind = transcript.source === 'speech_to_text' ? 'speech_to_text' : 'captions';
  const requestedLanguage = languageKey(language);
  const row = await db
    .insertInto('transcript_cache')
    .values({
      video_id: videoId,
      requested_language: requestedLanguage,
      source_kind: kind,
      transcript: encoded.json,
      outline: JSON.stringify(outlineTranscript(transcript, encoded.measures)),
    })
    .onConflict((oc) =>
      oc.columns(['video_id', 'requested_language', 'source_kind']).doUpdateSet({
        transcript: (eb) => eb.ref('excluded.transcript'),
        outline: (eb) => eb.ref('excluded.outline'),
        fetched_at: sql<Date>`now()`,
      }),
    )
    .returning(sql<string>`xmin::text`.as('row_version'))
    .executeTakeFirstOrThrow();
  return { videoId, requestedLanguage, kind, rowVersion: row.row_version };
}

/**
 * The outline of an entry written before outlines were kept, so that the next job takes it whole
 * without loading it. Only that version, never one written since.
 */
export async function recordCachedTranscriptOutline(db: Db, version: CachedTranscriptVersion, outline: TranscriptOutline): Promise<void> {
  await db
    .updateTable('transcript_cache')
    .set({ outline: JSON.stringify(outline) })
    .where(isCachedTranscriptVersion(version))
    .where('outline', 'is', null)
    .execute();
}
