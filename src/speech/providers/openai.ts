/**
 * Speech-to-text over the OpenAI audio API, `POST {baseUrl}/audio/transcriptions`, which OpenAI,
 * Groq, speaches (faster-whisper) and whisper.cpp's server all answer. One request per chunk:
 * multipart with the WAV file, asking for `verbose_json` with segment timestamps.
 *
 * The AI SDK's transcription model is not used here: it requires every Whisper-specific segment
 * field (seek, tokens, compression_ratio...) that compatible servers leave out, and it always sends
 * a bearer token.
 */
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { TranscriptSegment } from '../../domain/transcript';
import { SpeechProviderError, type HeardSpeech, type SpeechToTextProvider } from '../types';
import { refusalForStatus, refusalForTransportError } from './http-refusal';
import { whisperLanguageCode, whisperRequestLanguage } from './whisper-languages';

export interface OpenAiSpeechSettings {
  /** STT_BASE_URL: the API root with its version path, e.g. https://api.openai.com/v1. */
  baseUrl: string;
  model: string;
  /** STT_API_KEY; never logged, never part of an error message. */
  apiKey: string | null;
  requestTimeoutSeconds: number;
}

/**
 * The verbose_json fields used; the others (id, seek, tokens, temperature, avg_logprob,
 * compression_ratio, no_speech_prob) are not needed and not every server sends them. A server
 * that cannot give segments answers with `text` (and maybe `duration`) alone.
 */
const TranscriptionResponse = z.object({
  language: z.string().nullish(),
  duration: z.number().nullish(),
  text: z.string().nullish(),
  segments: z.array(z.object({ start: z.number(), end: z.number(), text: z.string() })).nullish(),
});

export function createOpenAiSpeechProvider(settings: OpenAiSpeechSettings): SpeechToTextProvider {
  const endpoint = `${settings.baseUrl.replace(/\/+$/, '')}/audio/transcriptions`;
  return {
    name: 'openai',
    async transcribe({ path: audioPath, language, signal }): Promise<HeardSpeech> {
      const form = new FormData();
      form.append('file', await openAudio(audioPath), path.basename(audioPath));
      form.append('model', settings.model);
      form.append('response_format', 'verbose_json');
      form.append('timestamp_granularities[]', 'segment');
      const requested = whisperRequestLanguage(language);
      if (requested) form.append('language', requested);

      const timeout = AbortSignal.timeout(settings.requestTimeoutSeconds * 1000);
      let response: Response;
      let body: string;
      try {
        response = await fetch(endpoint, {
          method: 'POST',
          body: form,
          headers: { accept: 'application/json', ...(settings.apiKey ? { authorization: `Bearer ${settings.apiKey}` } : {}) },
          signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
        });
        body = await response.text();
      } catch (error) {
        throw refusalForTransportError(error, settings.requestTimeoutSeconds);
      }
      if (!response.ok) throw refusalForStatus(response.status, response.headers, body);
      return heardSpeechFrom(body, requested);
    },
  };
}

async function openAudio(audioPath: string): Promise<Blob> {
  try {
    // A file-backed Blob: the chunk is streamed from disk, not read into memory first.
    return await fs.openAsBlob(audioPath, { type: 'audio/wav' });
  } catch {
    throw new SpeechProviderError(`The audio chunk ${path.basename(audioPath)} cannot be read`, 'final');
  }
}

function heardSpeechFrom(body: string, requestedLanguage: string | undefined): HeardSpeech {
  let parsed: z.infer<typeof TranscriptionResponse>;
  try {
    parsed = TranscriptionResponse.parse(JSON.parse(body));
  } catch {
    // A 200 that is no transcription is a misconfiguration (a wrong STT_BASE_URL), not a hiccup.
    throw new SpeechProviderError('The speech-to-text provider answered with something that is not a transcription (is STT_BASE_URL the API root?)', 'final');
  }
  const segments: TranscriptSegment[] = parsed.segments
    ? parsed.segments.map((segment) => ({ start: segment.start, end: Math.max(segment.start, segment.end), text: segment.text.trim() }))
    : [{ start: 0, end: parsed.duration ?? 0, text: (parsed.text ?? '').trim() }];
  return {
    language: whisperLanguageCode(parsed.language) ?? requestedLanguage ?? null,
    segments: segments.filter((segment) => segment.text !== ''),
    quality: 'normal',
  };
}
