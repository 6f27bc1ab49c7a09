/** A transcript as the rest of the service sees it, whatever format it arrived in. */

export type TranscriptSource = 'captions_manual' | 'captions_auto' | 'speech_to_text';

export interface TranscriptSegment {
  /** Seconds from the start of the video. */
  start: number;
  /** Seconds from the start of the video; >= start. */
  end: number;
  /** Plain text with HTML entities decoded and markup removed; never empty. */
  text: string;
}

export interface Transcript {
  /** BCP-47-ish language code of the text as delivered (e.g. "en", "de", "pt-BR"). */
  language: string;
  source: TranscriptSource;
  /** True when YouTube machine-translated the track into `language`. */
  translated: boolean;
  segments: TranscriptSegment[];
  /**
   * 'low' when the speech-to-text engine that wrote it is known to be inaccurate (pocketsphinx);
   * absent for captions and transcripts of the usual accuracy.
   */
  quality?: 'normal' | 'low';
}

/** options.transcript_source: where the transcript may come from. */
export const TRANSCRIPT_SOURCE_OPTIONS = ['auto', 'captions', 'speech_to_text'] as const;
export type TranscriptSourceOption = (typeof TRANSCRIPT_SOURCE_OPTIONS)[number];

/** Joins segment texts the way we present `transcript.text`. */
export function transcriptText(segments: readonly TranscriptSegment[]): string {
  return segments.map((s) => s.text).join(' ');
}
