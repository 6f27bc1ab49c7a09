import { sql } from 'kysely';
import type { Transcript } from '../../domain/transcript';
import type { Db } from '../database';
import type { TranscriptCacheKind } from '../schema';

/** '' stands for "the video's own language" (no language requested). */
const languageKey = (language: string | null) => (language ?? '').toLowerCase();

/** Keyed by video, requested language and kind (captions, or the audio transcribed). */
export async function getCachedTranscript(
  db: Db,
  videoId: string,
  language: string | null,
  kind: TranscriptCacheKind = 'captions',
): Promise<Transcript | null> {
  const row = await db
    .selectFrom('transcript_cache')
    .select('transcript')
    .where('video_id', '=', videoId)
    .where('requested_language', '=', languageKey(language))
    .where('source_kind', '=', kind)
    .executeTakeFirst();
  return row?.transcript ?? null;
}

export async function putCachedTranscript(db: Db, videoId: string, language: string | null, transcript: Transcript): Promise<void> {
  const kind: TranscriptCacheKind = transcript.source === 'speech_to_text' ? 'speech_to_text' : 'captions';
  await db
    .insertInto('transcript_cache')
    .values({ video_id: videoId, requested_language: languageKey(language), source_kind: kind, transcript: JSON.stringify(transcript) })
    .onConflict((oc) =>
      oc.columns(['video_id', 'requested_language', 'source_kind']).doUpdateSet({
        transcript: (eb) => eb.ref('excluded.transcript'),
        fetched_at: sql<Date>`now()`,
      }),
    )
    .execute();
}
