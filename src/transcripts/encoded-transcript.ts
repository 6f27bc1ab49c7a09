/**
 * A transcript in the form Postgres keeps it (the transcript cache, a job's transcript): its
 * JSON, with the measures a job needs to take it whole without reading it again.
 */
import type { Transcript } from '../domain/transcript';
import { measureTranscript, type TranscriptMeasures } from '../domain/transcript-limits';

export interface EncodedTranscript {
  /** The transcript as JSON text: what the cache's `transcript` column holds. */
  json: string;
  measures: TranscriptMeasures;
}

/** One field order wherever a transcript is written, on a thread or not. */
export function encodeTranscript(transcript: Transcript): EncodedTranscript {
  const { language, source, translated, quality, segments } = transcript;
  const json = JSON.stringify({ language, source, translated, ...(quality === undefined ? {} : { quality }), segments });
  return { json, measures: measureTranscript(segments) };
}
