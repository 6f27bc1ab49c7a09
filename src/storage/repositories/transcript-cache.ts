import { sql } from 'kysely';
import type { Transcript } from '../../domain/transcript';
import type { Db } from '../database';

/** '' stands for "the video's own language" (no language requested). */
const languageKey = (language: string | null) => (language ?? '').toLowerCase();

export async function getCachedTranscript(db: Db, videoId: string, language: string | null): Promise<Transcript | null> {
  const row = await db
    .selectFrom('transcript_cache')
    .select('transcript')
    .where('video_id', '=', videoId)
    .where('requested_language', '=', languageKey(language))
    .executeTakeFirst();
  return row?.transcript ?? null;
}

export async function putCachedTranscript(db: Db, videoId: string, language: string | null, transcript: Transcript): Promise<void> {
  await db
    .insertInto('transcript_cache')
    .values({ video_id: videoId, requested_language: languageKey(language), transcript: JSON.stringify(transcript) })
    .onConflict((oc) =>
      oc.columns(['video_id', 'requested_language']).doUpdateSet({
        transcript: (eb) => eb.ref('excluded.transcript'),
        fetched_at: sql<Date>`now()`,
      }),
    )
    .execute();
}
