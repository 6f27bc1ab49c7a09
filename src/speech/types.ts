import type { TranscriptSegment } from '../domain/transcript';
/** One piece of the audio, cut by ffmpeg; times in seconds. */
export interface AudioChunk {
  index: number;          // 0-based
  path: string;           // a 16 kHz mono WAV (pcm_s16le) file, which every provider accepts
  startSeconds: number;   // absolute start of the chunk in the video
  durationSeconds: number;
  overlapSeconds: number; // how many seconds at this chunk's start repeat the previous chunk's end (0 for the first)
}
/** What a provider heard in one chunk; segment times relative to the chunk's start. */
export interface HeardSpeech { language: string | null; segments: TranscriptSegment[]; quality: 'normal' | 'low' }
export interface ChunkTranscript extends HeardSpeech { index: number; startSeconds: number; overlapSeconds: number }
export interface SpeechToTextProvider {
  readonly name: 'openai' | 'local' | 'pocketsphinx';
  transcribe(request: { path: string; language?: string; signal?: AbortSignal }): Promise<HeardSpeech>;
}
/** A provider refusal: `final` ones (400/401/403, unreadable audio) are not retried; `retryable` ones (429, 5xx, timeouts, connection errors) are, after retryAfterSeconds when the provider said so. */
export class SpeechProviderError extends Error {
  constructor(message: string, readonly kind: 'retryable' | 'final', readonly retryAfterSeconds?: number) { super(message); this.name = 'SpeechProviderError'; }
}
