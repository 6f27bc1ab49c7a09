import { sql } from 'kysely';
import type { Transcript } from '../../domain/transcript';
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
    .values({ video_id: videoId, requested_language: requestedLanguage, source_kind: kind, transcript: JSON.stringify(transcript) })
    .onConflict((oc) =>
      oc.columns(['video_id', 'requested_language', 'source_kind']).doUpdateSet({
        transcript: (eb) => eb.ref('excluded.transcript'),
        fetched_at: sql<Date>`now()`,
      }),
    )
    .returning(sql<string>`xmin::text`.as('row_version'))
    .executeTakeFirstOrThrow();
  return { videoId, requestedLanguage, kind, rowVersion: row.row_version };
}
